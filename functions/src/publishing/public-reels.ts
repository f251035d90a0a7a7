import type { Firestore } from 'firebase-admin/firestore';
import type { Reel } from '@verbatim/contract/reel';
import { publicClipId } from '@verbatim/contract/share';
import { clipRef } from '../clips/clip-refs';
import { reelFilePath, reelsCollection } from '../clips/reel-refs';
import type { RecordingStore } from '../storage/recording-store';
import { interviewsPageContents, type PageContents } from './public-clips';
import { visitorsMayPlay, type PlayingShare } from './public-recordings';
import { shareRef } from './share-service';

/**
 * A finding's highlight reel on a public interviews page, under the rule its quotes' clips follow (public-clips.ts): only
 * while the link is on and its owner lets visitors play quotes, only a reel made from a finding on the page whose every
 * clip is one of that page's quotes (a clip nudged past its quote is not on the page), and never the recording: the reel
 * is clips and title cards. Checked anew on every request.
 */

export type ReelAnswer = { kind: 'refused'; disabled: boolean } | { kind: 'reel'; path: string; size: number };

/** Whether a rendered reel may be played on the page: made from a finding on it, each of its clips one of its quotes. */
async function reelOnPage(db: Firestore, projectId: string, reel: Reel, page: PageContents): Promise<boolean> {
  if (reel.status !== 'ready' || !reel.insightId || !page.insightIds.has(reel.insightId)) return false;
  const clips = await Promise.all(reel.clipIds.map(async (id) => (await clipRef(db, projectId, id).get()).data()));
  return clips.every((clip) => clip !== undefined && page.ids.has(publicClipId(clip)));
}

/**
 * The findings of the page whose reel visitors can play (`reels` in the public interviews page's answer); null unless
 * the owner allows playing. The newest such reel of a finding is its reel.
 */
export async function playableReels(db: Firestore, share: PlayingShare): Promise<{ insightId: string; reelId: string }[] | null> {
  if (!visitorsMayPlay(share)) return null;
  const projectId = String(share.projectId);
  const page = await interviewsPageContents(db, projectId);
  const ready = await reelsCollection(db, projectId).where('status', '==', 'ready').get();
  const byFinding = new Map<string, Reel>();
  for (const reel of ready.docs.map((d) => d.data()).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())) {
    if (!reel.insightId || byFinding.has(reel.insightId)) continue;
    if (await reelOnPage(db, projectId, reel, page)) byFinding.set(reel.insightId, reel);
  }
  return [...byFinding.values()].map((reel) => ({ insightId: reel.insightId!, reelId: reel.id }));
}

/** A visitor's request for a reel's file: what to send, or refused (the same answer whatever the reason). */
export async function publicReel(db: Firestore, store: RecordingStore, token: string, reelId: string): Promise<ReelAnswer> {
  const share = (await shareRef(db, token).get()).data() as PlayingShare | undefined;
  if (!share || share.kind !== 'interviews' || share.enabled !== true) return { kind: 'refused', disabled: true };
  if (!visitorsMayPlay(share) || !/^[A-Za-z0-9_-]{1,128}$/.test(reelId)) return { kind: 'refused', disabled: false };
  const projectId = String(share.projectId);
  const [page, reel] = await Promise.all([interviewsPageContents(db, projectId), reelsCollection(db, projectId).doc(reelId).get().then((s) => s.data())]);
  if (!reel || !(await reelOnPage(db, projectId, reel, page))) return { kind: 'refused', disabled: false };
  const path = reelFilePath(projectId, reelId);
  const stored = await store.stat(path);
  return stored ? { kind: 'reel', path, size: stored.size } : { kind: 'refused', disabled: false };
}
