/**
 * An interview's lifecycle in one table (pure: no I/O). Every server step that moves an interview
 * from one status to another asks `transition` what it may do: the new status, the document
 * fields to write, how the project's counts change and whether a spent credit goes back. The
 * writers (`applyTransition`) only carry that out inside their own transaction.
 *
 *   (new) ──reserve──▶ uploading ──start-parsing──▶ parsing ──accept──▶ parsed ──start-analysis──▶ analyzing ──finish-analysis──▶ ready
 *     │                   │                           │                   ▲                            │
 *     └─refuse-at-reserve─┴──refuse-file/stop-stuck───┴─refuse-file,      └──request-reanalysis── ready, failed (analysis-…)
 *                                      ▼                refuse-credits,                                │
 *                                    failed ◀───────────stop-stuck───────────────fail-analysis/stop-stuck
 *
 *   When the roles are unsure: parsing ──accept-unsure (no credit)──▶ awaiting-roles ──confirm-roles (the credit)──▶ parsed
 *
 *   A recording Gemini transcribes: parsing ──start-transcription (the credit, spent as the transcription starts)──▶
 *   parsing ──accept──▶ parsed (no second credit), or ──refuse-file──▶ failed (the credit returned). An unsure machine
 *   transcript waits in awaiting-roles with its credit spent, and confirming its roles spends nothing more.
 *
 * Invariants the table keeps: a failed interview never holds a spent credit (moving to `failed`
 * refunds it); an interview whose file was read counts among the project's parsed interviews with
 * its words until it is deleted, even when its analysis fails or it waits for its roles to be checked;
 * one whose file was refused counts among the failed files. An interview waiting for its roles
 * (`awaiting-roles`) has spent no credit and waits for its owner, not for a function: nothing stops it.
 */
import type { InterviewStatus, Interview } from '@verbatim/contract/project';

export type InterviewEvent =
  /** The upload is reserved: the file is on its way. */
  | { type: 'reserve' }
  /** Refused on its declared name or size before any byte was sent. */
  | { type: 'refuse-at-reserve'; code: string; message: string }
  /** The file arrived and is being read. */
  | { type: 'start-parsing'; size: number }
  /** The file was read and its credit spent (or none needed): ready for the insight engine. */
  | { type: 'accept'; fields: AcceptedFields; creditSpent: boolean }
  /**
   * The file was read, but who interviews is a guess that could quote the interviewer (`rolesQuestion` says why): the
   * interview waits for its owner to check the roles, and no credit is spent yet.
   */
  | { type: 'accept-unsure'; fields: AcceptedFields; rolesQuestion: string }
  /** Gemini starts transcribing the interview's recording: its credit is spent now (`creditSpent`; none for a subscriber). */
  | { type: 'start-transcription'; creditSpent: boolean }
  /** The owner asks for the analysis with the roles as they are now: the credit is spent (or none needed). */
  | { type: 'confirm-roles'; creditSpent: boolean }
  /** The file cannot be used (unreadable, unsupported, the account's refusals quota, our own failure). */
  | { type: 'refuse-file'; code: string; message: string }
  /** Read, but the account had no credit left when it was to be spent. */
  | { type: 'refuse-credits'; code: string; message: string }
  /** The insight engine claims a parsed interview. */
  | { type: 'start-analysis' }
  /** The insights are written. */
  | { type: 'finish-analysis'; analysis: NonNullable<Interview['analysis']> }
  /** The analysis failed for a reason that is not the file's. */
  | { type: 'fail-analysis'; code: string; message: string }
  /** The researcher asks for the analysis again (charged like an upload), with new speaker roles or not. */
  | { type: 'request-reanalysis'; creditSpent: boolean; speakers?: Interview['speakers'] }
  /** A step died mid-way and the sweeper stops it. */
  | { type: 'stop-stuck'; code: string; message: string }
  /**
   * The owner corrected the transcript's words or speakers' names (no analysis, no credit): its words counted again,
   * its speakers as renamed, one more version of the transcript (and of the roles, when speakers were renamed).
   */
  | { type: 'correct-transcript'; wordCount: number; speakers: Interview['speakers']; speakersRenamed: boolean }
  /** The interview is deleted with everything it holds. */
  | { type: 'remove' };

export type InterviewEventType = InterviewEvent['type'];

