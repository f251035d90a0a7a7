import type { Interview } from '@verbatim/contract/project';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { confirmAll, confirmAllLabel, confirmAllSummary, waitingForRoles, waitingLine } from './roles-waiting';

const doc = (name: string, status: Interview['status'], day: number) => ({ id: name, name, status, rolesVersion: day, createdAt: new Date(2026, 0, day) });

describe('interviews waiting for their roles in the upload list', () => {
  it('counts only the interviews waiting for their roles, oldest first', () => {
    const docs = [doc('c.txt', 'awaiting-roles', 3), doc('a.txt', 'ready', 1), doc('b.txt', 'awaiting-roles', 2), doc('d.txt', 'parsing', 4)];
    expect(waitingForRoles(docs).map((d) => d.name)).toEqual(['b.txt', 'c.txt']);
    expect(waitingLine(2)).toBe('2 interviews wait for you to check who asks the questions; until then they are not analysed or exported.');
    expect(waitingLine(1)).toBe('1 interview waits for you to check who asks the questions; until then it is not analysed or exported.');
  });

  it('says what confirming all costs', () => {
    expect(confirmAllLabel(3, false)).toBe('Confirm the guessed roles of all 3 (3 credits)');
    expect(confirmAllLabel(1, false)).toBe('Confirm the guessed roles (1 credit)');
    expect(confirmAllLabel(3, true)).toBe('Confirm the guessed roles of all 3 (included in your Solo plan)');
  });

  it('confirms each with the roles’ version shown; out of credits, the rest keep waiting without being sent', async () => {
    const sent: Array<[string, number]> = [];
    const docs = [doc('a.txt', 'awaiting-roles', 1), doc('b.txt', 'awaiting-roles', 2), doc('c.txt', 'awaiting-roles', 3), doc('d.txt', 'awaiting-roles', 4)];
    const result = await confirmAll(docs, async (d) => {
      sent.push([d.name, d.rolesVersion]);
      if (d.name === 'b.txt') throw new ApiError(409, 'changed', 'roles-changed', { speakers: [], rolesVersion: 9 });
      if (d.name === 'c.txt') throw new ApiError(402, 'No credits left.', 'out-of-credits');
    });
    expect(sent).toEqual([['a.txt', 1], ['b.txt', 2], ['c.txt', 3]]);
    expect(result).toEqual({ confirmed: ['a.txt'], changed: ['b.txt'], outOfCredits: ['c.txt', 'd.txt'], failed: [] });
    expect(confirmAllSummary(result)).toEqual([
      '1 interview is being analysed with its roles as guessed: a.txt.',
      'Their roles were changed meanwhile, so check them again: b.txt.',
      'No credits were left for: c.txt, d.txt. They keep waiting; subscribe to analyse them.',
    ]);
  });

  it('names an interview that could not be sent, with the server’s sentence, and goes on with the others', async () => {
    const docs = [doc('a.txt', 'awaiting-roles', 1), doc('b.txt', 'awaiting-roles', 2)];
    const result = await confirmAll(docs, async (d) => {
      if (d.name === 'a.txt') throw new ApiError(500, 'The server could not start the analysis.', 'internal');
    });
    expect(confirmAllSummary(result)).toEqual(['1 interview is being analysed with its roles as guessed: b.txt.', 'a.txt: The server could not start the analysis.']);
  });
});
