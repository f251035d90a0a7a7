import type { QuoteStats } from '@verbatim/contract/insight';
import { describe, expect, it } from 'vitest';
import { analyserLabel, analyserShortName, closeMatchNote, provenanceLines, quoteStatsSentence, reanalyseOffer, settingsLabel } from './analysis-labels';

const stats = (s: Partial<QuoteStats>): QuoteStats => ({ proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0, ...s });

describe('what made the insights', () => {
  it('labels each interview by its own analysis', () => {
    expect(analyserLabel({ analyser: 'local', notes: [] })).toBe('Verbatim only: nothing left Verbatim’s servers');
    expect(analyserLabel({ analyser: 'gemini', notes: [] })).toBe('Google Gemini: sent with names, emails and phone numbers redacted');
    expect(
      analyserLabel({ analyser: 'gemini', notes: ['Names, emails and phone numbers were sent to Gemini unredacted, as this project allows.'] }),
    ).toBe('Google Gemini: sent with names, emails and phone numbers unredacted');
    // A project that asked for Gemini on a server without it was analysed locally: the label says so.
    expect(analyserLabel({ analyser: 'local', notes: ['This project asked for Gemini, but Gemini is not configured on this server…'] })).toBe(
      'Verbatim only: nothing left Verbatim’s servers',
    );
  });

  it('says what the settings will do, and never promises Gemini the server does not have', () => {
    expect(settingsLabel({ analyser: 'local', redactPii: true }, true)).toBe('Verbatim only: nothing left Verbatim’s servers');
    expect(settingsLabel({ analyser: 'gemini', redactPii: true }, true)).toBe('Google Gemini: sent with names, emails and phone numbers redacted');
    expect(settingsLabel({ analyser: 'gemini', redactPii: false }, true)).toBe('Google Gemini: sent with names, emails and phone numbers unredacted');
    expect(settingsLabel({ analyser: 'gemini', redactPii: false }, false)).toBe('Verbatim only: nothing left Verbatim’s servers');
    expect(analyserShortName({ analyser: 'gemini', redactPii: true }, false)).toBe('Verbatim only');
    expect(analyserShortName({ analyser: 'gemini', redactPii: true }, true)).toBe('Google Gemini');
  });
});

describe('quote check sentence', () => {
  it('counts what was checked and what was dropped, and why', () => {
    expect(quoteStatsSentence(stats({ proposed: 42, anchored: 38, droppedUnanchored: 3, droppedInterviewer: 1 }))).toBe(
      "42 quotes checked against the transcript; 3 dropped because they could not be found verbatim; 1 dropped because it was the interviewer's.",
    );
    expect(quoteStatsSentence(stats({ proposed: 5, anchored: 2, droppedUnanchored: 1, droppedInterviewer: 2, droppedInsights: 1 }))).toBe(
      "5 quotes checked against the transcript; 1 dropped because it could not be found verbatim; 2 dropped because they were the interviewer's; 1 insight left out because none of its quotes held up.",
    );
  });

  it('counts the close matches kept and the quotes dropped for changing the meaning', () => {
    expect(quoteStatsSentence(stats({ proposed: 12, anchored: 9, droppedUnanchored: 1, droppedChangedMeaning: 2, fuzzy: 3 }))).toBe(
      '12 quotes checked against the transcript; 1 dropped because it could not be found verbatim; 2 dropped because the closest words in the transcript said something different (a negation, a number, a name or another word of meaning changed); 3 kept as close matches: the participant’s exact words are shown, and the model’s slightly different wording is marked on each.',
    );
    expect(quoteStatsSentence(stats({ proposed: 4, anchored: 4, fuzzy: 1 }))).toBe(
      '4 quotes checked against the transcript; 1 kept as a close match: the participant’s exact words are shown, and the model’s slightly different wording is marked on the quote.',
    );
  });

  it('counts the quotes dropped for being questions', () => {
    expect(quoteStatsSentence(stats({ proposed: 3, anchored: 2, droppedQuestions: 1 }))).toBe(
      '3 quotes checked against the transcript; 1 dropped because it was a question, not what anyone thinks.',
    );
  });

  it('marks a close match on its quote, with the model’s words, and nothing else', () => {
    expect(closeMatchNote({ match: 'fuzzy', proposedText: 'The export was slow for our clients' })).toEqual({
      label: 'Close match: the model’s words differed slightly; these are the participant’s own.',
      modelWords: 'The export was slow for our clients',
    });
    expect(closeMatchNote({ match: 'fuzzy' })?.modelWords).toBeNull();
    expect(closeMatchNote({ match: 'exact' })).toBeNull();
    expect(closeMatchNote({ match: 'normalised' })).toBeNull();
    expect(closeMatchNote({})).toBeNull();
  });

  it('says when every quote held up', () => {
    expect(quoteStatsSentence(stats({ proposed: 35, anchored: 35 }))).toBe('35 quotes checked against the transcript; all found verbatim in a participant’s words.');
    expect(quoteStatsSentence(stats({ proposed: 1, anchored: 1 }))).toBe('1 quote checked against the transcript; all found verbatim in a participant’s words.');
    expect(quoteStatsSentence(stats({}))).toBe('0 quotes checked against the transcript.');
  });
});

