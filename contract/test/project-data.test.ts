import { describe, expect, it } from 'vitest';
import { interviewFromData, projectFromData } from '../src/project-data';

const at = new Date('2026-03-03T10:00:00Z');
/** Each SDK passes its own Timestamp reading; here a stored ISO string stands for it. */
const toDate = (value: unknown) => (typeof value === 'string' ? new Date(value) : new Date(0));

describe('reading stored data the same way on both sides', () => {
  it('reads an interview with its timestamps, and an unknown status as failed with progress kept in 0..1', () => {
    const doc = interviewFromData('d1', { fileName: 'x.txt', status: 'weird', progress: 3, createdAt: at.toISOString(), notes: ['ok', 4] }, toDate);
    expect(doc).toMatchObject({ id: 'd1', name: 'x.txt', status: 'failed', progress: 1, createdAt: at, notes: ['ok'], creditSpent: false });
    expect(interviewFromData('d2', { status: 'analyzing', progress: -2 }, toDate)).toMatchObject({ status: 'analyzing', progress: 0 });
  });

  it('reads when the researcher confirmed that a recording may reach Gemini as spoken, and nothing where none was asked', () => {
    const recording = { status: 'uploading', origin: 'transcribed', fileName: 'call.m4a', updatedAt: at.toISOString() };
    const confirmed = interviewFromData('d1', { recording: { ...recording, unredactedSoundConfirmedAt: at.toISOString() } }, toDate);
    expect(confirmed.recording?.unredactedSoundConfirmedAt).toEqual(at);
    expect(interviewFromData('d2', { recording }, toDate).recording).not.toHaveProperty('unredactedSoundConfirmedAt');
  });

  it("reads a project's missing counts as zero and its settings with the product's defaults", () => {
    const project = projectFromData('p1', { name: 'Study', counts: { parsed: 2, words: 'many' }, settings: { analyser: 'other', redactPii: 'yes' } }, toDate);
    expect(project.counts).toEqual({ documents: 0, parsed: 2, failed: 0, words: 0 });
    expect(project.settings).toEqual({ analyser: 'local', redactPii: true });
  });
});
