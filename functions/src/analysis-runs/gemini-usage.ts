/**
 * Gemini tokens per calendar month (UTC), counted twice: per project in `projects/{p}/geminiUsage/{YYYY-MM}` and per
 * account (the owner's) in `users/{uid}/geminiUsage/{YYYY-MM}` (both server-written; the rules deny clients). Every
 * call is counted — analyses that fail included, syntheses and Ask — with the tokens its answer reported (a call
 * that got no answer counts as a call of no tokens). Before a Gemini run each month's total is checked against its
 * ceiling (`GEMINI_MONTHLY_TOKENS_PER_PROJECT`, `GEMINI_MONTHLY_TOKENS_PER_ACCOUNT`); after it the tokens are added.
 * A call already under way when a ceiling is crossed finishes, so a month can end slightly over it; none starts after.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { TokenUsage } from '@verbatim/contract/insight';
import { projectRef } from '../projects/refs';

export type UsageKind = 'analysis' | 'synthesis' | 'ask' | 'transcription';

/** Whose spending a call is: always an account (the owner), and the project when the call is for one. */
export interface UsageScope {
  ownerId: string;
  projectId?: string;
}

/** The monthly ceilings a run is held to (a missing one is not checked). */
export interface TokenCeilings {
  project?: number;
  account?: number;
}

/** "2026-11" for any moment of November 2026, UTC. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const monthOf = (at: Date) => MONTHS[at.getUTCMonth()];
const nextMonthOf = (at: Date) => MONTHS[(at.getUTCMonth() + 1) % 12];

/** The sentence a researcher reads when the project's ceiling stops Gemini. */
export function ceilingMessage(ceiling: number, at: Date): string {
  return `this project has used its Gemini allowance for ${monthOf(at)} (${ceiling.toLocaleString('en-US')} tokens), so Gemini was not asked; it renews on 1 ${nextMonthOf(at)}`;
}

/** The sentence a researcher reads when the account's ceiling stops Gemini. */
export function accountCeilingMessage(ceiling: number, at: Date): string {
  return `your account has used its Gemini allowance for ${monthOf(at)} (${ceiling.toLocaleString('en-US')} tokens over all your projects), so Gemini was not asked; it renews on 1 ${nextMonthOf(at)}`;
}

/** An interview's failure at the account's ceiling: what happened, the credit, when it renews, what works now. */
export function accountCeilingFailure(ceiling: number, at: Date): string {
  return (
    `Your account has used its Gemini allowance for ${monthOf(at)} (${ceiling.toLocaleString('en-US')} tokens over all your projects), so Gemini was not asked. ` +
    `Your credit was returned. The allowance renews on 1 ${nextMonthOf(at)}; until then the built-in analyser still works: choose it in the project’s settings and analyse this interview again.`
  );
}

export function geminiUsageRef(db: Firestore, projectId: string, month: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.geminiUsage).doc(month);
}

export function accountGeminiUsageRef(db: Firestore, uid: string, month: string) {
  return db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.geminiUsage).doc(month);
}

async function tokensIn(ref: FirebaseFirestore.DocumentReference): Promise<number> {
  const tokens = (await ref.get()).get('tokens');
  return typeof tokens === 'number' ? tokens : 0;
}

/** Which ceiling, if any, stops a Gemini run of this scope now (the account's is named first). */
export async function ceilingReached(db: Firestore, scope: UsageScope, ceilings: TokenCeilings, at: Date): Promise<'account' | 'project' | null> {
  const [account, project] = await Promise.all([
    ceilings.account === undefined ? 0 : tokensIn(accountGeminiUsageRef(db, scope.ownerId, usageMonth(at))),
    ceilings.project === undefined || scope.projectId === undefined ? 0 : tokensIn(geminiUsageRef(db, scope.projectId, usageMonth(at))),
  ]);
  if (ceilings.account !== undefined && account >= ceilings.account) return 'account';
  if (ceilings.project !== undefined && scope.projectId !== undefined && project >= ceilings.project) return 'project';
  return null;
}

/** Adds a run's calls and tokens to the month of its account and of its project (blind increments: runs never contend). */
export async function recordGeminiUsage(db: Firestore, scope: UsageScope, kind: UsageKind, usage: TokenUsage, at: Date): Promise<void> {
  if (usage.calls === 0 && usage.totalTokens === 0) return;
  const month = usageMonth(at);
  const increments = {
    tokens: FieldValue.increment(usage.totalTokens),
    calls: FieldValue.increment(usage.calls),
    [`${kind}Tokens`]: FieldValue.increment(usage.totalTokens),
    [`${kind}Calls`]: FieldValue.increment(usage.calls),
    updatedAt: at,
  };
  const batch = db.batch();
  batch.set(accountGeminiUsageRef(db, scope.ownerId, month), increments, { merge: true });
  if (scope.projectId !== undefined) batch.set(geminiUsageRef(db, scope.projectId, month), increments, { merge: true });
  await batch.commit();
}
