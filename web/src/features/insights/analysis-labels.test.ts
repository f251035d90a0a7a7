import type { QuoteStats } from '@domain/insight';
import { describe, expect, it } from 'vitest';
import { analyserLabel, analyserShortName, quoteStatsSentence, settingsLabel } from './analysis-labels';

const stats = (s: Partial<QuoteStats>): QuoteStats => ({ proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0, ...s });

describe('what made the insights', () => {
  it('labels each interview by its own analysis', () => {
    expect(analyserLabel({ analyser: 'local', notes: [] })).toBe('Extractive, built-in analysis');
    expect(analyserLabel({ analyser: 'gemini', notes: [] })).toBe('Gemini (names, emails and phone numbers redacted)');
    expect(
      analyserLabel({ analyser: 'gemini', notes: ['Names, emails and phone numbers were sent to Gemini unredacted, as this project allows.'] }),
    ).toBe('Gemini (names, emails and phone numbers sent unredacted)');
    // A project that asked for Gemini on a server without it was analysed locally: the label says so.
    expect(analyserLabel({ analyser: 'local', notes: ['This project asked for Gemini, but Gemini is not configured on this server…'] })).toBe(
      'Extractive, built-in analysis',
    );
  });

  it('says what the settings will do, and never promises Gemini the server does not have', () => {
    expect(settingsLabel({ analyser: 'local', redactPii: true }, true)).toBe('Extractive, built-in analysis');
    expect(settingsLabel({ analyser: 'gemini', redactPii: true }, true)).toBe('Gemini (names, emails and phone numbers redacted)');
    expect(settingsLabel({ analyser: 'gemini', redactPii: false }, true)).toBe('Gemini (names, emails and phone numbers sent unredacted)');
    expect(settingsLabel({ analyser: 'gemini', redactPii: false }, false)).toBe('Extractive, built-in analysis');
    expect(analyserShortName({ analyser: 'gemini', redactPii: true }, false)).toBe('Built-in');
    expect(analyserShortName({ analyser: 'gemini', redactPii: true }, true)).toBe('Gemini');
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

  it('says when every quote held up', () => {
    expect(quoteStatsSentence(stats({ proposed: 35, anchored: 35 }))).toBe('35 quotes checked against the transcript; all found verbatim in a participant’s words.');
    expect(quoteStatsSentence(stats({ proposed: 1, anchored: 1 }))).toBe('1 quote checked against the transcript; all found verbatim in a participant’s words.');
    expect(quoteStatsSentence(stats({}))).toBe('0 quotes checked against the transcript.');
  });
});
