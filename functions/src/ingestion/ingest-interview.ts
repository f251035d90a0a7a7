import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { parseTranscript } from '../analysis/parsers';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import type { InterviewSpeaker } from '@verbatim/contract/project';
import { isParseError, type ParsedTranscript } from '@verbatim/contract/transcript';
import { partId, splitTranscript } from '@verbatim/contract/transcript-parts';
import { withInterviewCharge } from '../credits/credit-ledger';
import { serverConfig } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { logs } from '../lib/logs';
import { finishReadingFile, startReadingFile } from '../quotas/account-quotas';
import { applyTransition, writeTransition, type InterviewKey } from '../interviews/apply-transition';
import { mustTransition, type AcceptedFields } from '../interviews/lifecycle';
import { interviewRef, transcriptCollection } from '../interviews/interview-refs';
import { nameFromTranscript, namedByNobody } from './name-from-transcript';

export interface IngestInput {
  uid: string;
  projectId: string;
  documentId: string;
  bytes: Uint8Array;
  fileName: string;
  contentType?: string;
}

export type IngestOutcome =
  | { status: 'parsed'; creditsRemaining: number; wordCount: number }
  /** Read, but who interviews is unsure: waiting for the owner to check the roles; no credit spent yet. */
  | { status: 'awaiting-roles'; wordCount: number; rolesQuestion: string }
  | { status: 'failed'; reason: 'file' | 'credits' | 'internal'; code: string; message: string; creditsRemaining?: number }
  | { status: 'failed'; reason: 'quota'; code: 'too-many-rejected'; message: string; retryAfterSeconds?: number }
  | { status: 'skipped'; message: string };

export const INTERNAL_FAILURE_MESSAGE = 'Something went wrong on our side while reading this file. Please upload it again.';

/**
 * The one ingestion pipeline behind both upload paths (API body and Cloud Storage trigger):
 * parse the bytes into speaker turns, store the transcript, then spend the credit and mark the
 * document `parsed` in one transaction. When who interviews is unsure (the parser's `rolesQuestion`),
 * the document waits in `awaiting-roles` instead, with no credit spent, for its owner to check the roles. A file rejected at parsing costs nothing; a file whose
 * credit cannot be spent (another upload took the last one) is marked failed and its stored
 * transcript removed. Nothing is half-written: the document only reads `parsed` once its
 * transcript is complete and the credit is spent.
 */
export async function ingestInterview(
  db: Firestore,
  input: IngestInput,
  now: () => Date = () => new Date(),
  quotas: AccountQuotas = serverConfig().limits.quotas,
): Promise<IngestOutcome> {
  const docRef = interviewRef(db, input.projectId, input.documentId);
  const snapshot = (await docRef.get()).data();
  if (!snapshot || snapshot.ownerId !== input.uid) return { status: 'skipped', message: 'The document no longer exists.' };
  if (snapshot.status !== 'uploading') {
    // A retried trigger or a repeated request: the first run already handled this document.
    return { status: 'skipped', message: `The document is already ${snapshot.status}.` };
  }
  // An account whose files keep being refused waits before more are read: parsing is our cost. The file takes
  // a place among the account's files being read first, so many at once cannot read more than the quota allows.
  const refusal = await startReadingFile(db, input.uid, input.documentId, quotas, now());
  if (refusal) {
    await markFailed(db, input, 'too-many-rejected', refusal.message, now());
    logs.interviewRejected(input.documentId, 'too-many-rejected');
    return { status: 'failed', reason: 'quota', code: 'too-many-rejected', message: refusal.message, retryAfterSeconds: refusal.retryAfterSeconds };
  }
  const read = await readFile(db, input, now).catch(async (err: unknown) => {
    await finishReadingFile(db, input.uid, input.documentId, false, now());
    throw err;
  });
  const refusedByParser = !read.ok && read.outcome.status === 'failed' && read.outcome.reason === 'file';
  await finishReadingFile(db, input.uid, input.documentId, refusedByParser, now());
  if (!read.ok) return read.outcome;
  const { parsed } = read;

  try {
    await docRef.update({ progress: 0.6, format: parsed.format, updatedAt: now() });
    await writeTranscript(db, input, parsed);
    return await acceptTranscript(db, input, parsed, now());
  } catch (err) {
    logs.ingestionFailed(input.documentId, err);
    await deleteTranscript(db, input).catch(() => undefined);
    await markFailed(db, input, 'internal', INTERNAL_FAILURE_MESSAGE, now());
    return { status: 'failed', reason: 'internal', code: 'internal', message: INTERNAL_FAILURE_MESSAGE };
  }
}

