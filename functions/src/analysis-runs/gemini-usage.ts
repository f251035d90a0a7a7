/**
 * Gemini tokens per calendar month (UTC), counted twice: per project in `projects/{p}/geminiUsage/{YYYY-MM}` and per
 * account (the owner's) in `users/{uid}/geminiUsage/{YYYY-MM}` (both server-written; the rules deny clients). Every
 * call is counted — analyses that fail included, syntheses and Ask — with the tokens its answer reported (a call
 * that got no answer counts as a call of no tokens). Before a Gemini run each month's total is checked against its
 * ceiling (`GEMINI_MONTHLY_TOKENS_PER_PROJECT`, `GEMINI_MONTHLY_TOKENS_PER_ACCOUNT`); after it the tokens are added.
 * A run whose cost is known before it starts (a transcription: its sound's length) reserves its estimate first, so
 * runs starting together cannot pass a ceiling between them; reservations count as spent until they are released.
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

export function geminiUsageRef(db: Firestore, projectId: string, month: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.geminiUsage).doc(month);
}

export function accountGeminiUsageRef(db: Firestore, uid: string, month: string) {
  return db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.geminiUsage).doc(month);
}

/**
 * What runs under way hold of the month: `reservations.{key}` = {tokens, until}, each written by `reserveGeminiTokens`
 * and removed when its run's usage is recorded; one whose run was stopped before that lapses at its `until`.
 */
function reservedIn(data: FirebaseFirestore.DocumentData | undefined, at: Date, except?: string): number {
  const reservations = data?.reservations;
  if (!reservations || typeof reservations !== 'object') return 0;
  let held = 0;
  for (const [key, value] of Object.entries(reservations as Record<string, { tokens?: unknown; until?: { toMillis?: () => number } }>)) {
    if (key === except || typeof value?.tokens !== 'number') continue;
    if ((value.until?.toMillis?.() ?? 0) > at.getTime()) held += value.tokens;
  }
  return held;
}

/** The month's tokens spent and held by runs under way. */
function committedIn(data: FirebaseFirestore.DocumentData | undefined, at: Date, except?: string): number {
  const tokens = data?.tokens;
  return (typeof tokens === 'number' ? tokens : 0) + reservedIn(data, at, except);
}

async function tokensIn(ref: FirebaseFirestore.DocumentReference, at: Date): Promise<number> {
  return committedIn((await ref.get()).data(), at);
}

/** Which ceiling, if any, stops a Gemini run of this scope now (the account's is named first); reservations count as spent. */
export async function ceilingReached(db: Firestore, scope: UsageScope, ceilings: TokenCeilings, at: Date): Promise<'account' | 'project' | null> {
  const [account, project] = await Promise.all([
    ceilings.account === undefined ? 0 : tokensIn(accountGeminiUsageRef(db, scope.ownerId, usageMonth(at)), at),
    ceilings.project === undefined || scope.projectId === undefined ? 0 : tokensIn(geminiUsageRef(db, scope.projectId, usageMonth(at)), at),
  ]);
  if (ceilings.account !== undefined && account >= ceilings.account) return 'account';
  if (ceilings.project !== undefined && scope.projectId !== undefined && project >= ceilings.project) return 'project';
  return null;
}

/** Which ceiling, if any, `tokens` more would pass now (what is spent and held by runs under way counted); nothing held. */
export async function ceilingPassedBy(db: Firestore, scope: UsageScope, ceilings: TokenCeilings, tokens: number, at: Date): Promise<'account' | 'project' | null> {
  const [account, project] = await Promise.all([
    ceilings.account === undefined ? 0 : tokensIn(accountGeminiUsageRef(db, scope.ownerId, usageMonth(at)), at),
    ceilings.project === undefined || scope.projectId === undefined ? 0 : tokensIn(geminiUsageRef(db, scope.projectId, usageMonth(at)), at),
  ]);
  if (ceilings.account !== undefined && account + tokens > ceilings.account) return 'account';
  if (ceilings.project !== undefined && scope.projectId !== undefined && project + tokens > ceilings.project) return 'project';
  return null;
}

/** Tokens a run holds of its month until its usage is recorded (`recordGeminiUsage` with its key). */
export interface TokenReservation {
  key: string;
  tokens: number;
}

/**
 * Holds `tokens` of the month for a run about to start, in one transaction over its account's and project's months:
 * refused (the ceiling named, the account's first) when what is spent, what runs under way hold, and `tokens` would
 * pass a ceiling; so runs starting together cannot overshoot it between them. The hold lapses at `until` if the run
 * is stopped before its usage is recorded.
 */
export async function reserveGeminiTokens(
  db: Firestore,
  scope: UsageScope,
  ceilings: TokenCeilings,
  reservation: TokenReservation,
  at: Date,
  until: Date,
): Promise<{ ok: true } | { ok: false; reached: 'account' | 'project' }> {
  const month = usageMonth(at);
  const accountRef = accountGeminiUsageRef(db, scope.ownerId, month);
  const projectRef = scope.projectId === undefined ? null : geminiUsageRef(db, scope.projectId, month);
  return db.runTransaction(async (tx) => {
    // Both months in one read: the transaction begins with it.
    const [account, project] = await tx.getAll(...(projectRef ? [accountRef, projectRef] : [accountRef]));
    const passes = (ceiling: number | undefined, data: FirebaseFirestore.DocumentData | undefined) =>
      ceiling !== undefined && committedIn(data, at, reservation.key) + reservation.tokens > ceiling;
    if (passes(ceilings.account, account?.data())) return { ok: false as const, reached: 'account' as const };
    if (project && passes(ceilings.project, project.data())) return { ok: false as const, reached: 'project' as const };
    const held = { reservations: { [reservation.key]: { tokens: reservation.tokens, until } }, updatedAt: at };
    tx.set(accountRef, held, { merge: true });
    if (projectRef) tx.set(projectRef, held, { merge: true });
    return { ok: true as const };
  });
}

/** Adds a run's calls and tokens to the month of its account and of its project (blind increments: runs never contend). */
export async function recordGeminiUsage(db: Firestore, scope: UsageScope, kind: UsageKind, usage: TokenUsage, at: Date, release?: string): Promise<void> {
  if (usage.calls === 0 && usage.totalTokens === 0 && release === undefined) return;
  const month = usageMonth(at);
  const increments = {
    // The run's hold on the month (reserveGeminiTokens) ends as what it spent is added.
    ...(release === undefined ? {} : { reservations: { [release]: FieldValue.delete() } }),
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
