import { describe, expect, it } from 'vitest';
import type { Interview } from '../src/project';
import { interviewFromData, projectFromData } from '../src/project-data';
import type { EveryField } from './support/every-field';

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

  it('reads every field of an interview as it was stored, its recording and analysis with every field of theirs', () => {
    const later = new Date('2026-03-04T11:30:00Z');
    const interview = {
      id: 'd1',
      projectId: 'p1',
      ownerId: 'u1',
      name: 'Call with Ana',
      fileName: 'ana.vtt',
      format: 'vtt',
      size: 2048,
      status: 'ready',
      progress: 1,
      error: 'Read with notes',
      errorCode: 'analysis-partial',
      notes: ['One cue had no time'],
      speakers: [{ label: 'Ana', role: 'participant', aliases: ['A.'], turnCount: 12, wordCount: 900 }],
      rolesVersion: 2,
      rolesQuestion: 'Who asked the questions?',
      wordCount: 1200,
      language: 'en',
      turnCount: 20,
      creditSpent: true,
      analysis: {
        analyser: 'gemini',
        model: 'gemini-2.5-flash',
        groupedTags: [{ groupLabel: 'Tools', tags: [{ originalTag: 'spreadsheet', refinedTag: 'spreadsheets' }] }],
        quoteStats: { proposed: 10, anchored: 4, fuzzy: 1, droppedUnanchored: 1, droppedInterviewer: 1, droppedChangedMeaning: 1, droppedQuestions: 1, droppedInsights: 1 },
        insightCount: 3,
        notes: ['Long interview: read in two parts'],
        usage: { promptTokens: 100, outputTokens: 50, totalTokens: 150, calls: 1 },
        completedAt: later,
      },
      recording: {
        status: 'ready',
        origin: 'transcribed',
        fileName: 'ana.m4a',
        storedName: 'recording.m4a',
        size: 4096,
        contentType: 'audio/mp4',
        durationSeconds: 1800,
        hasVideo: true,
        container: 'MPEG-4',
        codec: 'AAC',
        progress: 0.5,
        error: 'Checked again',
        errorCode: 'transcription-empty',
        updatedAt: later,
        transcriptionStartedAt: later,
        unredactedSoundConfirmedAt: later,
      },
      transcriptOrigin: 'machine',
      transcriptVersion: 3,
      createdAt: at,
      updatedAt: later,
    } satisfies EveryField<Interview>;
    const stored = JSON.parse(JSON.stringify(interview)) as Record<string, unknown>;
    const read = interviewFromData(interview.id, stored, toDate);
    expect(read).toEqual(interview);
    const empty = interviewFromData('', {}, toDate);
    for (const key of Object.keys(interview) as (keyof Interview)[]) expect(read[key], key).not.toEqual(empty[key]);
    const emptyRecording = interviewFromData('', { recording: {} }, toDate).recording!;
    for (const key of Object.keys(interview.recording) as (keyof typeof interview.recording)[]) {
      expect(read.recording![key], `recording.${key}`).not.toEqual(emptyRecording[key]);
    }
  });
});