/** Marks the document as being parsed and parses it: the transcript, or the outcome that ends the upload. */
async function readFile(
  db: Firestore,
  input: IngestInput,
  now: () => Date,
): Promise<{ ok: true; parsed: ParsedTranscript } | { ok: false; outcome: IngestOutcome }> {
  const docRef = interviewRef(db, input.projectId, input.documentId);
  const started = await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    return doc ? applyTransition(db, tx, keyOf(input), doc, { type: 'start-parsing', size: input.bytes.byteLength }, now()) : null;
  });
  if (!started) return { ok: false, outcome: { status: 'skipped', message: 'The document was removed or moved on before it was read.' } };
  try {
    return { ok: true, parsed: await parseTranscript({ bytes: input.bytes, fileName: input.fileName, contentType: input.contentType }) };
  } catch (err) {
    if (isParseError(err)) {
      await markFailed(db, input, err.code, err.message, now());
      logs.interviewRejected(input.documentId, err.code);
      return { ok: false, outcome: { status: 'failed', reason: 'file', code: err.code, message: err.message } };
    }
    logs.ingestionFailed(input.documentId, err);
    await markFailed(db, input, 'internal', INTERNAL_FAILURE_MESSAGE, now());
    return { ok: false, outcome: { status: 'failed', reason: 'internal', code: 'internal', message: INTERNAL_FAILURE_MESSAGE } };
  }
}

/** Which interview a transcript belongs to. */
export type TranscriptTarget = Pick<IngestInput, 'uid' | 'projectId' | 'documentId'>;

/** Stores a parsed transcript's parts under the interview (before it is accepted: see `acceptTranscript`). */
export async function writeTranscript(db: Firestore, input: TranscriptTarget, parsed: ParsedTranscript): Promise<void> {
  const parts = splitTranscript(
    { text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [] },
    parsed.speakers.map((s) => s.label),
  );
  const collection = transcriptCollection(db, input.projectId, input.documentId);
  // Parts can be near 1 MiB each; a few per batch keeps each commit under the request limit.
  for (let i = 0; i < parts.length; i += 8) {
    const batch = db.batch();
    for (const part of parts.slice(i, i + 8)) batch.set(collection.doc(partId(part)), part);
    await batch.commit();
  }
}

export async function deleteTranscript(db: Firestore, input: TranscriptTarget): Promise<void> {
  await db.recursiveDelete(transcriptCollection(db, input.projectId, input.documentId));
}

/** How a stored transcript is accepted besides what every transcript gets. */
export interface AcceptOptions {
  /** The interview's credit was spent before (when its recording's transcription started): none is charged now. */
  prepaid?: boolean;
  /** More fields of the interview written in the same transaction (a machine transcript's origin, its recording). */
  fields?: Readonly<Record<string, unknown>>;
}

/**
 * The interview's stored transcript (`writeTranscript`) is accepted: the interview is `parsed` with the transcript's
 * fields and its credit spent in one transaction (or waits in `awaiting-roles` when who interviews is unsure). An
 * uploaded transcript and one Gemini made from a recording both end here. When the interview is gone or moved on, or
 * the credit cannot be spent, the stored transcript is removed again.
 */
