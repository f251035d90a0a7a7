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
