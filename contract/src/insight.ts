import type { InterviewSpeaker } from './project';
import type { TimeMark, Turn } from './transcript';
import type { Insight, InsightWordingField, ProposedInsight, Quote } from './insight-schema';

/**
 * Insights, quotes and themes. Pure TypeScript, shared by the server and the web client. An insight and its quotes are
 * described once, in `insight-schema.ts`; their types are re-exported here.
 */
export type { Insight, InsightField, InsightSource, InsightWording, InsightWordingField, ProposedInsight, ProposedQuote, Quote, QuoteMatch } from './insight-schema';
/** Whether an insight is shown (not deleted, not merged into another). */
export function isVisibleInsight(insight: Pick<Insight, 'deletedAt' | 'mergedInto'>): boolean {
  return !insight.deletedAt && !insight.mergedInto;
}

/** Whether an insight is the researcher's, so a re-analysis must keep it. */
export function isResearcherOwned(insight: Pick<Insight, 'source' | 'editedAt' | 'mergedFrom' | 'mergedInto'>): boolean {
  return insight.source === 'manual' || Boolean(insight.editedAt) || (insight.mergedFrom?.length ?? 0) > 0 || Boolean(insight.mergedInto);
}

export interface TagRef {
  originalTag: string;
  refinedTag: string;
}

/** A theme: a label and the tags grouped under it. */
export interface TagGroup {
  groupLabel: string;
  tags: TagRef[];
}

/** Counts of what the anchoring step did with an analyser's quotes. */
export interface QuoteStats {
  proposed: number;
  anchored: number;
  /** Not found in the transcript (invented or too paraphrased). */
  droppedUnanchored: number;
  /** Found, but in an interviewer's (or unknown role's) turn. */
  droppedInterviewer: number;
  /**
   * Found only as a close match that differed in a negation, a number or a name ("would not recommend" against
   * "would recommend"): refused, because the quote would say the opposite of the insight. Absent on older analyses.
   */
  droppedChangedMeaning?: number;
  /** Nothing but a question (what someone was asked, not what they think). Absent on older analyses. */
  droppedQuestions?: number;
  /** Of the anchored quotes, how many were close (`fuzzy`) matches. Absent on older analyses. */
  fuzzy?: number;
  /** Insights left without any quote, dropped whole. */
  droppedInsights: number;
}

// ---- What analysers see and propose ------------------------------------------------------

/** The parsed transcript handed to an analyser. */
export interface AnalysisInput {
  documentId: string;
  documentName: string;
  text: string;
  turns: Turn[];
  timeMarks: TimeMark[];
  speakers: InterviewSpeaker[];
  language: string | null;
}

export interface TokenUsage {
  promptTokens: number;
  outputTokens: number;
  totalTokens: number;
  calls: number;
}

/** What an analyser returns for one document, before anchoring. */
export interface InterviewAnalysis {
  insights: ProposedInsight[];
  groupedTags: TagGroup[];
  /** Sentences for the researcher (e.g. "This interview is in Portuguese; ..."). */
  notes: string[];
  usage?: TokenUsage;
}

export interface AnalysisProgress {
  done: number;
  total: number;
}

export type AnalyserName = 'local' | 'gemini';

export interface Analyser {
  readonly name: AnalyserName;
  /** The model behind it (Gemini's model id); absent for the built-in analyser. */
  readonly model?: string;
  analyse(input: AnalysisInput, onProgress?: (progress: AnalysisProgress) => void, run?: AnalysisRun): Promise<InterviewAnalysis>;
}

/** How one analysis runs: its deadline (epoch ms), from the time its function has left; every call and retry ends by it. */
export interface AnalysisRun {
  deadlineAtMs?: number;
  /** Told each model call's attempts and tokens as soon as it is settled, so a run stopped later has recorded them. */
  onSpent?: (spent: TokenUsage) => void;
}

