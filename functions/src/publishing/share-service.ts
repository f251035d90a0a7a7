import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { SHARE_KINDS, type ShareKind, type ShareLink } from '@verbatim/contract/share';
import { ownedProject } from '../projects/ownership';
import { projectRef } from '../projects/refs';
import { newShareToken } from './share-token';

/** `shares/{token}`: the public lookup, server-only. */
export function shareRef(db: Firestore, token: string) {
  return db.collection(COLLECTIONS.shares).doc(token);
}

/** `projects/{p}/shareLinks/{kind}`: the owner's view of the link. */
export function shareLinkRef(db: Firestore, projectId: string, kind: ShareKind) {
  return projectRef(db, projectId).collection(COLLECTIONS.shareLinks).doc(kind);
}

export function parseKind(value: unknown): ShareKind {
  if (typeof value !== 'string' || !SHARE_KINDS.includes(value as ShareKind)) {
    throw new AppError('not-found', 'A share link is either a summary link or an interviews link.');
  }
  return value as ShareKind;
}

export async function listShareLinks(db: Firestore, uid: string, projectId: string): Promise<Partial<Record<ShareKind, ShareLink>>> {
  await ownedProject(db, uid, projectId);
  const snaps = await Promise.all(SHARE_KINDS.map((kind) => shareLinkRef(db, projectId, kind).get()));
  const links: Partial<Record<ShareKind, ShareLink>> = {};
  snaps.forEach((snap, i) => {
    if (snap.exists) links[SHARE_KINDS[i]] = toLink(SHARE_KINDS[i], snap.data()!);
  });
  return links;
}

function toLink(kind: ShareKind, d: FirebaseFirestore.DocumentData): ShareLink {
  return { kind, token: d.token, enabled: d.enabled === true, ...playing(kind, d.playRecordings === true), updatedAt: d.updatedAt?.toDate?.() ?? new Date(0) };
}

/** Whether visitors may play recordings: said of the interviews page only (off unless its owner turned it on). */
function playing(kind: ShareKind, playRecordings: boolean): Pick<ShareLink, 'playRecordings'> {
  return kind === 'interviews' ? { playRecordings } : {};
}

/**
 * Turns a link on (creating its token the first time) or off, and for the interviews page whether visitors may play
 * recordings (`playRecordings`, unchanged when absent; off for a new link). Both the public lookup and the owner's
 * copy change in one transaction, so the next public request sees the new state.
 */
export async function setShareEnabled(
  db: Firestore,
  uid: string,
  projectId: string,
  kind: ShareKind,
  enabled: boolean,
  playRecordings?: boolean,
): Promise<ShareLink> {
  await ownedProject(db, uid, projectId);
  const linkRef = shareLinkRef(db, projectId, kind);
  return db.runTransaction(async (tx) => {
    const existing = (await tx.get(linkRef)).data();
    const token: string = existing?.token ?? newShareToken();
    const play = playing(kind, playRecordings ?? existing?.playRecordings === true);
    const now = new Date();
    tx.set(linkRef, { token, enabled, ...play, updatedAt: now });
    tx.set(shareRef(db, token), { projectId, kind, enabled, ...play, updatedAt: now });
    return { kind, token, enabled, ...play, updatedAt: now };
  });
}

/** Replaces the token: the old link stops working at once (404), the new one keeps the on/off state. */
export async function regenerateShare(db: Firestore, uid: string, projectId: string, kind: ShareKind): Promise<ShareLink> {
  await ownedProject(db, uid, projectId);
  const linkRef = shareLinkRef(db, projectId, kind);
  return db.runTransaction(async (tx) => {
    const existing = (await tx.get(linkRef)).data();
    const token = newShareToken();
    const enabled = existing?.enabled === true;
    const play = playing(kind, existing?.playRecordings === true);
    const now = new Date();
    if (existing?.token) tx.delete(shareRef(db, existing.token));
    tx.set(linkRef, { token, enabled, ...play, updatedAt: now });
    tx.set(shareRef(db, token), { projectId, kind, enabled, ...play, updatedAt: now });
    return { kind, token, enabled, ...play, updatedAt: now };
  });
}

/** Removes a project's public lookups (on project deletion). */
export async function deleteShares(db: Firestore, projectId: string): Promise<void> {
  const links = await projectRef(db, projectId).collection(COLLECTIONS.shareLinks).get();
  await Promise.all(links.docs.map((d) => (d.get('token') ? shareRef(db, d.get('token')).delete() : undefined)));
}
