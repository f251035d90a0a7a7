import { describe, expect, it } from 'vitest';
import { soundConfirmation, soundNeedsConfirmation } from '../src/recording';

describe('a recording sent to Gemini from a project that redacts personal details', () => {
  const redacting = { analyser: 'gemini', redactPii: true } as const;

  it('waits for the researcher’s confirmation: refused without it, recorded with it', () => {
    expect(soundNeedsConfirmation(redacting)).toBe(true);
    expect(soundConfirmation(redacting, undefined)).toBe('refuse');
    expect(soundConfirmation(redacting, false)).toBe('refuse');
    expect(soundConfirmation(redacting, true)).toBe('confirmed');
  });

  it('asks nothing where the project does not redact, or is private (which sends no recording at all)', () => {
    for (const settings of [{ analyser: 'gemini', redactPii: false }, { analyser: 'local', redactPii: true }, { analyser: 'local', redactPii: false }] as const) {
      expect(soundNeedsConfirmation(settings)).toBe(false);
      expect(soundConfirmation(settings, undefined)).toBe('not-asked');
      expect(soundConfirmation(settings, true)).toBe('not-asked');
    }
  });
});
