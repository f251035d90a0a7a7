import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_PLAYBACK_LINK_SECONDS, type RecordingPlayback } from '@verbatim/contract/recording';
import { documentRef } from '../projects/refs';
import { playbackOf } from '../recordings/recording-service';
import type { RecordingStore } from '../storage/recording-store';
import { shareRef } from './share-service';

/**
 * A visitor's link to play an interview's recording from the public interviews page: only when that link is on and its
 * owner let visitors play recordings (`playRecordings`), for an interview of the shared project whose recording is
 * ready; null otherwise, whatever the reason (the visitor learns nothing of whether a recording exists).
 */
export async function publicPlayback(db: Firestore, store: RecordingStore, token: string, documentId: string): Promise<RecordingPlayback | null> {
  const share = (await shareRef(db, token).get()).data();
  if (!share || share.kind !== 'interviews' || share.enabled !== true || share.playRecordings !== true) return null;
  const doc = (await documentRef(db, String(share.projectId), documentId).get()).data();
  if (!doc) return null;
  return playbackOf(store, doc, PUBLIC_PLAYBACK_LINK_SECONDS);
}

/** A share link as far as playing recordings goes (`shares/{token}`). */
interface PlayingShare {
  kind?: unknown;
  enabled?: unknown;
  playRecordings?: unknown;
  projectId?: unknown;
}

/**
 * The interviews of a shared project whose recordings its visitors can play (`recordings` in the public interviews
 * page's answer, so the page shows a play button only on their quotes); null unless the owner allowed it. One query
 * of the project's interviews with a ready recording (ids only).
 */
export async function playableRecordings(db: Firestore, share: PlayingShare): Promise<string[] | null> {
  if (share.kind !== 'interviews' || share.enabled !== true || share.playRecordings !== true) return null;
  const ready = await db.collection(`projects/${String(share.projectId)}/documents`).where('recording.status', '==', 'ready').select().get();
  return ready.docs.map((d) => d.id);
}

/** A public view's JSON with `recordings` added (the stored view is left as it was built). */
export function withRecordings(view: Buffer, recordings: readonly string[]): Buffer {
  const parsed = JSON.parse(view.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...parsed, recordings }));
}