/**
 * Why an analysis failed: `blocked` (the model's safety filters refused the interview or its answer), `too-long` (the
 * answer hit its token limit), `quota-exhausted` (the server's daily model quota is used up), `overloaded` (the model
 * stayed unavailable through every retry), `misconfigured` (the model refused the request itself: an unknown model id,
 * the key, or a setting it cannot honour — the operator's to fix), `too-much-input` (the request carries more than the
 * model reads at once), `unsupported-file` (the model does not take the file's type), `unsupported-language` (the model stopped
 * its answer for a language it does not support, finish reason LANGUAGE).
 */
export type AnalysisErrorCode =
  | 'timeout'
  | 'rate-limited'
  | 'provider-error'
  | 'malformed-response'
  | 'token-ceiling'
  | 'account-token-ceiling'
  | 'blocked'
  | 'too-long'
  | 'quota-exhausted'
  | 'overloaded'
  | 'misconfigured'
  | 'too-much-input'
  | 'unsupported-file'
  | 'unsupported-language'
  | 'internal';

/** An analyser failure that is not the file's fault (the credit is refunded). */
export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';

  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// ---- Project synthesis ------------------------------------------------------------------

/** Cross-interview insight: quotes keep their own documentId. */
export interface ConsolidatedInsight {
  id: string;
  title: string;
  description: string;
  tag: string;
  quotes: Quote[];
  /** The per-document insights merged into this one. */
  sourceInsightIds: string[];
  documentIds: string[];
}

export interface ProjectSynthesis {
  summarySentence: string;
  consolidatedInsights: ConsolidatedInsight[];
  consolidatedGroupedTags: TagGroup[];
}

/**
 * Who wrote the project synthesis. `gemini`: Gemini over the anchored insights (ids it invented are dropped and
 * counted); `local`: the built-in synthesis, either by the project's choice or as the fallback when Gemini could not
 * (then `fallback` says why, for the researcher).
 */
export interface SynthesisWriter {
  analyser: AnalyserName;
  model: string | null;
  /** Why the built-in synthesis stood in for Gemini's; null when the project's own choice was followed. */
  fallback: string | null;
  /** Ids in Gemini's answer that were not among the insights and quotes it was given (dropped). */
  droppedIds: number;
  usage: TokenUsage | null;
}

/**
 * How long a researcher's insight texts may be (the API, the web form and firestore.rules hold the
 * same numbers; a test compares them with the rules).
 */
export const INSIGHT_TEXT_LIMITS = { title: 200, description: 2000, tag: 80, theme: 80 } as const satisfies Record<InsightWordingField | 'theme', number>;
/** The longest passage one quote may span, in characters. */
export const MAX_QUOTE_CHARS = 5000;

/** The sentence for an insight text over its limit. */
export function insightTextTooLong(field: keyof typeof INSIGHT_TEXT_LIMITS): string {
  return `A ${field} can be at most ${INSIGHT_TEXT_LIMITS[field]} characters.`;
}

/**
 * Why an insight's text is refused, or null: a required one (the title) must have words, and each stays within its
 * limit once trimmed. The API's schemas and the web's forms both ask this.
 */
export function insightTextError(field: keyof typeof INSIGHT_TEXT_LIMITS, value: string, required: boolean): string | null {
  const trimmed = value.trim();
  if (required && trimmed === '') return `Please give the insight a ${field}.`;
  if (trimmed.length > INSIGHT_TEXT_LIMITS[field]) return insightTextTooLong(field);
  return null;
}

/**
 * Why a passage [start, end) of an interview's stored text cannot be quoted before the text is read, or null: whole
 * offsets in order, within the quote limit.
 */
export function passageOffsetsError(start: number, end: number): string | null {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start) return 'Select a passage of the transcript first.';
  if (end - start > MAX_QUOTE_CHARS) return `A quote can be at most ${MAX_QUOTE_CHARS} characters; select a shorter passage.`;
  return null;
}

/** The most insights one merge takes (the first kept, the others merged into it). */
export const MAX_MERGED_INSIGHTS = 20;
