import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES, type InterviewStatus } from '@verbatim/contract/project';
import { countsUpdate, transition, type InterviewEvent, type InterviewState } from '../../../src/interviews/lifecycle';

const at = new Date('2026-11-23T10:00:00Z');
const analysis = {
  analyser: 'local' as const,
  groupedTags: [],
  quoteStats: { proposed: 3, anchored: 3, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0 },
  insightCount: 2,
  notes: [],
  usage: null,
  completedAt: at,
};

const EVENTS: Record<InterviewEvent['type'], InterviewEvent> = {
  reserve: { type: 'reserve' },
  'refuse-at-reserve': { type: 'refuse-at-reserve', code: 'too-large', message: 'Too large.' },
  'start-parsing': { type: 'start-parsing', size: 2048 },
  'start-transcription': { type: 'start-transcription', creditSpent: true },
  accept: {
    type: 'accept',
    creditSpent: true,
    fields: { format: 'txt', notes: [], speakers: [{ label: 'Ana', role: 'participant', aliases: [], turnCount: 6, wordCount: 900 }], wordCount: 900, language: 'en', turnCount: 12 },
  },
  'accept-unsure': {
    type: 'accept-unsure',
    rolesQuestion: 'No speaker stands out as the one asking the questions.',
    fields: { format: 'txt', notes: [], speakers: [{ label: 'Ana', role: 'participant', aliases: [], turnCount: 6, wordCount: 900 }], wordCount: 900, language: 'en', turnCount: 12 },
  },
  'confirm-roles': { type: 'confirm-roles', creditSpent: true },
  'refuse-file': { type: 'refuse-file', code: 'corrupt', message: 'Unreadable.' },
  'refuse-credits': { type: 'refuse-credits', code: 'out-of-credits', message: 'No credits.' },
  'start-analysis': { type: 'start-analysis' },
  'finish-analysis': { type: 'finish-analysis', analysis },
  'fail-analysis': { type: 'fail-analysis', code: 'analysis-timeout', message: 'Too long.' },
  'request-reanalysis': { type: 'request-reanalysis', creditSpent: false },
  'stop-stuck': { type: 'stop-stuck', code: 'parse-timeout', message: 'Stopped.' },
  'correct-transcript': {
    type: 'correct-transcript',
    wordCount: 702,
    speakers: [{ label: 'Ana Costa', role: 'participant', aliases: [], turnCount: 6, wordCount: 702 }],
    speakersRenamed: true,
  },
  remove: { type: 'remove' },
};

type From = InterviewStatus | 'new' | 'failed-analysis';

/**
 * The whole table, written out independently of the module: for each status an interview can be in
 * (a failed analysis apart from a refused file), the status each event leads to; absent = refused.
 */
const EXPECTED: Record<From, Partial<Record<InterviewEvent['type'], InterviewStatus | 'gone'>>> = {
  new: { reserve: 'uploading', 'refuse-at-reserve': 'failed' },
  uploading: { 'start-parsing': 'parsing', 'refuse-file': 'failed', 'stop-stuck': 'failed', remove: 'gone' },
  parsing: { 'start-transcription': 'parsing', accept: 'parsed', 'accept-unsure': 'awaiting-roles', 'refuse-file': 'failed', 'refuse-credits': 'failed', 'stop-stuck': 'failed', remove: 'gone' },
  // Waiting for its owner, not for a function: nothing stops it or analyses it until the roles are confirmed.
  'awaiting-roles': { 'confirm-roles': 'parsed', 'correct-transcript': 'awaiting-roles', remove: 'gone' },
  parsed: { 'start-analysis': 'analyzing', 'correct-transcript': 'parsed', remove: 'gone' },
  analyzing: { 'finish-analysis': 'ready', 'fail-analysis': 'failed', 'stop-stuck': 'failed', remove: 'gone' },
  ready: { 'request-reanalysis': 'parsed', 'correct-transcript': 'ready', remove: 'gone' },
  failed: { remove: 'gone' },
  'failed-analysis': { 'request-reanalysis': 'parsed', 'correct-transcript': 'failed', remove: 'gone' },
};

