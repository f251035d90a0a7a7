/**
 * Search and Ask across a researcher's own projects: the wire types of `GET /api/search` and
 * `POST /api/search/ask`, their limits and messages. Pure TypeScript, shared by the server and the web client.
 */

/** What a result is: a stored quote of an insight, an insight (title, description, tag, theme), or a passage of a transcript. */
export type SearchKind = 'quote' | 'insight' | 'passage';

export const SEARCH_KINDS: readonly SearchKind[] = ['quote', 'insight', 'passage'];

export const MAX_QUERY_LENGTH = 300;
export const MAX_QUESTION_LENGTH = 500;
/** Results one search returns at most. */
export const MAX_SEARCH_RESULTS = 100;

export interface SearchFilters {
  projectId?: string;
  documentId?: string;
  speaker?: string;
  theme?: string;
  kind?: SearchKind;
}

/** A character range [start, end) inside a result's `text` to show highlighted. */
export interface HighlightRange {
  start: number;
  end: number;
}

export interface SearchHit {
  /** Stable id of the indexed entry. */
  id: string;
  kind: SearchKind;
  projectId: string;
  projectName: string;
  /** The interview the passage or quote is from (an insight's: the interview it was found in). */
  documentId: string;
  documentName: string;
  /** Passages and quotes: who said it. */
  speaker: string | null;
  /** Passages and quotes: offsets into the stored transcript text. */
  start: number | null;
  end: number | null;
  /** Source timestamp in seconds, when the transcript has one. */
  ts: number | null;
  /** Insights and their quotes. */
  insightId: string | null;
  insightTitle: string | null;
  theme: string | null;
  /** What is shown: the verbatim span (passage, quote) or the insight's title and description. */
  text: string;
  highlights: HighlightRange[];
  /** How it matched: by its words, by meaning, or both. */
  matchedBy: 'words' | 'meaning' | 'both';
  score: number;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface SearchResponse {
  query: string;
  /** Hits after the filters, best first. */
  hits: SearchHit[];
  /** Every hit before the filters, counted by project, interview, speaker, theme and kind: the filter choices. */
  facets: { projects: FacetValue[]; documents: FacetValue[]; speakers: FacetValue[]; themes: FacetValue[]; kinds: FacetValue[] };
  total: number;
}

/** A passage an answer cites: always a stored verbatim span (a transcript passage or an insight's quote). */
export interface AskPassage {
  /** The id the answer cites it by ("P1", "P2", …). */
  id: string;
  kind: 'quote' | 'passage';
  projectId: string;
  projectName: string;
  documentId: string;
  documentName: string;
  speaker: string;
  start: number;
  end: number;
  ts: number | null;
  theme: string | null;
  text: string;
  /** The sentence of `text` that speaks to the question (offsets in `text`), marked where it is shown; null when none does by its words. */
  focus: { start: number; end: number } | null;
}

export interface AskSentence {
  text: string;
  citations: string[];
}

export type AskMode = 'gemini' | 'extractive' | 'nothing';

export interface AskResponse {
  question: string;
  mode: AskMode;
  /** `gemini`: the written answer, each sentence citing passages. */
  sentences: AskSentence[];
  /** `extractive`: the first line, how many interviews speak to the question ("3 interviews speak to this"). */
  headline: string | null;
  passages: AskPassage[];
  /** What the server removed from the model's answer. */
  dropped: { citations: number; sentences: number };
  /** One sentence for the researcher about how the answer was made (e.g. why it is extractive). */
  notice: string | null;
}

export const NOTHING_RELEVANT_MESSAGE = 'Nothing in your interviews answers this. Try other words, or ask about something your participants talked about.';

/** The filters from query-string values; unknown or blank values are left out. Throws a message for a bad kind. */
export function parseSearchFilters(raw: Record<string, unknown>): SearchFilters {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : undefined);
  const filters: SearchFilters = {};
  const projectId = text(raw.projectId);
  const documentId = text(raw.documentId);
  const speaker = text(raw.speaker);
  const theme = text(raw.theme);
  const kind = text(raw.kind);
  if (projectId) filters.projectId = projectId;
  if (documentId) filters.documentId = documentId;
  if (speaker) filters.speaker = speaker;
  if (theme) filters.theme = theme;
  if (kind) {
    if (!SEARCH_KINDS.includes(kind as SearchKind)) throw new Error(`kind must be one of ${SEARCH_KINDS.join(', ')}.`);
    filters.kind = kind as SearchKind;
  }
  return filters;
}
