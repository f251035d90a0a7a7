import type { ConsolidatedInsight, Insight, InsightSource, ProjectSynthesis, Quote, SynthesisWriter, TagGroup, TagRef } from '@verbatim/contract/insight';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const toDateOrNull = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const offset = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
const SOURCES: readonly InsightSource[] = ['local', 'gemini', 'manual'];

/**
 * A stored quote, or null when it lacks what makes it a quote (text, document, speaker and offsets with start
 * before end). Quotes are shown only with their anchor, so an unanchored one is left out rather than guessed at.
 */
export function quoteFromData(d: unknown, fallbackDocumentId = ''): Quote | null {
  if (typeof d !== 'object' || d === null) return null;
  const q = d as Record<string, unknown>;
  const start = offset(q.start);
  const end = offset(q.end);
  const documentId = str(q.documentId) || fallbackDocumentId;
  if (!str(q.text) || !documentId || !str(q.speaker) || start === null || end === null || end <= start) return null;
  const quote: Quote = { text: str(q.text), documentId, speaker: str(q.speaker), start, end };
  if (typeof q.ts === 'number' && Number.isFinite(q.ts) && q.ts >= 0) quote.ts = q.ts;
  return quote;
}

function quotesFromData(value: unknown, documentId = ''): Quote[] {
  return Array.isArray(value) ? value.map((q) => quoteFromData(q, documentId)).filter((q): q is Quote => q !== null) : [];
}

function tagGroupsFromData(value: unknown): TagGroup[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((g): g is Record<string, unknown> => typeof g === 'object' && g !== null)
    .map((g) => ({
      groupLabel: str(g.groupLabel),
      tags: Array.isArray(g.tags)
        ? g.tags
            .filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null)
            .map((t): TagRef => ({ originalTag: str(t.originalTag), refinedTag: str(t.refinedTag) || str(t.originalTag) }))
        : [],
    }));
}

/** `projects/{p}/insights/{id}` data as the server stores it → `Insight`. */
export function insightFromData(id: string, d: DocumentData): Insight {
  const documentId = str(d.documentId);
  return {
    id,
    title: str(d.title),
    description: str(d.description),
    tag: str(d.tag),
    documentId,
    quotes: quotesFromData(d.quotes, documentId),
    source: SOURCES.includes(d.source) ? d.source : 'local',
    createdAt: toDate(d.createdAt),
    theme: typeof d.theme === 'string' && d.theme.trim() ? d.theme : null,
    editedAt: toDateOrNull(d.editedAt),
    deletedAt: toDateOrNull(d.deletedAt),
    mergedInto: typeof d.mergedInto === 'string' && d.mergedInto ? d.mergedInto : null,
    mergedFrom: Array.isArray(d.mergedFrom) ? d.mergedFrom.filter((x: unknown): x is string => typeof x === 'string') : [],
  };
}

export interface StoredSynthesis extends ProjectSynthesis {
  /** Who wrote it; a synthesis from before this was recorded reads as the built-in one. */
  writer: SynthesisWriter;
  generation: number;
  documentCount: number;
  updatedAt: Date;
}

/** `projects/{p}/synthesis/current` data → `StoredSynthesis`. */
export function synthesisFromData(d: DocumentData): StoredSynthesis {
  const consolidated: ConsolidatedInsight[] = (Array.isArray(d.consolidatedInsights) ? d.consolidatedInsights : [])
    .filter((c: unknown): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .map((c: Record<string, unknown>, i: number) => {
      const quotes = quotesFromData(c.quotes);
      const ids = Array.isArray(c.documentIds) ? c.documentIds.filter((x): x is string => typeof x === 'string') : [];
      return {
        id: str(c.id) || `consolidated-${i}`,
        title: str(c.title),
        description: str(c.description),
        tag: str(c.tag),
        quotes,
        sourceInsightIds: Array.isArray(c.sourceInsightIds) ? c.sourceInsightIds.filter((x): x is string => typeof x === 'string') : [],
        documentIds: ids.length > 0 ? ids : [...new Set(quotes.map((q) => q.documentId))],
      };
    });
  return {
    summarySentence: str(d.summarySentence),
    consolidatedInsights: consolidated,
    consolidatedGroupedTags: tagGroupsFromData(d.consolidatedGroupedTags),
    writer: writerFromData(d.writer),
    generation: typeof d.generation === 'number' ? d.generation : 0,
    documentCount: typeof d.documentCount === 'number' ? d.documentCount : 0,
    updatedAt: toDate(d.updatedAt),
  };
}

function writerFromData(value: unknown): SynthesisWriter {
  const w = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    analyser: w.analyser === 'gemini' ? 'gemini' : 'local',
    model: typeof w.model === 'string' && w.model ? w.model : null,
    fallback: typeof w.fallback === 'string' && w.fallback ? w.fallback : null,
    droppedIds: typeof w.droppedIds === 'number' && w.droppedIds > 0 ? w.droppedIds : 0,
    usage: null,
  };
}

/** The one converter for `insights` on the client: read-only (the server writes insights). */
export const insightConverter: FirestoreDataConverter<Insight> = {
  toFirestore(): never {
    throw new Error('Insights are written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Insight {
    return insightFromData(snap.id, snap.data(options));
  },
};

/** The one converter for `synthesis` on the client: read-only (the server writes it). */
export const synthesisConverter: FirestoreDataConverter<StoredSynthesis> = {
  toFirestore(): never {
    throw new Error('The project synthesis is written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): StoredSynthesis {
    return synthesisFromData(snap.data(options));
  },
};
