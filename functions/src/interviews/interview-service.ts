import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { AppError, ROLE_CHANGE_WHILE_ANALYSING_MESSAGE } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import { requireBody, reserveInterviewBody, updateInterviewBody } from '@verbatim/contract/request-bodies';
import { type TranscriptFormat } from '@verbatim/contract/transcript';
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { extensionOf, formatOfExtension, isAcceptedExtension, unsupportedFormatMessage } from '@verbatim/contract/transcript-formats';
import { deletePublicClips } from '../publishing/public-clips';
import { deleteInterviewClips } from '../clips/clip-service';
import { recordingPrefix, uploadPath, uploadPrefix } from '@verbatim/contract/upload-path';
import { assertCanStartInterview } from '../credits/credit-ledger';
import { serverConfig } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { assertCanAddWaitingUpload, assertRejectedUploadsAllowed } from '../quotas/account-quotas';
import { withAccountUsage } from '../quotas/account-usage';
import type { FileStore } from '../storage/file-store';
import type { RecordingStore } from '../storage/recording-store';
import { insightsCollection } from '../insights/refs';
import { reanalyseInterview } from '../analysis-runs/reanalyse';
import { writeTransition } from './apply-transition';
import { canReanalyse, countsUpdate, mustTransition } from './lifecycle';
import { ownedProject } from '../projects/ownership';
import { ownedInterview } from './ownership';
import { projectRef } from '../projects/refs';
import { interviewRef } from './interview-refs';
import { applyRoles, assertRolesVersion, rolesDiffer } from './speaker-roles';

export interface ReserveInput {
  fileName: unknown;
  size: unknown;
  /** The name the researcher's browser proposed (or the researcher typed); the file's name otherwise. */
  name?: unknown;
}

export interface Reservation {
  document: Interview;
  uploadPath: string;
}

/**
 * Step one of an upload, before any byte is sent: refuses (402) when the account is out of
 * credits, (429) when it has its quota of interviews waiting for files or of refused files this
 * hour, and creates the document. A file that is refused on its declared name or size (wrong
 * type, empty, over 20 MB) becomes a `failed` document at once, with the reason, and no upload.
 */
export async function reserveInterview(
  db: Firestore,
  uid: string,
  projectId: string,
  input: ReserveInput,
  now = new Date(),
  quotas: AccountQuotas = serverConfig().limits.quotas,
): Promise<Reservation> {
  await ownedProject(db, uid, projectId);
  const { fileName, size, name } = requireBody(reserveInterviewBody, input);
  await assertCanStartInterview(db, uid);

  const rejection = precheck(fileName, size);
  const document = await addInterview(db, uid, projectId, { fileName, name, size, format: formatFromName(fileName) }, rejection, quotas, now);
  return { document, uploadPath: uploadPath({ uid, projectId, documentId: document.id, fileName }) };
}

/**
 * Creates a reserved interview (`uploading`, waiting for its file) or, with `rejection`, one that failed at once; the
 * account's quotas are checked in the transaction that adds it (429 with the reason). Shared by transcript uploads
 * and recordings Gemini transcribes.
 */