function state(from: From, creditSpent = false): InterviewState {
  if (from === 'new') return null;
  if (from === 'failed-analysis') return { status: 'failed', errorCode: 'analysis-provider-error', wordCount: 700, creditSpent };
  return { status: from, errorCode: from === 'failed' ? 'corrupt' : null, wordCount: 700, creditSpent };
}

describe('the interview lifecycle table', () => {
  const froms = Object.keys(EXPECTED) as From[];
  for (const from of froms) {
    for (const event of Object.values(EVENTS)) {
      const expected = EXPECTED[from][event.type];
      it(`${from} × ${event.type} → ${expected ?? 'refused'}`, () => {
        const result = transition(state(from), event, at);
        if (!expected) {
          expect(result.allowed).toBe(false);
          if (!result.allowed) expect(result.reason).toMatch(/cannot|no transcript/);
          return;
        }
        expect(result.allowed).toBe(true);
        if (!result.allowed) return;
        expect(result.transition.to).toBe(expected === 'gone' ? null : expected);
        if (expected !== 'gone') expect(result.transition.fields).toMatchObject({ status: expected, updatedAt: at });
      });
    }
  }

  it('covers every status the product knows', () => {
    for (const status of DOCUMENT_STATUSES) expect(froms).toContain(status);
  });
});

