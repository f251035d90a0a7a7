/**
 * What is searchable in a project, as entries: the transcript cut into passages (a speaker turn, or a run of its
 * sentences of about PASSAGE_WORDS words, as exact offsets into the stored text, never over a run longer than any
 * word), every visible insight (title, description, tag, theme) and each of its stored quotes. Pure.
 */
import type { Insight, Quote, TagGroup } from '@verbatim/contract/insight';
import type { SearchHit } from '@verbatim/contract/search';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { isVisibleInsight } from '@verbatim/contract/insight';
import { themeOf } from '@verbatim/contract/themes';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import { boundedPassages } from '../analysis/text-bounds';

/** A passage is cut at a sentence end once it has this many words. */
export const PASSAGE_WORDS = 80;

/** An indexed entry: a search hit without the names (looked up when answering) and the ranking. */
export type SearchEntry = Omit<SearchHit, 'projectName' | 'documentName' | 'highlights' | 'matchedBy' | 'score'> & {
  /** Whether the speaker is a participant (passages and quotes); an answer never cites the interviewer. */
  participant: boolean;
  /** Searched too (an insight's tag and theme), not shown. */
  extra: string;
};

export interface TranscriptForSearch {
  projectId: string;
  documentId: string;
  text: string;
  turns: readonly Turn[];
  timeMarks: readonly TimeMark[];
  /** Labels of the speakers who are participants. */
  participants: ReadonlySet<string>;
}

/** Spans [start, end) of `text` between `from` and `to`, each a run of whole sentences of about `words` words. */
export function passageSpans(text: string, from: number, to: number, words = PASSAGE_WORDS): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const sentenceEnd = /[.!?…]+["'”’)]*\s+|\n\s*\n/g;
  sentenceEnd.lastIndex = from;
  let start = from;
  let count = 0;
  let lastWordEnd = from;
  const countWords = (a: number, b: number) => (text.slice(a, b).match(/\S+/g) ?? []).length;
  for (let match = sentenceEnd.exec(text); match && match.index < to; match = sentenceEnd.exec(text)) {
    const end = match.index + match[0].trimEnd().length;
    count += countWords(lastWordEnd, end);
    lastWordEnd = end;
    if (count >= words) {
      spans.push(trimSpan(text, start, end));
      start = match.index + match[0].length;
      lastWordEnd = start;
      count = 0;
    }
  }
  if (start < to && text.slice(start, to).trim() !== '') spans.push(trimSpan(text, start, to));
  return spans.filter((s) => s.end > s.start);
}

function trimSpan(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

/** The transcript's passages, one entry each. */
export function passageEntries(transcript: TranscriptForSearch): SearchEntry[] {
  const entries: SearchEntry[] = [];
  // A turn's bounded passages (see text-bounds): no passage holds a run longer than any word, nor spans one.
  const spans = (turn: Turn) => boundedPassages(transcript.text, turn.start, turn.end).flatMap((p) => passageSpans(transcript.text, p.start, p.end));
  for (const turn of transcript.turns) {
    for (const span of spans(turn)) {
      entries.push({
        id: `t:${transcript.projectId}:${transcript.documentId}:${span.start}`,
        kind: 'passage',
        projectId: transcript.projectId,
        documentId: transcript.documentId,
        speaker: turn.speaker,
        participant: transcript.participants.has(turn.speaker),
        start: span.start,
        end: span.end,
        ts: quoteMoments(span, transcript.turns, transcript.timeMarks, { text: transcript.text })?.start ?? null,
        insightId: null,
        insightTitle: null,
        theme: null,
        text: transcript.text.slice(span.start, span.end),
        extra: '',
      });
    }
  }
  return entries;
}

/** The theme an insight is filed under: the researcher's choice, else its tag's group. */
export function insightTheme(insight: Pick<Insight, 'tag' | 'theme'>, groups: readonly TagGroup[]): string {
  return insight.theme?.trim() || themeOf(insight.tag, groups);
}

/**
 * The visible insights of a project and their quotes. A quote is kept only when it is still the exact span of its
 * interview's stored text (`texts`), so a result or a citation is always verbatim.
 */
export function insightEntries(projectId: string, insights: readonly Insight[], groups: readonly TagGroup[], texts: ReadonlyMap<string, string>): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const insight of insights) {
    if (!isVisibleInsight(insight)) continue;
    const theme = insightTheme(insight, groups);
    const title = insight.title.trim();
    entries.push({
      id: `i:${projectId}:${insight.id}`,
      kind: 'insight',
      projectId,
      documentId: insight.documentId,
      speaker: null,
      participant: false,
      start: null,
      end: null,
      ts: null,
      insightId: insight.id,
      insightTitle: title,
      theme,
      text: [title, insight.description.trim()].filter(Boolean).join(' — '),
      extra: `${insight.tag} ${theme}`,
    });
    insight.quotes.forEach((quote, k) => {
      if (!isVerbatim(quote, texts)) return;
      entries.push({
        id: `q:${projectId}:${insight.id}:${k}`,
        kind: 'quote',
        projectId,
        documentId: quote.documentId,
        speaker: quote.speaker,
        participant: true,
        start: quote.start,
        end: quote.end,
        ts: quote.ts ?? null,
        insightId: insight.id,
        insightTitle: title,
        theme,
        text: quote.text,
        extra: `${insight.tag} ${theme}`,
      });
    });
  }
  return entries;
}

function isVerbatim(quote: Quote, texts: ReadonlyMap<string, string>): boolean {
  const text = texts.get(quote.documentId);
  return text !== undefined && quote.end > quote.start && text.slice(quote.start, quote.end) === quote.text;
}