export async function addInterview(
  db: Firestore,
  uid: string,
  projectId: string,
  file: Pick<Interview, 'fileName' | 'size' | 'format' | 'recording'> & { name?: string },
  rejection: { code: string; message: string } | null,
  quotas: AccountQuotas,
  now: Date,
): Promise<Interview> {
  const ref = interviewRef(db, projectId, db.collection('projects').doc().id);
  const base: Interview = {
    id: ref.id,
    projectId,
    ownerId: uid,
    name: file.name ?? file.fileName,
    fileName: file.fileName,
    format: file.format,
    size: file.size,
    status: 'uploading',
    progress: 0,
    error: null,
    errorCode: null,
    notes: [],
    speakers: [],
    rolesVersion: 0,
    wordCount: 0,
    language: null,
    turnCount: 0,
    creditSpent: false,
    ...(file.recording ? { recording: file.recording } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const created = mustTransition(null, rejection ? { type: 'refuse-at-reserve', ...rejection } : { type: 'reserve' }, now);
  const document: Interview = { ...base, ...created.fields };
  await withAccountUsage(db, uid, async (tx, usage) => {
    assertRejectedUploadsAllowed(usage, quotas, now);
    if (!rejection) await assertCanAddWaitingUpload(db, uid, quotas);
    writeTransition(db, tx, { projectId, documentId: ref.id, ownerId: uid }, created, now, document);
    return { result: undefined };
  });
  return document;
}

function precheck(fileName: string, size: number): { code: string; message: string } | null {
  if (size > MAX_UPLOAD_BYTES) {
    return { code: 'too-large', message: UPLOAD_SIZE_MESSAGES.tooLarge(size) };
  }
  if (size === 0) return { code: 'empty', message: 'This file is empty. Export the transcript again and upload the new file.' };
  const unsupported = unsupportedFormatMessage(fileName);
  return unsupported ? { code: 'unsupported-type', message: unsupported } : null;
}

/** The format the file name announces; the parser decides from the bytes later. */
function formatFromName(fileName: string): TranscriptFormat | null {
  const ext = extensionOf(fileName);
  return isAcceptedExtension(ext) ? (formatOfExtension(ext) ?? null) : null;
}

/**
 * The owner renames an interview or corrects its speakers' roles. A role change carries the version of the roles it
 * was made from (`rolesVersion`): made from roles changed meanwhile, it is refused (409) with the roles as they are
 * now, and nothing changes or is spent.
 */
export async function updateInterview(
  db: Firestore,
  uid: string,
  projectId: string,
  documentId: string,
  changes: { name?: unknown; speakers?: unknown; rolesVersion?: unknown },
): Promise<{ document: Interview; reanalysing: boolean; creditsRemaining?: number }> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  // The roles may name only this interview's own speakers.
  const request = requireBody(updateInterviewBody(doc.speakers.map((s) => s.label)), changes);
  const roles = request.speakers === undefined ? null : { speakers: applyRoles(doc.speakers, request.speakers), readVersion: request.rolesVersion };
  if (roles) assertRolesVersion(doc, roles.readVersion);
  const rolesChanged = roles !== null && rolesDiffer(doc.speakers, roles.speakers);
  // While the engine works on the interview (waiting for it, or running), a role change would be
  // saved under insights made with the old roles: refused, nothing changes.
  if (rolesChanged && isBeingAnalysed(doc)) throw new AppError('conflict', ROLE_CHANGE_WHILE_ANALYSING_MESSAGE);
  if (rolesChanged && canReanalyse(doc)) {
    // Who is a participant decides what may be quoted: the interview is analysed again, charged
    // like an upload; without credits nothing changes (402).
    const { document, creditsRemaining } = await reanalyseInterview(db, uid, projectId, documentId, roles);
    if (request.name !== undefined) await interviewRef(db, projectId, documentId).update({ name: request.name });
    return { document: { ...document, ...(request.name !== undefined ? { name: request.name } : {}) }, reanalysing: true, creditsRemaining };
  }
  const update: Partial<Interview> = { updatedAt: new Date() };
  if (request.name !== undefined) update.name = request.name;
  if (!rolesChanged) {
    await interviewRef(db, projectId, documentId).update(update);
    return { document: { ...doc, ...update }, reanalysing: false };
  }
  // New roles on an interview with no analysis to redo (one waiting for its roles to be checked: free, and nothing
  // is analysed until its owner asks): checked against the version again as they are written.
  const ref = interviewRef(db, projectId, documentId);
  const document = await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new AppError('not-found', 'This interview does not exist.');
    assertRolesVersion(current, roles.readVersion);
    // Sent to the insight engine meanwhile (its roles confirmed): these roles would not be the ones analysed.
    if (current.status !== doc.status && (isBeingAnalysed(current) || canReanalyse(current))) throw new AppError('conflict', ROLE_CHANGE_WHILE_ANALYSING_MESSAGE);
    const written = { ...update, speakers: roles.speakers, rolesVersion: current.rolesVersion + 1 };
    tx.update(ref, written);
    return { ...current, ...written };
  });
  return { document, reanalysing: false };
}

/** Parsed and waiting for the insight engine, or being analysed now. */
function isBeingAnalysed(doc: Pick<Interview, 'status'>): boolean {
  return doc.status === 'parsed' || doc.status === 'analyzing';
}

/**
 * Deletes one interview with its transcript, uploaded file and recording. Spent credits are not returned. `recordings`
 * is absent only where the interview cannot have a recording (a Drive import undoing the interview it just reserved).
 */
export async function deleteInterview(db: Firestore, files: FileStore, uid: string, projectId: string, documentId: string, recordings?: RecordingStore): Promise<void> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  await files.deletePrefix(uploadPrefix(uid, projectId, documentId));
  await recordings?.deletePrefix(recordingPrefix(uid, projectId, documentId));
  // Its quotes' public clips (their records go with the project's, below).
  if (recordings) await deletePublicClips(db, recordings, projectId, { documentId });
  // The researcher's clips of it: their files and records.
  if (recordings) await deleteInterviewClips(db, recordings, projectId, documentId);
  const insights = await insightsCollection(db, projectId).where('documentId', '==', documentId).get();
  const writer = db.bulkWriter();
  insights.docs.forEach((d) => void writer.delete(d.ref));
  await writer.close();
  await db.recursiveDelete(interviewRef(db, projectId, documentId));
  const { counts } = mustTransition(doc, { type: 'remove' }, new Date());
  await projectRef(db, projectId).update({ ...countsUpdate(counts, (n) => FieldValue.increment(n)), updatedAt: new Date() });
}
