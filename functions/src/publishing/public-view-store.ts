import { gunzipSync, gzipSync } from 'node:zlib';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { ShareKind } from '@verbatim/contract/share';
import type { PublicViews } from './public-views';

/**
 * Each project keeps its two public views ready to serve, as gzipped JSON in one document each
 * (`projects/{p}/publicViews/{kind}`), so a public request costs two reads (the token and the
 * view) whatever the project's size, and the bytes go out as they are stored.
 */
export function publicViewRef(db: Firestore, projectId: string, kind: ShareKind) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(COLLECTIONS.publicViews).doc(kind);
}

/** Firestore's document limit is 1 MiB; stay under it with room for the fields. */
const MAX_VIEW_BYTES = 1_000_000;

/** A view as stored: gzipped JSON, refused when it would not fit one document. */
function gzipView(view: unknown): Buffer {
  const gzipped = gzipSync(Buffer.from(JSON.stringify(view)), { level: 9 });
  if (gzipped.length > MAX_VIEW_BYTES) throw new Error(`A public view is ${gzipped.length} bytes gzipped; the limit is ${MAX_VIEW_BYTES}`);
  return gzipped;
}

/** Both views, gzipped before the transaction that stores them (a view too big for one document fails here). */
export function gzipViews(views: PublicViews): Record<ShareKind, Buffer> {
  return { summary: gzipView(views.summary), interviews: gzipView(views.interviews) };
}

/** Stores both views in the transaction that writes the synthesis they were built with. */
export function setPublicViews(db: Firestore, tx: Transaction, projectId: string, gzipped: Record<ShareKind, Buffer>, stamp: { generation: number; updatedAt: Date }): void {
  for (const kind of ['summary', 'interviews'] as const) {
    tx.set(publicViewRef(db, projectId, kind), { gzip: gzipped[kind], bytes: gzipped[kind].length, ...stamp });
  }
}

export async function readPublicView(db: Firestore, projectId: string, kind: ShareKind): Promise<Buffer | null> {
  const snap = await publicViewRef(db, projectId, kind).get();
  const data = snap.get('gzip');
  return data ? Buffer.from(data) : null;
}

export function gunzipView(gzipped: Buffer): Buffer {
  return gunzipSync(gzipped);
}
