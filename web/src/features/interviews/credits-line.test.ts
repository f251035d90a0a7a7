import { describe, expect, it } from 'vitest';
import { canReanalyse, creditsLine, isParseFailure, reanalysisCost, roleChangeNote } from './credits-line';

describe('the credits line', () => {
  it('says how many credits are left and what uses one', () => {
    expect(creditsLine(9, false)).toBe('9 credits left · each new interview or re-analysis uses one');
    expect(creditsLine(1, false)).toBe('1 credit left · each new interview or re-analysis uses one');
    expect(creditsLine(0, false)).toBe('No credits left · subscribe for unlimited interviews and re-analyses');
    expect(creditsLine(-2, false)).toBe('No credits left · subscribe for unlimited interviews and re-analyses');
    expect(creditsLine(null, false)).toBe('Checking your credits…');
    expect(creditsLine(0, true)).toBe('Unlimited (Solo plan)');
  });

  it('states the cost of a role change before it is made', () => {
    expect(roleChangeNote(false)).toBe('Changing a role re-analyses this interview (1 credit).');
    expect(roleChangeNote(true)).toBe('Changing a role re-analyses this interview (included in your Solo plan).');
    expect(reanalysisCost(false)).toBe('(1 credit)');
  });

  it('tells an analysis failure (retry) from a reading failure (upload again)', () => {
    expect(canReanalyse({ status: 'ready', errorCode: null })).toBe(true);
    expect(canReanalyse({ status: 'failed', errorCode: 'analysis-timeout' })).toBe(true);
    expect(canReanalyse({ status: 'failed', errorCode: 'empty-file' })).toBe(false);
    expect(canReanalyse({ status: 'analyzing', errorCode: null })).toBe(false);
    expect(isParseFailure({ status: 'failed', errorCode: 'empty-file' })).toBe(true);
    expect(isParseFailure({ status: 'failed', errorCode: null })).toBe(true);
    expect(isParseFailure({ status: 'failed', errorCode: 'analysis-provider-error' })).toBe(false);
    expect(isParseFailure({ status: 'ready', errorCode: null })).toBe(false);
  });
});
