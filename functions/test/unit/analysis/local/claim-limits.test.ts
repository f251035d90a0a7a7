/**
 * A claim keeps the limit it was said under: an "until …", an "only when …", a condition its own clause goes on to, a
 * contrast that says it holds only in part ("…, but most attempts …", "…, but not for …"). A
 * claim cut before one says more than the participant did (or the opposite: "they didn't think about hiring a designer"
 * of someone who did, once the customers complained), so the claim says it whole or the statement gives no claim.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { condensedClaim } from '../../../../src/analysis/local/condense-statement';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

/** The claims a spoken sentence condenses to: fitted to 12 words, and whole up to 16. */
function claimsOf(said: string): string[] {
  const tokens = readTurn(wink, said, { start: 0, end: said.length, speaker: 'Ana' }, 0);
  if (!tokens) throw new Error('unreadable');
  return [12, 16].map((words) => condensedClaim(tokens, 0, tokens.values.length - 1, words).title);
}

describe('a claim said until something happened', () => {
  it('keeps its "until" clause, or is no claim', () => {
    const [short, whole] = claimsOf("We didn't hire a designer, until the customers complained about the layout of the app.");
    expect(short).not.toBe("They didn't hire a designer");
    expect(whole).toBe("They didn't hire a designer, until the customers complained about the layout of the app");
  });

  it('is no claim when cut before the "until" its clause goes on to, unless the "until" is of another clause', () => {
    for (const said of [
      'We never used the cloud servers for our clinical data until the hospital signed the new contract with the vendor.',
      'We kept every single spreadsheet of the lab on a shared drive until the new data platform arrived last year.',
    ]) {
      expect(claimsOf(said).filter((claim) => /^They (?:never used|kept)/.test(claim) && !/\buntil\b/.test(claim))).toEqual([]);
    }
    const other = claimsOf('We kept every single spreadsheet of the lab on a shared drive, and my boss only read them when the audits came around.');
    expect(other).toContain('They kept every single spreadsheet of the lab on a shared drive');
  });
});

describe('a claim said only at a time', () => {
  it('never ends on its "only" before the time it holds at', () => {
    const [short, whole] = claimsOf('I use the assistant for almost all of my research only when I am completely stuck on a difficult proof.');
    expect(short).not.toMatch(/\bonly$/);
    expect(whole).toMatch(/only when they are stuck/);
  });
});

describe('a claim said with a contrast that narrows it', () => {
  it('keeps a "but most …" or "but not …" contrast, or is no claim; a contrast that narrows nothing may go', () => {
    const [short, whole] = claimsOf('The assistant produced some useful and original lyrics, but most attempts returned uninspired and useless lines.');
    expect(short).not.toBe('The assistant produced some useful and original lyrics');
    expect(whole).toBe('The assistant produced some useful and original lyrics, but most attempts returned uninspired and useless lines');
    expect(claimsOf('We used the assistant to summarise papers, but not for the final draft of the thesis.')).not.toContain('They used the assistant to summarise papers');
    expect(claimsOf('The assistant produced some useful and original lyrics, but I rewrote them anyway.')).toContain('The assistant produced some useful and original lyrics');
  });
});
