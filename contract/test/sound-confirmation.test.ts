import { describe, expect, it } from 'vitest';
import { soundConfirmation, soundNeedsConfirmation, transcriptionConsent } from '../src/sound-consent';

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

  it('is asked again before anything is sent, under the settings the project has then', () => {
    const confirmed = { unredactedSoundConfirmedAt: new Date('2026-03-01T10:00:00Z') };
    const unasked = {};
    // Reserved while redaction was off, then redaction turned on: not sent without a confirmation.
    expect(transcriptionConsent(redacting, unasked)).toBe('unconfirmed');
    expect(transcriptionConsent(redacting, confirmed)).toBe('send');
    expect(transcriptionConsent({ analyser: 'gemini', redactPii: false }, unasked)).toBe('send');
    // Made private meanwhile: nothing goes anywhere, confirmed or not.
    for (const settings of [{ analyser: 'local', redactPii: true }, { analyser: 'local', redactPii: false }] as const) {
      expect(transcriptionConsent(settings, unasked)).toBe('private');
      expect(transcriptionConsent(settings, confirmed)).toBe('private');
    }
  });
});
