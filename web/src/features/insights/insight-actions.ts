import { showToast } from '../../lib/toast-store';
import { wordingOf, type InsightWording, type InsightWordingField } from '@verbatim/contract/insight-fields';
import { mergeInsights } from './api/merge-insights';
import { unmergeInsight } from './api/unmerge-insight';
import { updateInsight, type InsightChanges } from './api/update-insight';
import { insightMessage } from './insight-messages';

/**
 * The board's edits, each followed by a toast that can undo it through the same channel: Firestore writes for
 * words, themes and deletes (the live listener shows them at once); the API for merges.
 */

interface Target {
  id: string;
  title: string;
}

function failed(err: unknown, what: string): never {
  const message = err instanceof Error ? err.message : String(err);
  showToast({ message: `${what}: ${message}`, tone: 'error' });
  throw err;
}

/** Soft delete; Undo clears `deletedAt`. */
export async function deleteInsight(projectId: string, insight: Target): Promise<void> {
  try {
    await updateInsight({ projectId, insightId: insight.id, changes: { deleted: true } });
  } catch (err) {
    failed(err, 'Could not delete the insight');
  }
  showToast({
    message: insightMessage('Deleted the insight', insight.title),
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { deleted: false } }),
    undoneMessage: insightMessage('Restored the insight', insight.title),
  });
}

/** A theme move (null: back to the theme of its tag); Undo puts it back where it was. */
export async function moveInsight(projectId: string, insight: Target & { theme?: string | null }, theme: string | null, label: string): Promise<void> {
  const previous = insight.theme?.trim() || null;
  try {
    await updateInsight({ projectId, insightId: insight.id, changes: { theme } });
  } catch (err) {
    failed(err, 'Could not move the insight');
  }
  showToast({
    message: insightMessage(`Moved to ${label}`, insight.title),
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { theme: previous } }),
    undoneMessage: insightMessage('Back where it was', insight.title),
  });
}

/** New words; Undo restores the old ones. */
export async function editInsight(
  projectId: string,
  insight: Target & InsightWording,
  changes: Required<Pick<InsightChanges, InsightWordingField>>,
): Promise<void> {
  const before = wordingOf(insight);
  await updateInsight({ projectId, insightId: insight.id, changes });
  showToast({
    message: insightMessage('Saved the insight', changes.title),
    // An edit needs a title, so a blank one (never written by the analysers) is not brought back.
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { ...before, title: before.title.trim() || changes.title } }),
    undoneMessage: insightMessage('Undid the edit of the insight', before.title),
  });
}

/** Merges `others` into `target` through the API; Undo unmerges. */
export async function mergeIntoTarget(projectId: string, target: Target, others: readonly Target[]): Promise<void> {
  try {
    await mergeInsights({ projectId, insightIds: [target.id, ...others.map((o) => o.id)] });
  } catch (err) {
    failed(err, 'Could not merge');
  }
  const n = others.length + 1;
  showToast({
    message: insightMessage(`Merged ${n} insights into one`, target.title),
    undo: () => unmergeInsight({ projectId, insightId: target.id }),
    undoneMessage: `Unmerged: the ${n} insights are separate again.`,
  });
}
