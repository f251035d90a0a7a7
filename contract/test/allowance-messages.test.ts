import { describe, expect, it } from 'vitest';
import { ALLOWANCE_MESSAGES, type AllowanceOwner } from '../src/allowance-messages';
import { ANALYSIS_CHOICE_NAMES } from '../src/analysis-choice';

const december = new Date('2026-12-31T23:00:00Z');
const OWNERS: AllowanceOwner[] = ['project', 'account'];

describe('what a researcher reads when a monthly Gemini allowance stops Gemini, on every path', () => {
  it('each use names the month, the ceiling it was held to, whose it is and when it renews, the same way', () => {
    for (const owner of OWNERS) {
      const whose = owner === 'project' ? '2,000,000 tokens)' : '2,000,000 tokens over all your projects)';
      for (const [use, say] of Object.entries(ALLOWANCE_MESSAGES)) {
        const sentence = say(owner, 2_000_000, december);
        expect(sentence, `${use} ${owner}`).toMatch(new RegExp(`^(this project|This project|your account|Your account) has used its Gemini allowance for December \\(`));
        expect(sentence, `${use} ${owner}`).toContain(whose);
        expect(sentence, `${use} ${owner}`).toMatch(/renews on 1 January/);
      }
    }
  });

  it('an analysis returns the credit and offers the analysis that never leaves Verbatim; a transcription offers a transcript instead', () => {
    const analysis = ALLOWANCE_MESSAGES.analysis('project', 2_000_000, december);
    expect(analysis).toContain('Your credit was returned.');
    expect(analysis).toContain(`${ANALYSIS_CHOICE_NAMES.local} analysis still works`);
    const transcription = ALLOWANCE_MESSAGES.transcription('account', 2_000_000, december);
    expect(transcription).toContain('so this recording was not transcribed');
    expect(transcription).not.toContain(ANALYSIS_CHOICE_NAMES.local);
  });

  it('why Gemini was not asked is a clause another sentence carries: lowercase, no full stop', () => {
    const clause = ALLOWANCE_MESSAGES.notAsked('account', 5_000, december);
    expect(clause).toBe('your account has used its Gemini allowance for December (5,000 tokens over all your projects), so Gemini was not asked; it renews on 1 January');
  });

  it('Ask says it as a sentence of its own before the quotes it shows instead', () => {
    expect(ALLOWANCE_MESSAGES.askQuotes('account', 5_000, december)).toBe(
      'Your account has used its Gemini allowance for December (5,000 tokens over all your projects), so Gemini was not asked; it renews on 1 January. These are the most relevant quotes instead.',
    );
  });
});
