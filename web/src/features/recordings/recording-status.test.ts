import type { InterviewRecording } from '@verbatim/contract/recording';
import { describe, expect, it } from 'vitest';
import { recordingFacts, recordingProblem } from './recording-status';

const recording = (durationSeconds: number | null, hasVideo = false) =>
  ({ fileName: 'call.m4a', durationSeconds, hasVideo }) as InterviewRecording;

describe('what a recording card says of its length', () => {
  it('a recording under a minute in seconds, never rounded up to a minute', () => {
    expect(recordingFacts(recording(42))).toBe('call.m4a · 42 seconds');
    expect(recordingFacts(recording(1))).toBe('call.m4a · 1 second');
    expect(recordingFacts(recording(0.3))).toBe('call.m4a · 1 second');
  });

  it('longer ones in minutes and hours, with video said', () => {
    expect(recordingFacts(recording(60))).toBe('call.m4a · 1 minute');
    expect(recordingFacts(recording(45 * 60, true))).toBe('call.m4a · 45 minutes · video');
    expect(recordingFacts(recording(90 * 60))).toBe('call.m4a · 1 hour 30 minutes');
    expect(recordingFacts(recording(null))).toBe('call.m4a');
  });
});

describe('the one problem a recording card shows', () => {
  const failed = { status: 'failed', error: 'The file call.m4a is damaged.' } as const;
  const none = { removeError: null, uploadError: null, stalled: null, sending: false, recording: undefined };

  it('is the latest: a failed new attachment replaces the stored recording’s old failure, a failed removal both', () => {
    expect(recordingProblem({ ...none, recording: failed })).toEqual({ text: 'The file call.m4a is damaged.', source: 'recording' });
    expect(recordingProblem({ ...none, recording: failed, uploadError: 'The upload stopped.' })).toEqual({ text: 'The upload stopped.', source: 'upload' });
    expect(recordingProblem({ ...none, recording: failed, uploadError: 'The upload stopped.', removeError: 'Could not remove it.' })).toEqual({
      text: 'Could not remove it.',
      source: 'remove',
    });
  });

  it('says nothing of an old failure while a new file is on its way, and a stuck step before the stored failure', () => {
    expect(recordingProblem({ ...none, recording: failed, sending: true })).toBeNull();
    expect(recordingProblem({ ...none, recording: failed, stalled: 'The check has not moved for 10 minutes.' })?.source).toBe('stalled');
    expect(recordingProblem(none)).toBeNull();
  });
});
