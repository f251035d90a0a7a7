import { SHARE_KINDS, type ShareKind, type ShareLink } from '@verbatim/contract/share';
import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot, type SnapshotOptions } from 'firebase/firestore';

/** `projects/{p}/shareLinks/{kind}` as stored by the server → `ShareLink`; null for an unknown kind or a missing token. */
export function shareLinkFromData(kind: string, d: DocumentData): ShareLink | null {
  if (!SHARE_KINDS.includes(kind as ShareKind)) return null;
  if (typeof d.token !== 'string' || d.token === '') return null;
  return {
    kind: kind as ShareKind,
    token: d.token,
    enabled: d.enabled === true,
    ...(kind === 'interviews' ? { playRecordings: d.playRecordings === true } : {}),
    updatedAt: d.updatedAt instanceof Timestamp ? d.updatedAt.toDate() : new Date(0),
  };
}

/** The one converter for `shareLinks`: read-only on the client (the shares API writes them). */
export const shareLinkConverter: FirestoreDataConverter<ShareLink | null> = {
  toFirestore(): never {
    throw new Error('Share links are written by the server; use the shares API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): ShareLink | null {
    return shareLinkFromData(snap.id, snap.data(options));
  },
};
