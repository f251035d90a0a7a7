import { joinTranscript, partsOfVersion, splitTranscript } from '@verbatim/contract/transcript-parts';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { interviewFromData, transcriptPartFromData } from './interview-converter';

describe('document converter', () => {
  it('turns Timestamps into Dates and keeps the fields the server wrote', () => {
    const at = new Date('2026-03-03T10:00:00Z');
    const doc = interviewFromData('d1', {
      projectId: 'p1',
      ownerId: 'u1',
      name: 'Scientist 12',
      fileName: '04.txt',
      format: 'txt',
      size: 6365,
      status: 'parsed',
      progress: 1,
      error: null,
      errorCode: null,
      notes: ['The speaker labels Assistant and AI name the same speaker and were merged.'],
      speakers: [{ label: 'AI', role: 'interviewer', aliases: ['Assistant'], turnCount: 10, wordCount: 469 }],
      wordCount: 1050,
      language: 'en',
      turnCount: 19,
      creditSpent: true,
      createdAt: Timestamp.fromDate(at),
      updatedAt: Timestamp.fromDate(at),
    });
    expect(doc).toMatchObject({ id: 'd1', name: 'Scientist 12', status: 'parsed', wordCount: 1050, creditSpent: true, createdAt: at, updatedAt: at });
    expect(doc.speakers[0].aliases).toEqual(['Assistant']);
    expect(doc.analysis).toBeUndefined();
  });

  it('reads a missing or unknown status as failed and clamps progress', () => {
    const doc = interviewFromData('d2', { fileName: 'x.txt', status: 'weird', progress: 3 });
    expect(doc.status).toBe('failed');
    expect(doc.progress).toBe(1);
    expect(doc.name).toBe('x.txt');
  });

  it('reads transcript parts back into the verbatim turns', () => {
    const text = 'Hello there.\n\nHi! I use it daily.';
    const content = { text, turns: [{ speaker: 'AI', start: 0, end: 12, ts: 5 }, { speaker: 'User', start: 14, end: text.length }], timeMarks: [] };
    const stored = splitTranscript(content, ['AI', 'User']).map((p) => JSON.parse(JSON.stringify(p)));
    const parts = [...stored, { kind: 'other' }].map(transcriptPartFromData).filter((p) => p !== null);
    const joined = joinTranscript(parts, ['AI', 'User']);
    expect(joined.turns.map((t) => [t.speaker, joined.text.slice(t.start, t.end), t.ts])).toEqual([
      ['AI', 'Hello there.', 5],
      ['User', 'Hi! I use it daily.', undefined],
    ]);
  });

  it('reads the version a corrected transcript’s parts were written for, so parts of two versions are never joined', () => {
    const content = { text: 'Hello there.', turns: [{ speaker: 'AI', start: 0, end: 12 }], timeMarks: [] };
    const stored = splitTranscript(content, ['AI']).map((p) => JSON.parse(JSON.stringify({ ...p, version: 2 })));
    const parts = stored.map(transcriptPartFromData).filter((p) => p !== null);
    expect(partsOfVersion(parts, 2)).toBe(true);
    expect(partsOfVersion(parts, 1)).toBe(false);
    expect(partsOfVersion(splitTranscript(content, ['AI']).map(transcriptPartFromData).filter((p) => p !== null), undefined)).toBe(true);
  });
});
