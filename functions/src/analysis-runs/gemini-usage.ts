/**
 * Gemini tokens per project and calendar month (UTC), in `projects/{p}/geminiUsage/{YYYY-MM}` (server-written;
 * the rules deny clients). Before a Gemini call the month's total is checked against the ceiling
 * (`GEMINI_MONTHLY_TOKENS_PER_PROJECT`); after it the tokens are added. A call already under way when the ceiling
 * is crossed finishes, so a month can end slightly over it; none starts after.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { TokenUsage } from '@verbatim/contract/insight';
import { projectRef } from '../projects/refs';

export type UsageKind = 'analysis' | 'synthesis';

/** "2026-11" for any moment of November 2026, UTC. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The sentence a researcher reads when the ceiling stops Gemini. */
export function ceilingMessage(ceiling: number, at: Date): string {
  const month = MONTHS[at.getUTCMonth()];
  const next = MONTHS[(at.getUTCMonth() + 1) % 12];
  return `this project has used its Gemini allowance for ${month} (${ceiling.toLocaleString('en-US')} tokens), so Gemini was not asked; it renews on 1 ${next}`;
}

export function geminiUsageRef(db: Firestore, projectId: string, month: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.geminiUsage).doc(month);
}

/** Tokens the project has used this month. */
export async function tokensThisMonth(db: Firestore, projectId: string, at: Date): Promise<number> {
  const snap = await geminiUsageRef(db, projectId, usageMonth(at)).get();
  const tokens = snap.get('tokens');
  return typeof tokens === 'number' ? tokens : 0;
}

/** Whether the project may make another Gemini call this month. */
export async function underCeiling(db: Firestore, projectId: string, ceiling: number, at: Date): Promise<boolean> {
  return (await tokensThisMonth(db, projectId, at)) < ceiling;
}

/** Adds a run's tokens to the month (blind increments: concurrent runs never contend). */
export async function recordGeminiUsage(db: Firestore, projectId: string, kind: UsageKind, usage: TokenUsage, at: Date): Promise<void> {
  if (usage.calls === 0 && usage.totalTokens === 0) return;
  await geminiUsageRef(db, projectId, usageMonth(at)).set(
    {
      tokens: FieldValue.increment(usage.totalTokens),
      calls: FieldValue.increment(usage.calls),
      [`${kind}Tokens`]: FieldValue.increment(usage.totalTokens),
      updatedAt: at,
    },
    { merge: true },
  );
}
