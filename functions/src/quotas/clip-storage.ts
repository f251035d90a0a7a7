import { AggregateField, type Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { clipStorageQuotaMessage } from './quota-messages';

/**
 * The storage an account's clips and reels keep (the files cut for its clips, `file.size`, and rendered for its reels,
 * `size`), over all its projects, against its quota (`AccountQuotas.clipStorageBytes`). Read when a file is to be
 * kept: a clip cut or a reel rendered that would pass the quota is refused and its file not stored; deleting a clip or
 * a reel deletes its file and so frees its bytes. Two files kept at the same moment can each pass the check: the quota
 * is a bound on storage, not a ledger, and overshoots by at most the files being kept at once.
 */
export async function clipStorageUsed(db: Firestore, uid: string): Promise<number> {
  const projects = await db.collection(COLLECTIONS.projects).where('ownerId', '==', uid).select().get();
  const sums = await Promise.all(
    projects.docs.flatMap((project) => [
      project.ref.collection(COLLECTIONS.clips).aggregate({ bytes: AggregateField.sum('file.size') }).get(),
      project.ref.collection(COLLECTIONS.reels).aggregate({ bytes: AggregateField.sum('size') }).get(),
    ]),
  );
  return sums.reduce((total, sum) => total + (sum.data().bytes ?? 0), 0);
}

/** Refuses (413, with the sentence) a file of `adding` bytes that would take the account's clips and reels past `limit`. */
export async function assertClipStorageFor(db: Firestore, uid: string, adding: number, limit: number): Promise<void> {
  const used = await clipStorageUsed(db, uid);
  if (used + adding > limit) throw new AppError('too-large', clipStorageQuotaMessage(limit, used));
}
