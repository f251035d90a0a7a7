import { describe, expect, it } from 'vitest';
import { allowanceRenewalText, RECORDING_CEILING_MESSAGES, RECORDING_MESSAGES } from '../src/recording-messages';

describe('what a researcher reads when a monthly Gemini allowance stops a recording’s transcription', () => {
  const november = new Date('2026-11-14T09:30:00Z');

  it('the project’s allowance: which month, how many tokens, the credit returned, when it renews and what works meanwhile', () => {
    expect(RECORDING_CEILING_MESSAGES.project(5_000_000, november)).toBe(
      'This project has used its Gemini allowance for November (5,000,000 tokens), so this recording was not transcribed. ' +
        'Your credit was returned. The allowance renews on 1 December; upload the recording again then. ' +
        'Meanwhile, upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it.',
    );
  });

  it('the account’s allowance says it is the account’s, over all its projects, and is told apart from the project’s', () => {
    const account = RECORDING_CEILING_MESSAGES.account(10_000_000, november);
    expect(account).toBe(
      'Your account has used its Gemini allowance for November (10,000,000 tokens over all your projects), so this recording was not transcribed. ' +
        'Your credit was returned. The allowance renews on 1 December; upload the recording again then. ' +
        'Meanwhile, upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it.',
    );
    expect(account).not.toBe(RECORDING_CEILING_MESSAGES.project(10_000_000, november));
  });

  it('never offers what a recording cannot use (analysing again, the built-in analyser), nor quotes product text', () => {
    for (const message of [RECORDING_CEILING_MESSAGES.project(50_000, november), RECORDING_CEILING_MESSAGES.account(80_000, november)]) {
      expect(message).not.toMatch(/analyse it again|built-in analyser/);
      expect(message).not.toMatch(/["“”]/);
      // The same way in as the other recording sentences: a transcript with timestamps, the recording attached to it.
      expect(message).toContain('attach the recording to it');
      expect(Object.values(RECORDING_MESSAGES)).not.toContain(message);
    }
  });

  it('renews on the first day of the next month (UTC), December’s in January', () => {
    const cases: [string, string, string][] = [
      ['2026-01-31T23:59:59.999Z', 'January', '1 February'],
      ['2026-02-28T23:59:59Z', 'February', '1 March'],
      ['2028-02-29T12:00:00Z', 'February', '1 March'],
      ['2026-04-30T23:00:00Z', 'April', '1 May'],
      ['2026-12-01T00:00:00Z', 'December', '1 January'],
      ['2026-12-31T23:59:59.999Z', 'December', '1 January'],
      ['2027-01-01T00:00:00Z', 'January', '1 February'],
    ];
    for (const [at, month, renewal] of cases) {
      expect(allowanceRenewalText(new Date(at)), at).toBe(renewal);
      expect(RECORDING_CEILING_MESSAGES.project(50_000, new Date(at)), at).toContain(`allowance for ${month} (50,000 tokens)`);
      expect(RECORDING_CEILING_MESSAGES.account(80_000, new Date(at)), at).toContain(`The allowance renews on ${renewal};`);
    }
  });

  it('counts the month in UTC, wherever the server runs and the moment was written', () => {
    // Node reads TZ again whenever it is set: the server's own time zone must not move the month either way.
    const tz = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Europe/Paris', 'UTC']) {
        process.env.TZ = zone;
        // 31 January, 20:30 in New York, is 1 February in UTC: February's allowance, renewing on 1 March.
        const lateInNewYork = new Date('2026-01-31T20:30:00-05:00');
        expect(allowanceRenewalText(lateInNewYork), zone).toBe('1 March');
        expect(RECORDING_CEILING_MESSAGES.project(50_000, lateInNewYork), zone).toContain('allowance for February (50,000 tokens)');
        // 31 December, 23:30 UTC, is already 1 January in Paris: still December's, renewing on 1 January.
        const newYearInParis = new Date('2027-01-01T00:30:00+01:00');
        expect(RECORDING_CEILING_MESSAGES.account(80_000, newYearInParis), zone).toContain('allowance for December (80,000 tokens over all your projects)');
        expect(allowanceRenewalText(newYearInParis), zone).toBe('1 January');
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });
});
