import type { Firestore } from 'firebase-admin/firestore';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import { assertCanStartInterview } from '../credits/credit-ledger';
import type { AccountQuotas } from '../config/server-limits';
import { ingestInterview, type IngestOutcome } from '../ingestion/ingest-interview';
import { logs } from '../lib/logs';
import { deleteInterview, reserveInterview } from '../interviews/interview-service';
import { ownedProject } from '../projects/ownership';
import type { FileStore } from '../storage/file-store';
import { downloadDriveFile } from './drive-client';
import {
  driveFailureMessage,
  internalFailureMessage,
  outOfTimeMessage,
  planDriveFile,
  removedMessage,
  type DriveFileRef,
  type DriveImportErrorCode,
  type DriveImportRequest,
  type DriveImportResult,
} from './drive-files';

export interface DriveImportDeps {
  db: Firestore;
  files: FileStore;
  /** The Drive API's address (the server config's `driveApiBase`). */
  apiBase: string;
  /** The account's quotas (default: the server config's). */
  quotas?: AccountQuotas;
  fetch?: typeof fetch;
  /** Per file, how long Drive may take to send it (default 60 s). */
  timeoutMs?: number;
  /**
   * How long the whole import may take (default 240 s, inside the function's 300 s): files not
   * started by then are left out, so the function is never stopped halfway through an interview.
   */
  budgetMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_BUDGET_MS = 240_000;
/** Too little time left to fetch and read a file: it is left for another import. */
const MIN_TIME_FOR_A_FILE_MS = 10_000;

export interface DriveImportSummary {
  /** One per requested file, in request order. */
  results: DriveImportResult[];
  /** The credits after the last interview the import charged for; undefined when none was. */
  creditsRemaining?: number;
}

/**
 * Imports picked Google Drive files into a project through the upload pipeline: each file's bytes
 * are fetched first (type checked from its name and mime type, at most MAX_UPLOAD_BYTES read),
 * and only then is an interview reserved and ingested exactly as an upload is — same credit
 * check, same statuses, same one credit on success. A file Drive does not give (missing, refused,
 * too large, unreadable) or that the account has no credit for gets an error and no interview.
 * Files go one after another, so a trial account's last credit goes to the first file that can
 * use it.
 */
export async function importDriveFiles(deps: DriveImportDeps, uid: string, projectId: string, request: DriveImportRequest): Promise<DriveImportSummary> {
  await ownedProject(deps.db, uid, projectId);
  const results: DriveImportResult[] = [];
  const state: ImportState = { tokenRefused: false, deadline: Date.now() + (deps.budgetMs ?? DEFAULT_BUDGET_MS) };
  for (const file of request.files) results.push(await importOne(deps, uid, projectId, file, request.accessToken, state));
  const documents = results.filter((r) => r.kind === 'document').length;
  logs.driveImportFinished(projectId, results.length, documents, results.length - documents);
  return { results, creditsRemaining: state.creditsRemaining };
}

interface ImportState {
  /** Drive answered 401: the token is no good, so the remaining files are not asked for. */
  tokenRefused: boolean;
  /** When the import stops starting files (ms since the epoch). */
  deadline: number;
  creditsRemaining?: number;
}

async function importOne(
  deps: DriveImportDeps,
  uid: string,
  projectId: string,
  file: DriveFileRef,
  accessToken: string,
  state: ImportState,
): Promise<DriveImportResult> {
  const plan = planDriveFile(file);
  if (!plan.ok) return refused(file, plan.code, plan.message);
  if (state.tokenRefused) return refused(file, 'no-access', driveFailureMessage(file.name, { kind: 'no-access' }));
  const timeLeft = state.deadline - Date.now();
  if (timeLeft < MIN_TIME_FOR_A_FILE_MS) return refused(file, 'timeout', outOfTimeMessage(file.name));
  // No download for a file the account has no credit for.
  if (!(await canStart(deps.db, uid))) return refused(file, 'out-of-credits', OUT_OF_CREDITS_MESSAGE);

  const download = await downloadDriveFile({
    apiBase: deps.apiBase,
    accessToken,
    fileId: file.id,
    source: plan.source,
    maxBytes: MAX_UPLOAD_BYTES,
    timeoutMs: Math.min(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, timeLeft - MIN_TIME_FOR_A_FILE_MS / 2),
    fetch: deps.fetch,
  });
  if (!download.ok) {
    if (download.status === 401) state.tokenRefused = true;
    logs.driveFileRefused(projectId, download.kind, download.status);
    return refused(file, download.kind, driveFailureMessage(file.name, download));
  }

  let reservation: Awaited<ReturnType<typeof reserveInterview>>;
  try {
    reservation = await reserveInterview(deps.db, uid, projectId, { fileName: plan.fileName, size: download.bytes.length }, new Date(), deps.quotas);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'payment-required') return refused(file, 'out-of-credits', err.message);
    if (err instanceof AppError && err.kind === 'too-many') return refused(file, 'quota', err.message);
    throw err;
  }
  const { document } = reservation;
  // Refused on its size (an empty file): failed at once with the reason, as an upload would be.
  if (document.status !== 'uploading') return documentResult(file, document.id, document.status, document.errorCode, document.error);

  let outcome: IngestOutcome;
  try {
    outcome = await ingestInterview(deps.db, {
      uid,
      projectId,
      documentId: document.id,
      bytes: download.bytes,
      fileName: plan.fileName,
      contentType: plan.contentType ?? download.contentType ?? undefined,
    }, undefined, deps.quotas);
  } catch (err) {
    // The pipeline could not even take the interview up: remove it rather than leave it half-made.
    logs.ingestionFailed(document.id, err);
    await deleteInterview(deps.db, deps.files, uid, projectId, document.id).catch(() => undefined);
    return refused(file, 'internal', internalFailureMessage(file.name));
  }
  if ('creditsRemaining' in outcome && typeof outcome.creditsRemaining === 'number') state.creditsRemaining = outcome.creditsRemaining;
  switch (outcome.status) {
    case 'parsed':
    case 'awaiting-roles':
      return documentResult(file, document.id, outcome.status, null, null);
    case 'failed':
      return documentResult(file, document.id, 'failed', outcome.code, outcome.message);
    case 'skipped':
      return refused(file, 'removed', removedMessage(file.name));
  }
}

async function canStart(db: Firestore, uid: string): Promise<boolean> {
  try {
    await assertCanStartInterview(db, uid);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.kind === 'payment-required') return false;
    throw err;
  }
}

function documentResult(
  file: DriveFileRef,
  id: string,
  status: Extract<DriveImportResult, { kind: 'document' }>['document']['status'],
  errorCode: string | null,
  error: string | null,
): DriveImportResult {
  return { kind: 'document', fileId: file.id, name: file.name, document: { id, status, errorCode, error } };
}

function refused(file: DriveFileRef, code: DriveImportErrorCode, message: string): DriveImportResult {
  return { kind: 'error', fileId: file.id, name: file.name, error: { code, message } };
}