export type AcceptedFields = Pick<Interview, 'format' | 'notes' | 'speakers' | 'wordCount' | 'language' | 'turnCount'>;

/** How the project's `counts` change. */
export interface CountsChange {
  documents: number;
  parsed: number;
  words: number;
  failed: number;
}

export interface Transition {
  from: InterviewStatus | null;
  /** The new status; null when the interview is gone. */
  to: InterviewStatus | null;
  /** Fields to write on the interview (empty when it is created or removed by the caller). */
  fields: Partial<Interview>;
  counts: CountsChange;
  /** A credit goes back to the owner. */
  refund: boolean;
}

export type TransitionResult = { allowed: true; transition: Transition } | { allowed: false; reason: string };

/** What a transition needs to know of the interview as it is now (null: not created yet). */
export type InterviewState =
  | (Pick<Interview, 'status' | 'errorCode' | 'wordCount' | 'creditSpent'> & Partial<Pick<Interview, 'rolesVersion' | 'transcriptVersion'>>)
  | null;

/** Which statuses each event may start from (`null`: the interview does not exist yet). */
export const ALLOWED_FROM: Readonly<Record<InterviewEventType, readonly (InterviewStatus | null)[]>> = {
  reserve: [null],
  'refuse-at-reserve': [null],
  'start-parsing': ['uploading'],
  'start-transcription': ['parsing'],
  accept: ['parsing'],
  'accept-unsure': ['parsing'],
  'confirm-roles': ['awaiting-roles'],
  'refuse-file': ['uploading', 'parsing'],
  'refuse-credits': ['parsing'],
  'start-analysis': ['parsed'],
  'finish-analysis': ['analyzing'],
  'fail-analysis': ['analyzing'],
  'request-reanalysis': ['ready', 'failed'],
  'stop-stuck': ['uploading', 'parsing', 'analyzing'],
  // Read and not being analysed (a parsed interview is corrected before the engine claims it; a failed one only when
  // its analysis failed, so it has a transcript).
  'correct-transcript': ['awaiting-roles', 'parsed', 'ready', 'failed'],
  remove: ['uploading', 'parsing', 'awaiting-roles', 'parsed', 'analyzing', 'ready', 'failed'],
};

const NO_CHANGE: CountsChange = { documents: 0, parsed: 0, words: 0, failed: 0 };

/** An interview whose analysis failed still has its transcript: it can be analysed again. */
export function analysisFailed(doc: Pick<Interview, 'status' | 'errorCode'>): boolean {
  return doc.status === 'failed' && (doc.errorCode ?? '').startsWith('analysis-');
}

/** Whether an interview can be analysed again: it has a transcript and is not being analysed. */
export function canReanalyse(doc: Pick<Interview, 'status' | 'errorCode'>): boolean {
  return doc.status === 'ready' || analysisFailed(doc);
}

/** Whether the interview's file was read (it counts among the project's parsed interviews, with its words). */
export function wasParsed(doc: Pick<Interview, 'status' | 'errorCode'>): boolean {
  return doc.status === 'awaiting-roles' || doc.status === 'parsed' || doc.status === 'analyzing' || doc.status === 'ready' || analysisFailed(doc);
}

