import type { Firestore } from 'firebase-admin/firestore';
import { interviewsCollection } from '../interviews/interview-refs';

/** A share link as far as playing quotes goes (`shares/{token}`). */
export interface PlayingShare {
  kind?: unknown;
  enabled?: unknown;
  playRecordings?: unknown;
  projectId?: unknown;
}

/** Whether visitors of this link may play its page's quotes, and so its findings' reels: an interviews link, on, playing on. */
export function visitorsMayPlay(share: PlayingShare | undefined): share is PlayingShare {
  return share?.kind === 'interviews' && share.enabled === true && share.playRecordings === true;
}

/**
 * The interviews of a shared project whose quotes its visitors can play (`recordings` in the public interviews page's
 * answer, so the page shows a play button only on those quotes); null unless the owner allowed it. Only interviews
 * with a quote on the page: a visitor learns nothing of the other interviews' recordings. One query of the project's
 * interviews with a ready recording (ids only).
 */
export async function playableRecordings(db: Firestore, share: PlayingShare, quoted: ReadonlySet<string>): Promise<string[] | null> {
  if (!visitorsMayPlay(share)) return null;
  const ready = await interviewsCollection(db, String(share.projectId)).where('recording.status', '==', 'ready').select().get();
  return ready.docs.map((d) => d.id).filter((id) => quoted.has(id));
}

/** The interviews a public view quotes. */
export function quotedInterviews(view: { insights?: { quotes?: { documentId: string }[] }[] }): Set<string> {
  return new Set((view.insights ?? []).flatMap((insight) => (insight.quotes ?? []).map((quote) => quote.documentId)));
}

/** A public view's JSON with `recordings` and its findings' playable `reels` added (the stored view is left as it was built). */
export function withRecordings(view: Record<string, unknown>, recordings: readonly string[], reels: readonly { insightId: string; reelId: string }[] = []): Buffer {
  return Buffer.from(JSON.stringify({ ...view, recordings, reels }));
}