describe('what each transition writes', () => {
  const ok = (doc: InterviewState, event: InterviewEvent) => {
    const result = transition(doc, event, at);
    if (!result.allowed) throw new Error(result.reason);
    return result.transition;
  };

  it('a corrected transcript keeps its status and credit, counts its words again and is one version further on', () => {
    const corrected = ok({ ...state('ready', true)!, transcriptVersion: 2, rolesVersion: 1 }, EVENTS['correct-transcript']);
    expect(corrected.counts).toEqual({ documents: 0, parsed: 0, words: 2, failed: 0 });
    expect(corrected.fields).toEqual({
      status: 'ready',
      updatedAt: at,
      wordCount: 702,
      speakers: [{ label: 'Ana Costa', role: 'participant', aliases: [], turnCount: 6, wordCount: 702 }],
      transcriptVersion: 3,
      rolesVersion: 2,
    });
    expect(corrected.refund).toBe(false);
    const wordsOnly = ok(state('awaiting-roles'), { ...EVENTS['correct-transcript'], speakersRenamed: false } as InterviewEvent);
    expect(wordsOnly.fields).toMatchObject({ status: 'awaiting-roles', transcriptVersion: 1 });
    expect(wordsOnly.fields.rolesVersion).toBeUndefined();
  });

  it('a reserved upload adds a document; one refused at once also counts as a failed file', () => {
    expect(ok(null, EVENTS.reserve).counts).toEqual({ documents: 1, parsed: 0, words: 0, failed: 0 });
    const refused = ok(null, EVENTS['refuse-at-reserve']);
    expect(refused.counts).toEqual({ documents: 1, parsed: 0, words: 0, failed: 1 });
    expect(refused.fields).toMatchObject({ error: 'Too large.', errorCode: 'too-large', progress: 1 });
  });

  it('an accepted file counts among the parsed with its words and records the spent credit', () => {
    const accepted = ok(state('parsing'), EVENTS.accept);
    expect(accepted.counts).toEqual({ documents: 0, parsed: 1, words: 900, failed: 0 });
    expect(accepted.fields).toMatchObject({ creditSpent: true, wordCount: 900, turnCount: 12, error: null, errorCode: null, progress: 1 });
    expect(accepted.refund).toBe(false);
  });

  it('a file whose roles are unsure counts among the parsed with its words, with the question and no credit spent', () => {
    const waiting = ok(state('parsing'), EVENTS['accept-unsure']);
    expect(waiting.counts).toEqual({ documents: 0, parsed: 1, words: 900, failed: 0 });
    expect(waiting.fields).toMatchObject({
      status: 'awaiting-roles',
      creditSpent: false,
      rolesQuestion: 'No speaker stands out as the one asking the questions.',
      wordCount: 900,
      error: null,
      errorCode: null,
    });
    expect(waiting.refund).toBe(false);
  });

  it('confirming the roles spends the credit (or none for a subscriber) and changes no count', () => {
    const confirmed = ok(state('awaiting-roles'), EVENTS['confirm-roles']);
    expect(confirmed.counts).toEqual({ documents: 0, parsed: 0, words: 0, failed: 0 });
    expect(confirmed.fields).toMatchObject({ status: 'parsed', creditSpent: true });
    expect(confirmed.refund).toBe(false);
    expect(ok(state('awaiting-roles'), { type: 'confirm-roles', creditSpent: false }).fields.creditSpent).toBe(false);
  });

  it('an interview waiting for its roles cannot be analysed again, stopped or confirmed twice', () => {
    expect(transition(state('awaiting-roles'), EVENTS['request-reanalysis'], at).allowed).toBe(false);
    expect(transition(state('awaiting-roles'), EVENTS['stop-stuck'], at).allowed).toBe(false);
    expect(transition(state('parsed'), EVENTS['confirm-roles'], at)).toEqual({ allowed: false, reason: 'An interview that is parsed cannot confirm roles.' });
  });

  it('a refused or stopped file counts among the failed files and costs nothing', () => {
    for (const [from, event] of [
      ['uploading', EVENTS['refuse-file']],
      ['parsing', EVENTS['refuse-file']],
      ['parsing', EVENTS['refuse-credits']],
      ['uploading', EVENTS['stop-stuck']],
      ['parsing', EVENTS['stop-stuck']],
    ] as const) {
      const t = ok(state(from), event);
      expect(t.counts).toEqual({ documents: 0, parsed: 0, words: 0, failed: 1 });
      expect(t.fields).toMatchObject({ status: 'failed', creditSpent: false, progress: 1 });
    }
  });

  it('a failed analysis stays among the parsed and gives its spent credit back, once', () => {
    const failed = ok(state('analyzing', true), EVENTS['fail-analysis']);
    expect(failed.counts).toEqual({ documents: 0, parsed: 0, words: 0, failed: 0 });
    expect(failed.refund).toBe(true);
    expect(failed.fields).toMatchObject({ creditSpent: false, errorCode: 'analysis-timeout', error: 'Too long.' });
    expect(ok(state('analyzing', false), EVENTS['stop-stuck']).refund).toBe(false);
    expect(ok(state('analyzing', true), EVENTS['stop-stuck']).refund).toBe(true);
  });

  it('a finished analysis is ready with its summary and no error', () => {
    expect(ok(state('analyzing'), EVENTS['finish-analysis']).fields).toMatchObject({ status: 'ready', analysis, error: null, errorCode: null, progress: 1 });
  });

  it('a re-analysis keeps a credit already spent and takes new speaker roles as their next version', () => {
    const speakers = [{ label: 'Ana', role: 'interviewer' as const, aliases: [], turnCount: 6, wordCount: 900 }];
    const t = ok(state('ready', true), { type: 'request-reanalysis', creditSpent: false, speakers });
    expect(t.fields).toMatchObject({ status: 'parsed', progress: 0, creditSpent: true, speakers, rolesVersion: 1 });
    expect(ok({ ...state('ready')!, rolesVersion: 4 }, { type: 'request-reanalysis', creditSpent: false, speakers }).fields.rolesVersion).toBe(5);
    const again = ok(state('failed-analysis', false), { type: 'request-reanalysis', creditSpent: true });
    expect(again.fields.creditSpent).toBe(true);
    expect(again.fields).not.toHaveProperty('rolesVersion');
  });

  it('a refused file has no transcript to analyse again', () => {
    const result = transition(state('failed'), EVENTS['request-reanalysis'], at);
    expect(result).toEqual({ allowed: false, reason: 'An interview whose file could not be read has no transcript to analyse again.' });
  });

  it('removal takes back what the interview counted', () => {
    expect(ok(state('ready'), EVENTS.remove).counts).toEqual({ documents: -1, parsed: -1, words: -700, failed: 0 });
    expect(ok(state('failed'), EVENTS.remove).counts).toEqual({ documents: -1, parsed: 0, words: 0, failed: -1 });
    expect(ok(state('awaiting-roles'), EVENTS.remove).counts).toEqual({ documents: -1, parsed: -1, words: -700, failed: 0 });
  });

  it('the project update names only the counts that change', () => {
    expect(countsUpdate({ documents: 1, parsed: 0, words: 0, failed: 1 }, (n) => n)).toEqual({ 'counts.documents': 1, 'counts.failed': 1 });
  });
});