/** The transition `event` makes from `doc` at `at`, or why it may not happen now. */
export function transition(doc: InterviewState, event: InterviewEvent, at: Date): TransitionResult {
  const from = doc?.status ?? null;
  if (!ALLOWED_FROM[event.type].includes(from)) {
    return { allowed: false, reason: `An interview that is ${from ?? 'not created'} cannot ${event.type.replace(/-/g, ' ')}.` };
  }
  if (event.type === 'request-reanalysis' && doc && !canReanalyse(doc)) {
    return { allowed: false, reason: 'An interview whose file could not be read has no transcript to analyse again.' };
  }
  if (event.type === 'correct-transcript' && doc && !wasParsed(doc)) {
    return { allowed: false, reason: 'An interview whose file could not be read has no transcript to correct.' };
  }
  const allowed = (to: InterviewStatus | null, fields: Partial<Interview>, counts: CountsChange = NO_CHANGE, refund = false): TransitionResult => ({
    allowed: true,
    transition: { from, to, fields: to === null ? {} : { ...fields, status: to, updatedAt: at }, counts, refund },
  });
  const failed = (code: string, message: string): TransitionResult => {
    // Moving to `failed` gives back a spent credit; a file that was never read counts among the failed files.
    const refund = doc?.creditSpent ?? false;
    const counts = from === 'analyzing' ? NO_CHANGE : { ...NO_CHANGE, failed: 1 };
    return allowed('failed', { progress: 1, error: message, errorCode: code, creditSpent: false }, counts, refund);
  };

  switch (event.type) {
    case 'reserve':
      return allowed('uploading', { progress: 0, error: null, errorCode: null, creditSpent: false }, { ...NO_CHANGE, documents: 1 });
    case 'refuse-at-reserve':
      return allowed(
        'failed',
        { progress: 1, error: event.message, errorCode: event.code, creditSpent: false },
        { ...NO_CHANGE, documents: 1, failed: 1 },
      );
    case 'start-parsing':
      return allowed('parsing', { progress: 0.1, size: event.size });
    case 'start-transcription':
      return allowed('parsing', { progress: 0.2, creditSpent: event.creditSpent });
    case 'accept':
      return allowed(
        'parsed',
        { ...event.fields, progress: 1, error: null, errorCode: null, creditSpent: event.creditSpent },
        { ...NO_CHANGE, parsed: 1, words: event.fields.wordCount },
      );
    case 'accept-unsure':
      return allowed(
        'awaiting-roles',
        // A machine transcript's credit was spent when its transcription started: it stays spent.
        { ...event.fields, rolesQuestion: event.rolesQuestion, progress: 1, error: null, errorCode: null, creditSpent: doc?.creditSpent ?? false },
        { ...NO_CHANGE, parsed: 1, words: event.fields.wordCount },
      );
    case 'confirm-roles':
      return allowed('parsed', { progress: 0, creditSpent: event.creditSpent });
    case 'refuse-file':
    case 'refuse-credits':
    case 'fail-analysis':
    case 'stop-stuck':
      return failed(event.code, event.message);
    case 'start-analysis':
      return allowed('analyzing', { progress: 0 });
    case 'finish-analysis':
      return allowed('ready', { progress: 1, error: null, errorCode: null, analysis: event.analysis });
    case 'request-reanalysis':
      return allowed('parsed', {
        progress: 0,
        error: null,
        errorCode: null,
        creditSpent: event.creditSpent || (doc?.creditSpent ?? false),
        // New roles count as a new version of them: a change made from the old ones is refused.
        ...(event.speakers ? { speakers: event.speakers, rolesVersion: (doc?.rolesVersion ?? 0) + 1 } : {}),
      });
    case 'correct-transcript':
      return allowed(
        from!,
        {
          wordCount: event.wordCount,
          speakers: event.speakers,
          transcriptVersion: (doc?.transcriptVersion ?? 0) + 1,
          ...(event.speakersRenamed ? { rolesVersion: (doc?.rolesVersion ?? 0) + 1 } : {}),
        },
        { ...NO_CHANGE, words: event.wordCount - (doc?.wordCount ?? 0) },
      );
    case 'remove':
      return allowed(null, {}, countsWithout(doc!));
  }
}

/** Like `transition`, for callers that have already checked the status: throws when it is not allowed. */
export function mustTransition(doc: InterviewState, event: InterviewEvent, at: Date): Transition {
  const result = transition(doc, event, at);
  if (!result.allowed) throw new Error(result.reason);
  return result.transition;
}

/**
 * How the project's counts change when `doc` goes. An interview whose analysis failed was parsed (it counts among
 * the parsed, with its words, not among the failed files); one whose file could not be read counts as failed.
 */
export function countsWithout(doc: Pick<Interview, 'status' | 'errorCode' | 'wordCount'>): CountsChange {
  const parsed = wasParsed(doc);
  return {
    documents: -1,
    parsed: parsed ? -1 : 0,
    words: parsed ? -doc.wordCount : 0,
    failed: doc.status === 'failed' && !parsed ? -1 : 0,
  };
}

/** The project fields that carry a counts change (`FieldValue.increment` is passed in). */
export function countsUpdate<T>(counts: CountsChange, increment: (n: number) => T): Record<string, T> {
  const update: Record<string, T> = {};
  for (const key of ['documents', 'parsed', 'words', 'failed'] as const) {
    if (counts[key] !== 0) update[`counts.${key}`] = increment(counts[key]);
  }
  return update;
}
