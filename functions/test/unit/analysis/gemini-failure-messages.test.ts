/** One failure of Gemini reads the same way whichever use meets it: an analysis, a transcription or Ask. */
import { describe, expect, it } from 'vitest';
import { ASK_FALLBACK_NOTICES, FAILURE_MESSAGES, TRANSCRIPTION_FAILURE_MESSAGES } from '../../../src/analysis/gemini-failure-messages';

/** Each failure every use meets, in each use's table, with the words that say what happened. */
const SAME_FAILURE = [
  { what: /safety filters declined/, analysis: FAILURE_MESSAGES.blocked, transcription: TRANSCRIPTION_FAILURE_MESSAGES.blocked, ask: ASK_FALLBACK_NOTICES.blocked },
  { what: /daily Gemini quota is used up/, analysis: FAILURE_MESSAGES['quota-exhausted'], transcription: TRANSCRIPTION_FAILURE_MESSAGES.quota, ask: ASK_FALLBACK_NOTICES.quota },
  {
    what: /in a language it does not support/,
    analysis: FAILURE_MESSAGES['unsupported-language'],
    transcription: TRANSCRIPTION_FAILURE_MESSAGES.language,
    ask: ASK_FALLBACK_NOTICES['unsupported-language'],
  },
  { what: /not set up correctly on this server/, analysis: FAILURE_MESSAGES.misconfigured, transcription: TRANSCRIPTION_FAILURE_MESSAGES.misconfigured, ask: ASK_FALLBACK_NOTICES.misconfigured },
  { what: /did not answer (in time|within \d+ seconds)/, analysis: FAILURE_MESSAGES.timeout, transcription: TRANSCRIPTION_FAILURE_MESSAGES.timeout, ask: ASK_FALLBACK_NOTICES.timeout },
];

describe('the sentences for a failure of Gemini', () => {
  it('say what happened in the same words for an analysis, a transcription and Ask', () => {
    for (const failure of SAME_FAILURE) {
      for (const use of ['analysis', 'transcription', 'ask'] as const) expect(failure[use], `${use}: ${failure.what}`).toMatch(failure.what);
    }
  });

  it('tell of the returned credit where one was spent (an analysis, a transcription), and never in Ask, which spends none', () => {
    for (const sentence of [...Object.values(FAILURE_MESSAGES), ...Object.values(TRANSCRIPTION_FAILURE_MESSAGES)]) expect(sentence).toContain('Your credit was returned');
    for (const sentence of Object.values(ASK_FALLBACK_NOTICES)) expect(sentence).not.toContain('credit');
  });

  it('say that asking again gets the same answer wherever it would', () => {
    for (const sentence of [FAILURE_MESSAGES.blocked, TRANSCRIPTION_FAILURE_MESSAGES.blocked, ASK_FALLBACK_NOTICES.blocked]) {
      expect(sentence).toMatch(/(asking|uploading it) again would get the same answer/);
    }
  });
});