export async function acceptTranscript(db: Firestore, input: TranscriptTarget, parsed: ParsedTranscript, at: Date, options: AcceptOptions = {}): Promise<IngestOutcome> {
  const docRef = interviewRef(db, input.projectId, input.documentId);
  const extra = options.fields ?? {};
  // An interview nobody named (a Word or PDF file, a Drive import, a recording, an API upload) is named from its
  // transcript now that it can be read: its participant and its date, as the upload list proposes for a text file.
  const writeExtra = (tx: Transaction, doc: { name: string; fileName: string }) => {
    const proposed = namedByNobody(doc) ? nameFromTranscript(doc.fileName, parsed) : null;
    const named = proposed ? { name: proposed } : {};
    const update = { ...extra, ...named };
    if (Object.keys(update).length > 0) tx.update(docRef, update);
  };
  const fields: AcceptedFields = {
    format: parsed.format,
    notes: parsed.notes,
    speakers: parsed.speakers.map((s): InterviewSpeaker => ({ ...s })),
    wordCount: parsed.wordCount,
    language: parsed.language,
    turnCount: parsed.turns.length,
  };
  const { rolesQuestion } = parsed;
  const result = rolesQuestion
    ? // Who interviews is a guess that could quote the interviewer: the interview waits for its owner to check the
      // roles, and its credit is spent only when they ask for the analysis (see confirm-roles).
      await db.runTransaction(async (tx) => {
        const doc = (await tx.get(docRef)).data();
        if (!doc || doc.status !== 'parsing') return { kind: 'gone' as const };
        writeTransition(db, tx, keyOf(input), mustTransition(doc, { type: 'accept-unsure', fields, rolesQuestion }, at), at);
        writeExtra(tx, doc);
        return { kind: 'awaiting-roles' as const, rolesQuestion };
      })
    : await withInterviewCharge(db, input.uid, docRef, (tx, doc, charge) => {
        if (!doc || doc.status !== 'parsing') return { kind: 'gone' as const };
        if (options.prepaid) {
          writeTransition(db, tx, keyOf(input), mustTransition(doc, { type: 'accept', fields, creditSpent: doc.creditSpent }, at), at);
          writeExtra(tx, doc);
          return { kind: 'accepted' as const, creditsRemaining: charge.creditsNow };
        }
        if (!charge.accepted) {
          writeTransition(db, tx, keyOf(input), mustTransition(doc, { type: 'refuse-credits', code: 'out-of-credits', message: OUT_OF_CREDITS_MESSAGE }, at), at);
          return { kind: 'refused' as const, creditsRemaining: charge.creditsRemaining };
        }
        writeTransition(db, tx, keyOf(input), mustTransition(doc, { type: 'accept', fields, creditSpent: charge.spent }, at), at);
        writeExtra(tx, doc);
        charge.spend(at);
        return { kind: 'accepted' as const, creditsRemaining: charge.creditsRemaining };
      });

  if (result.kind === 'accepted' || result.kind === 'awaiting-roles') {
    logs.documentParsed(input.documentId, parsed.wordCount, parsed.turns.length);
    return result.kind === 'accepted'
      ? { status: 'parsed', creditsRemaining: result.creditsRemaining, wordCount: parsed.wordCount }
      : { status: 'awaiting-roles', wordCount: parsed.wordCount, rolesQuestion: result.rolesQuestion };
  }
  await deleteTranscript(db, input);
  if (result.kind === 'gone') return { status: 'skipped', message: 'The document was removed while it was being read.' };
  return { status: 'failed', reason: 'credits', code: 'out-of-credits', message: OUT_OF_CREDITS_MESSAGE, creditsRemaining: result.creditsRemaining };
}

async function markFailed(db: Firestore, input: TranscriptTarget, code: string, message: string, at: Date): Promise<void> {
  const docRef = interviewRef(db, input.projectId, input.documentId);
  await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    if (doc) await applyTransition(db, tx, keyOf(input), doc, { type: 'refuse-file', code, message }, at);
  });
}

function keyOf(input: TranscriptTarget): InterviewKey {
  return { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
}
