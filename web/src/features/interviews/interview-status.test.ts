import type { Interview } from '@verbatim/contract/project';
import { describe, expect, it } from 'vitest';
import type { InterviewRecording } from '@verbatim/contract/recording';
import { hasTranscript, rowProgress, STALE_UPLOAD_MS, stalledMessage, statusLabel, type LocalUpload } from './interview-status';

const NOW = Date.parse('2026-03-10T12:00:00Z');

function doc(change: Partial<Interview>): Interview {
  return {
    id: 'd1',
    projectId: 'p1',
    ownerId: 'u1',
    name: 'Interview',
    fileName: 'interview.txt',
    format: 'txt',
    size: 1000,
    status: 'uploading',
    progress: 0,
    error: null,
    errorCode: null,
    notes: [],
    speakers: [],
    rolesVersion: 0,
    wordCount: 0,
    language: null,
    turnCount: 0,
    creditSpent: false,
    createdAt: new Date(NOW - 1000),
    updatedAt: new Date(NOW - 1000),
    ...change,
  };
}

const sending = (sent: number, total: number): LocalUpload => ({ phase: 'sending', sent, total, error: null });

describe('row progress', () => {
  it('shows the bytes sent while this browser uploads', () => {
    expect(rowProgress(doc({}), sending(250, 1000), NOW)).toEqual({ label: 'Uploading', value: 25 });
    expect(rowProgress(doc({}), { phase: 'processing', sent: 1000, total: 1000, error: null }, NOW)).toEqual({ label: 'Uploading', value: 100 });
  });

  it("then follows the server's progress", () => {
    expect(rowProgress(doc({ status: 'parsing', progress: 0.6 }), undefined, NOW)).toEqual({ label: 'Reading the transcript', value: 60 });
    expect(rowProgress(doc({ status: 'analyzing', progress: 0.25 }), undefined, NOW)).toEqual({ label: 'Finding insights', value: 25 });
  });

  it('shows nothing once parsed or failed', () => {
    for (const status of ['awaiting-roles', 'parsed', 'ready', 'failed'] as const) expect(rowProgress(doc({ status, progress: 1 }), undefined, NOW)).toBeNull();
  });

  it('waits for a file another tab is sending, until it is stale', () => {
    expect(rowProgress(doc({}), undefined, NOW)).toEqual({ label: 'Waiting for the server', value: 0 });
    const old = doc({ updatedAt: new Date(NOW - STALE_UPLOAD_MS - 1) });
    expect(rowProgress(old, undefined, NOW)).toBeNull();
    expect(stalledMessage(old, undefined, NOW)).toBe('This upload did not finish. Delete this interview and upload the file again.');
    expect(stalledMessage(doc({}), undefined, NOW)).toBeNull();
  });

  it('says why an upload from this browser stopped', () => {
    const failed: LocalUpload = { phase: 'failed', sent: 10, total: 1000, error: 'Could not reach the server. Check your connection and try again.' };
    expect(rowProgress(doc({}), failed, NOW)).toBeNull();
    expect(stalledMessage(doc({}), failed, NOW)).toBe(
      'The upload stopped: Could not reach the server. Check your connection and try again. Delete this interview and upload the file again.',
    );
  });

  it('reads the transcript once parsed, also while its speakers wait to be checked', () => {
    expect(['uploading', 'parsing', 'awaiting-roles', 'parsed', 'analyzing', 'ready', 'failed'].filter((s) => hasTranscript(s as never))).toEqual([
      'awaiting-roles',
      'parsed',
      'analyzing',
      'ready',
    ]);
  });
});

describe('an interview made from a recording', () => {
  const recording = (change: Partial<InterviewRecording>): InterviewRecording => ({
    status: 'transcribing',
    origin: 'transcribed',
    fileName: 'call.m4a',
    size: 30_000_000,
    contentType: 'audio/mp4',
    durationSeconds: 2700,
    hasVideo: false,
    container: 'MPEG-4',
    codec: 'AAC',
    progress: 0.4,
    error: null,
    errorCode: null,
    updatedAt: new Date(NOW - 1000),
    ...change,
  });

  it('shows Gemini transcribing it, with the server’s progress, after the bytes are in', () => {
    const transcribing = doc({ status: 'parsing', recording: recording({}) });
    expect(rowProgress(transcribing, undefined, NOW)).toEqual({ label: 'Transcribing with Gemini', value: 40 });
    expect(statusLabel(transcribing)).toBe('Transcribing');
    expect(rowProgress(doc({ status: 'parsing', recording: recording({ status: 'checking', progress: 0.5 }) }), undefined, NOW)).toEqual({
      label: 'Checking the recording',
      value: 50,
    });
  });

  it('shows the bytes being sent as for a transcript, and nothing once it is read or failed', () => {
    expect(rowProgress(doc({ recording: recording({ status: 'uploading' }) }), sending(300, 1000), NOW)).toEqual({ label: 'Uploading', value: 30 });
    expect(rowProgress(doc({ status: 'analyzing', progress: 0.1, recording: recording({ status: 'ready' }) }), undefined, NOW)).toEqual({
      label: 'Finding insights',
      value: 10,
    });
    const failed = doc({ status: 'failed', recording: recording({ status: 'failed' }) });
    expect(rowProgress(failed, undefined, NOW)).toBeNull();
    expect(statusLabel(failed)).toBe('Failed');
  });
});
