/**
 * Plain data as Firestore holds it → the contract's types, for `projects/{p}/insights` and the project's synthesis
 * (`projects/{p}/synthesis/current`). The one reading both sides use: the server's and the web's converters only pass
 * in how a stored timestamp becomes a Date. Every field of the types is read here (a test holds a stored document
 * with every field set against the reading); missing or malformed fields read as empty, and a quote without its
 * anchor is left out rather than shown.
 */
import { INSIGHT_SOURCES, QUOTE_MATCHES } from './insight-fields';
import {
  type ConsolidatedInsight,
  type Insight,
  type InsightSource,
  type ProjectSynthesis,
  type Quote,
  type QuoteMatch,
  type SynthesisWriter,
  type TagGroup,
  type TagRef,
  type TokenUsage,
} from './insight';
import { dateOrEpoch, nonEmptyOrNull, num, record, records, str, strings, type Data, type ToDate } from './stored-fields';

/** The project synthesis as stored: what it says, who wrote it, and for which generation of the interviews. */
export interface StoredSynthesis extends ProjectSynthesis {
  /** Who wrote it; a synthesis from before this was recorded reads as the built-in one. */
  writer: SynthesisWriter;
  generation: number;
  documentCount: number;
  updatedAt: Date;
}

const offset = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/**
 * A stored quote, or null when it lacks what makes it a quote (text, document, speaker and offsets with start
 * before end). Quotes are shown only with their anchor, so an unanchored one is left out rather than guessed at.
 */
export function quoteFromData(d: unknown, fallbackDocumentId = ''): Quote | null {
  if (typeof d !== 'object' || d === null) return null;
  const q = d as Data;
  const start = offset(q.start);
  const end = offset(q.end);
  const documentId = str(q.documentId) || fallbackDocumentId;
  if (!str(q.text) || !documentId || !str(q.speaker) || start === null || end === null || end <= start) return null;
  const quote: Quote = { text: str(q.text), documentId, speaker: str(q.speaker), start, end };
  if (typeof q.ts === 'number' && Number.isFinite(q.ts) && q.ts >= 0) quote.ts = q.ts;
  // How it matched is left unset when it was not recorded (older quotes): "exact" would claim what nobody checked.
  if (QUOTE_MATCHES.includes(q.match as QuoteMatch)) quote.match = q.match as QuoteMatch;
  if (quote.match === 'fuzzy' && str(q.proposedText)) quote.proposedText = str(q.proposedText);
  return quote;
}

function quotesFromData(value: unknown, documentId = ''): Quote[] {
  return Array.isArray(value) ? value.map((q) => quoteFromData(q, documentId)).filter((q): q is Quote => q !== null) : [];
}

/** `projects/{p}/insights/{id}` data → `Insight`, every field of it (the optional ones read as null or empty). */
export function insightFromData(id: string, d: Data, toDate: ToDate): Insight {
  const documentId = str(d.documentId);
  return {
    id,
    title: str(d.title),
    description: str(d.description),
    tag: str(d.tag),
    documentId,
    quotes: quotesFromData(d.quotes, documentId),
    source: INSIGHT_SOURCES.includes(d.source as InsightSource) ? (d.source as InsightSource) : 'local',
    createdAt: dateOrEpoch(d.createdAt, toDate),
    theme: typeof d.theme === 'string' && d.theme.trim() ? d.theme : null,
    editedAt: toDate(d.editedAt),
    deletedAt: toDate(d.deletedAt),
    mergedInto: nonEmptyOrNull(d.mergedInto),
    mergedFrom: strings(d.mergedFrom),
    quotesRemovedAt: toDate(d.quotesRemovedAt),
  } satisfies Required<Insight>;
}

function tagGroupsFromData(value: unknown): TagGroup[] {
  return records(value).map((g) => ({
    groupLabel: str(g.groupLabel),
    tags: records(g.tags).map((t): TagRef => ({ originalTag: str(t.originalTag), refinedTag: str(t.refinedTag) || str(t.originalTag) })),
  }));
}

function consolidatedFromData(c: Data, index: number): ConsolidatedInsight {
  const quotes = quotesFromData(c.quotes);
  const documentIds = strings(c.documentIds);
  return {
    id: str(c.id) || `consolidated-${index}`,
    title: str(c.title),
    description: str(c.description),
    tag: str(c.tag),
    quotes,
    sourceInsightIds: strings(c.sourceInsightIds),
    // A quote keeps its own interview, so the interviews can be told from the quotes when they were not stored.
    documentIds: documentIds.length > 0 ? documentIds : [...new Set(quotes.map((q) => q.documentId))],
  };
}

function usageFromData(value: unknown): TokenUsage | null {
  if (typeof value !== 'object' || value === null) return null;
  const u = record(value);
  return { promptTokens: num(u.promptTokens), outputTokens: num(u.outputTokens), totalTokens: num(u.totalTokens), calls: num(u.calls) };
}

function writerFromData(value: unknown): SynthesisWriter {
  const w = record(value);
  return {
    analyser: w.analyser === 'gemini' ? 'gemini' : 'local',
    model: nonEmptyOrNull(w.model),
    fallback: nonEmptyOrNull(w.fallback),
    droppedIds: Math.max(0, num(w.droppedIds)),
    usage: usageFromData(w.usage),
  };
}

/** `projects/{p}/synthesis/current` data → `StoredSynthesis`. */
export function synthesisFromData(d: Data, toDate: ToDate): StoredSynthesis {
  return {
    summarySentence: str(d.summarySentence),
    consolidatedInsights: records(d.consolidatedInsights).map(consolidatedFromData),
    consolidatedGroupedTags: tagGroupsFromData(d.consolidatedGroupedTags),
    writer: writerFromData(d.writer),
    generation: num(d.generation),
    documentCount: num(d.documentCount),
    updatedAt: dateOrEpoch(d.updatedAt, toDate),
  };
}
