import type { InterviewRecording } from '@verbatim/contract/recording';
import { describe, expect, it } from 'vitest';
import { recordingFacts } from './recording-status';

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
