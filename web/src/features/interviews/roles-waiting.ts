/**
 * Interviews waiting for their speakers' roles to be checked, as the upload list counts them, and confirming the roles
 * guessed for all of them at once: one request per interview, in upload order, each with the roles' version as shown.
 * Pure but for the `confirm` call it is given.
 */
import type { Interview } from '@verbatim/contract/project';
import { ApiError } from '../../lib/api-client';
import { reanalysisCost } from './credits-line';
import { rolesChangedMeanwhile } from './api/update-interview';

type Waiting = Pick<Interview, 'id' | 'name' | 'status' | 'rolesVersion' | 'createdAt'>;

/** The interviews waiting for their roles to be checked, oldest first. */
export function waitingForRoles<T extends Waiting>(docs: readonly T[]): T[] {
  return docs.filter((doc) => doc.status === 'awaiting-roles').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** "2 interviews wait for you to check who asks the questions; until then they are not analysed or exported." */
export function waitingLine(count: number): string {
  return count === 1
    ? '1 interview waits for you to check who asks the questions; until then it is not analysed or exported.'
    : `${count} interviews wait for you to check who asks the questions; until then they are not analysed or exported.`;
}

/** "Confirm the guessed roles of all 2 (2 credits)"; a subscriber pays nothing more. */
export function confirmAllLabel(count: number, subscribed: boolean): string {
  const what = count === 1 ? 'Confirm the guessed roles' : `Confirm the guessed roles of all ${count}`;
  const cost = subscribed ? reanalysisCost(true) : `(${count} ${count === 1 ? 'credit' : 'credits'})`;
  return `${what} ${cost}`;
}

export interface ConfirmAllResult {
  /** Sent to the insight engine. */
  confirmed: string[];
  /** Left waiting because their roles were changed meanwhile (in another tab): to be checked again. */
  changed: string[];
  /** Left waiting because the credits ran out. */
  outOfCredits: string[];
  /** Left waiting for another reason, with the server's sentence. */
  failed: Array<{ name: string; reason: string }>;
}

/**
 * Confirms each interview's roles in turn; out of credits, the rest are left waiting without asking again. Never
 * throws: what happened to each interview is in the result.
 */
export async function confirmAll(docs: readonly Waiting[], confirm: (doc: Waiting) => Promise<unknown>): Promise<ConfirmAllResult> {
  const result: ConfirmAllResult = { confirmed: [], changed: [], outOfCredits: [], failed: [] };
  for (const doc of docs) {
    if (result.outOfCredits.length > 0) {
      result.outOfCredits.push(doc.name);
      continue;
    }
    try {
      await confirm(doc);
      result.confirmed.push(doc.name);
    } catch (err) {
      if (rolesChangedMeanwhile(err)) result.changed.push(doc.name);
      else if (err instanceof ApiError && err.status === 402) result.outOfCredits.push(doc.name);
      else result.failed.push({ name: doc.name, reason: err instanceof Error ? err.message : 'It could not be sent.' });
    }
  }
  return result;
}

const list = (names: readonly string[]) => names.join(', ');

/** What confirming all did, one sentence per outcome. */
export function confirmAllSummary(result: ConfirmAllResult): string[] {
  const lines: string[] = [];
  const n = result.confirmed.length;
  if (n > 0) lines.push(n === 1 ? `1 interview is being analysed with its roles as guessed: ${list(result.confirmed)}.` : `${n} interviews are being analysed with their roles as guessed: ${list(result.confirmed)}.`);
  if (result.changed.length > 0) lines.push(`Their roles were changed meanwhile, so check them again: ${list(result.changed)}.`);
  if (result.outOfCredits.length > 0) lines.push(`No credits were left for: ${list(result.outOfCredits)}. They keep waiting; subscribe to analyse them.`);
  for (const { name, reason } of result.failed) lines.push(`${name}: ${reason}`);
  return lines;
}
