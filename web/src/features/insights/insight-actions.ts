import { showToast } from '../../lib/toast-store';
import { mergeInsights } from './api/merge-insights';
import { unmergeInsight } from './api/unmerge-insight';
import { updateInsight, type InsightChanges } from './api/update-insight';
import { insightTitle } from './quote-format';

/**
 * The board's edits, each followed by a toast that can undo it through the same channel: Firestore writes for
 * words, themes and deletes (the live listener shows them at once); the API for merges.
 */

interface Target {
  id: string;
  title: string;
}

const quoted = (title: string) => `“${insightTitle(title)}”`;

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
    message: `Deleted ${quoted(insight.title)}.`,
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { deleted: false } }),
    undoneMessage: `Restored ${quoted(insight.title)}.`,
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
    message: `Moved ${quoted(insight.title)} to ${label}.`,
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { theme: previous } }),
    undoneMessage: `${quoted(insight.title)} is back where it was.`,
  });
}

/** New words; Undo restores the old ones. */
export async function editInsight(
  projectId: string,
  insight: Target & { description: string; tag: string },
  changes: Required<Pick<InsightChanges, 'title' | 'description' | 'tag'>>,
): Promise<void> {
  const before = { title: insight.title, description: insight.description, tag: insight.tag };
  await updateInsight({ projectId, insightId: insight.id, changes });
  showToast({
    message: `Saved ${quoted(changes.title)}.`,
    // An edit needs a title, so a blank one (never written by the analysers) is not brought back.
    undo: () => updateInsight({ projectId, insightId: insight.id, changes: { ...before, title: before.title.trim() || changes.title } }),
    undoneMessage: `Undid the edit of ${quoted(before.title)}.`,
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
    message: `Merged ${n} insights into ${quoted(target.title)}.`,
    undo: () => unmergeInsight({ projectId, insightId: target.id }),
    undoneMessage: `Unmerged: the ${n} insights are separate again.`,
  });
}