const at = (iso: string) => new Date(iso);
const geminiDoc = (completedAt: string) => ({ status: 'ready', analysis: { analyser: 'gemini' as const, model: 'gemini-3.8-flash', completedAt: at(completedAt) } });
const localDoc = (completedAt: string) => ({ status: 'ready', analysis: { analyser: 'local' as const, model: null, completedAt: at(completedAt) } });
const writer = (w: Partial<{ analyser: 'local' | 'gemini'; model: string | null; fallback: string | null; droppedIds: number }> = {}) => ({
  analyser: 'gemini' as const,
  model: 'gemini-3.8-flash',
  fallback: null,
  droppedIds: 0,
  usage: null,
  ...w,
});

describe('who wrote the insights and the synthesis, and when', () => {
  it('names the analyser and model of the insights, counting interviews per writer, with the latest time', () => {
    const lines = provenanceLines([geminiDoc('2026-11-23T20:41:00Z'), geminiDoc('2026-11-23T19:02:00Z'), { status: 'analyzing' }], {
      updatedAt: at('2026-11-23T20:42:30Z'),
      writer: writer(),
    });
    expect(lines).toEqual({
      insights: 'Insights: Google Gemini (gemini-3.8-flash), 2 interviews; latest 23 Nov 2026, 20:41 UTC.',
      synthesis: 'Synthesis: Google Gemini (gemini-3.8-flash), 23 Nov 2026, 20:42 UTC.',
    });
    expect(provenanceLines([geminiDoc('2026-11-23T20:41:00Z'), localDoc('2026-11-22T08:00:00Z')], null)).toEqual({
      insights: 'Insights: Google Gemini (gemini-3.8-flash), 1 interview; Verbatim only, 1 interview; latest 23 Nov 2026, 20:41 UTC.',
      synthesis: null,
    });
    expect(provenanceLines([localDoc('2026-11-22T08:00:00Z')], { updatedAt: at('2026-11-22T08:00:05Z'), writer: writer({ analyser: 'local', model: null }) })).toEqual({
      insights: 'Insights: Verbatim only, 1 interview; latest 22 Nov 2026, 08:00 UTC.',
      synthesis: 'Synthesis: Verbatim only, 22 Nov 2026, 08:00 UTC.',
    });
  });

  it('says when the built-in synthesis stood in for Gemini, and why; and how many invented references were left out', () => {
    const fellBack = provenanceLines([], { updatedAt: at('2026-11-23T20:42:00Z'), writer: writer({ analyser: 'local', fallback: 'Gemini did not answer within 60 seconds' }) });
    expect(fellBack.synthesis).toBe('Synthesis: Verbatim only, 23 Nov 2026, 20:42 UTC, because Gemini did not answer within 60 seconds.');
    const dropped = provenanceLines([], { updatedAt: at('2026-11-23T20:42:00Z'), writer: writer({ droppedIds: 2 }) });
    expect(dropped.synthesis).toBe(
      'Synthesis: Google Gemini (gemini-3.8-flash), 23 Nov 2026, 20:42 UTC. 2 references to insights or quotes it was not given were left out.',
    );
  });
});

describe('re-analyse all interviews after a switch of analyser', () => {
  const trial = (credits: number) => ({ creditsRemaining: credits, subscriptionActive: false });
  const docs = [localDoc('2026-11-22T08:00:00Z'), localDoc('2026-11-22T09:00:00Z'), { status: 'failed', errorCode: 'analysis-timeout' }, { status: 'failed', errorCode: 'unreadable' }];

  it('offers it with the cost stated before anything is spent', () => {
    expect(reanalyseOffer(docs, { analyser: 'gemini', redactPii: true }, true, trial(7))).toEqual({
      count: 3,
      cost: 3,
      reason: 'Both interviews were analysed with Verbatim only; this project’s analysis is now Google Gemini.',
      action: 'Re-analyse all 3 interviews with Google Gemini (3 credits of your 7)',
      blocked: null,
    });
    expect(reanalyseOffer([geminiDoc('2026-11-23T20:41:00Z'), localDoc('2026-11-22T08:00:00Z')], { analyser: 'local', redactPii: true }, true, { creditsRemaining: 0, subscriptionActive: true })).toMatchObject({
      reason: '1 of 2 interviews was analysed with Google Gemini; this project’s analysis is now Verbatim only.',
      action: 'Re-analyse all 2 interviews with Verbatim only (included in your Solo plan)',
      cost: 0,
      blocked: null,
    });
  });

  it('says plainly when the credits do not cover it', () => {
    expect(reanalyseOffer(docs, { analyser: 'gemini', redactPii: true }, true, trial(2))?.blocked).toBe(
      'You have 2 credits; re-analysing all 3 needs 3. Subscribe for unlimited re-analyses, or re-analyse some from the Interviews tab.',
    );
  });

  it('offers nothing when the interviews already match, or when Gemini is not offered here', () => {
    expect(reanalyseOffer(docs, { analyser: 'local', redactPii: true }, true, trial(7))).toBeNull();
    expect(reanalyseOffer(docs, { analyser: 'gemini', redactPii: true }, false, trial(7))).toBeNull();
  });
});
