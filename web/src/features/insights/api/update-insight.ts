import { COLLECTIONS } from '@verbatim/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { doc, serverTimestamp, updateDoc, type UpdateData } from 'firebase/firestore';
import { ApiError } from '../../../lib/api-client';
import { db } from '../../../lib/firestore';
import { insightFieldsError } from './insight-wire';

/**
 * What a researcher changes on an insight directly in Firestore (rules allow exactly these fields): its words, a
 * theme move (null: back to the theme its tag implies), and an undoable delete. Every write stamps `editedAt` with
 * the server's time, which is what makes the insight survive a re-analysis.
 */
export interface InsightChanges {
  title?: string;
  description?: string;
  tag?: string;
  theme?: string | null;
  /** true: delete (undoable); false: restore. */
  deleted?: boolean;
}

export interface UpdateInsightInput {
  projectId: string;
  insightId: string;
  changes: InsightChanges;
}

interface InsightFields {
  title: string;
  description: string;
  tag: string;
  theme: string | null;
  editedAt: Date;
  deletedAt: Date | null;
}

/** The Firestore update for some changes (trimmed, validated). */
export function insightUpdate(changes: InsightChanges): UpdateData<InsightFields> {
  const invalid = insightFieldsError(changes);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const update: UpdateData<InsightFields> = { editedAt: serverTimestamp() };
  if (changes.title !== undefined) update.title = changes.title.trim();
  if (changes.description !== undefined) update.description = changes.description.trim();
  if (changes.tag !== undefined) update.tag = changes.tag.trim();
  if (changes.theme !== undefined) update.theme = changes.theme === null ? null : changes.theme.trim();
  if (changes.deleted !== undefined) update.deletedAt = changes.deleted ? serverTimestamp() : null;
  if (Object.keys(update).length === 1) throw new ApiError(400, 'Nothing to change.', 'invalid');
  return update;
}

/** updateDoc projects/{p}/insights/{id}: the change shows at once (the live listener sees the local write). */
export async function updateInsight({ projectId, insightId, changes }: UpdateInsightInput): Promise<void> {
  const ref = doc(db, COLLECTIONS.projects, projectId, COLLECTIONS.insights, insightId);
  try {
    await updateDoc(ref, insightUpdate(changes));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'permission-denied') throw new ApiError(403, 'This change was refused. Reload the page and try again.', code);
    if (code === 'not-found') throw new ApiError(404, 'This insight no longer exists.', code);
    throw new ApiError(0, 'Could not save the change. Check your connection and try again.', code);
  }
}

export function useUpdateInsight() {
  return useMutation({ mutationFn: updateInsight });
}
