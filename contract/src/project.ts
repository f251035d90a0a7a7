import type { AnalyserName, QuoteStats, TagGroup, TokenUsage } from './insight';
import type { InterviewRecording, TranscriptOrigin } from './recording';
import type { SpeakerRole, TranscriptFormat } from './transcript';

/** `projects/{projectId}`: created, renamed and deleted by its owner through the API. */
export interface Project {
  id: string;
  ownerId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  counts: ProjectCounts;
  settings: ProjectSettings;
}

/**
 * How a project's interviews are analysed. `local` keeps every word on our servers; `gemini` sends
 * the transcript to Google's Gemini API, with names, emails and phone numbers redacted first
 * unless the owner turns redaction off.
 */
export interface ProjectSettings {
  analyser: AnalyserName;
  redactPii: boolean;
}

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { analyser: 'local', redactPii: true };

/**
 * What a new project gets: Gemini (redaction on) where the server has a Gemini key, the built-in analyser
 * otherwise. The owner can choose the built-in analyser (nothing leaves Verbatim's servers) at any time.
 */
export function defaultProjectSettings(geminiConfigured: boolean): ProjectSettings {
  return { analyser: geminiConfigured ? 'gemini' : 'local', redactPii: true };
}

/** Server-maintained tallies of a project's documents. */
export interface ProjectCounts {
  documents: number;
  parsed: number;
  failed: number;
  words: number;
}

export const EMPTY_COUNTS: ProjectCounts = { documents: 0, parsed: 0, failed: 0, words: 0 };

/**
 * A document's life: `uploading` → `parsing` → `parsed` → `analyzing` → `ready`, or `failed` with
 * a sentence saying why. When the parser cannot tell who interviews, `parsing` → `awaiting-roles`: read,
 * no credit spent, waiting for the owner to check the speakers' roles and ask for the analysis (→ `parsed`).
 * Written by the server only.
 */
export type InterviewStatus = 'uploading' | 'parsing' | 'awaiting-roles' | 'parsed' | 'analyzing' | 'ready' | 'failed';

export const DOCUMENT_STATUSES: readonly InterviewStatus[] = ['uploading', 'parsing', 'awaiting-roles', 'parsed', 'analyzing', 'ready', 'failed'];

/** A speaker as shown to the researcher; the role is the server's guess until the owner corrects it. */
export interface InterviewSpeaker {
  label: string;
  role: SpeakerRole;
  aliases: string[];
  turnCount: number;
  wordCount: number;
}

/** `projects/{projectId}/documents/{documentId}`: metadata only; the text lives in `transcript/` parts. */
export interface Interview {
  id: string;
  projectId: string;
  ownerId: string;
  name: string;
  fileName: string;
  format: TranscriptFormat | null;
  size: number;
  status: InterviewStatus;
  /** 0..1 progress of the current server step. */
  progress: number;
  error: string | null;
  errorCode: string | null;
  notes: string[];
  speakers: InterviewSpeaker[];
  /**
   * How many times the owner has changed the speakers' roles (0 as parsed). A role change carries the version it was
   * made from; one made from roles changed meanwhile is refused (409), so it never undoes a change already paid for.
   */
  rolesVersion: number;
  /**
   * Why the speakers' roles are a guess that could quote the interviewer (the parser's `rolesQuestion`), when they
   * were: the interview then waited in `awaiting-roles` for the owner to check them. Absent when the parser was sure.
   */
  rolesQuestion?: string;
  wordCount: number;
  language: string | null;
  turnCount: number;
  /** True once a credit was spent on this document (so a refund knows what to give back). */
  creditSpent: boolean;
  /** Set when the insight engine has run. */
  analysis?: InterviewAnalysisSummary;
  /** The interview's recording, when one was uploaded (see recording.ts). */
  recording?: InterviewRecording;
  /** `machine` when Gemini transcribed the recording; absent (read as `file`) for an uploaded transcript. */
  transcriptOrigin?: TranscriptOrigin;
  /** How many times the researcher corrected the transcript's words or speaker names (0 or absent: as read). */
  transcriptVersion?: number;
  createdAt: Date;
  updatedAt: Date;
}

export const MAX_PROJECT_NAME_LENGTH = 120;

/** Trimmed, inner runs of blank space collapsed to one space (as the server stores it). */
export function cleanProjectName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Why a project name is refused (create and rename, checked by the web before calling and by the server), or null. */
export function projectNameError(name: unknown): string | null {
  const cleaned = typeof name === 'string' ? cleanProjectName(name) : '';
  if (cleaned === '') return 'Please give the project a name.';
  if (cleaned.length > MAX_PROJECT_NAME_LENGTH) return `A project name can be at most ${MAX_PROJECT_NAME_LENGTH} characters.`;
  return null;
}
export const MAX_DOCUMENT_NAME_LENGTH = 200;

/** Why an interview name is refused (a rename, checked by the web before calling and by the server), or null. */
export function documentNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Please give the interview a name.';
  if (trimmed.length > MAX_DOCUMENT_NAME_LENGTH) return `An interview name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`;
  return null;
}

/** What the insight engine did with one interview. */
export interface InterviewAnalysisSummary {
  analyser: AnalyserName;
  /** The Gemini model that wrote the insights (null for the built-in analyser and older analyses). */
  model?: string | null;
  groupedTags: TagGroup[];
  quoteStats: QuoteStats;
  insightCount: number;
  notes: string[];
  usage: TokenUsage | null;
  completedAt: Date;
}
