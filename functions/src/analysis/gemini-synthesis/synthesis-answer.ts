/**
 * Reading Gemini's synthesis against the prompt's catalogue. The JSON must have the schema's shape (else the answer
 * is malformed and the built-in synthesis is used). Ids are then checked one by one: an insight or quote id that was
 * not given (or a quote of an insight the finding does not list) is dropped and counted; a finding left with no
 * insight is dropped. Quotes come from the catalogue — the stored, anchored quotes — never from the answer. Words in
 * quotation marks in Gemini's own text that are in no quote given are invented quotation: the finding is dropped,
 * and in the summary the answer is refused. The summary's counts are recounted from the insights they cite
 * (summary-counts.ts), and a finding's title and description say the count of its own insights' interviews
 * (count-claims.ts).
 */
import type { ConsolidatedInsight, ProjectSynthesis, Quote } from '@verbatim/contract/insight';
import { groupTags, tagKey } from '@verbatim/contract/themes';
import { comparable, quotesUnsaid, SAID_APART } from '../anchoring';
import { answerLabel, answerList, answerObject, answerString, readJsonAnswer } from '../gemini/json-answer';
import { MAX_QUOTES_PER_INSIGHT, stableHash, type SynthesisInterview } from '../synthesis';
import type { Catalogue, CatalogueEntry } from './synthesis-prompt';
import { SYNTHESIS_LIMITS } from './synthesis-schema';
import { stripFreeText } from '../free-text';
import { recounted } from '../counts/count-claims';
import { checkedSummary, countedSummary } from './summary-counts';

export interface SynthesisReading {
  synthesis: ProjectSynthesis;
  /** Ids in the answer that were not given (or quotes not of the insights listed): dropped. */
  droppedIds: number;
  /** Findings dropped: none of their insights was known, or they quoted words nobody said. */
  droppedFindings: number;
}

export type SynthesisAnswer = { ok: true; reading: SynthesisReading } | { ok: false; problem: string };

/** Ids as given in the prompt; trimmed and cut to an id's length, and judged against the catalogue afterwards. */
const ids = (max: number) => answerList(answerString().transform((id) => id.trim().slice(0, SYNTHESIS_LIMITS.id)), max);

/** The shape of Gemini's synthesis, before its ids are checked against the catalogue. */
export const synthesisAnswerSchema = answerObject({
  summarySentence: answerLabel(SYNTHESIS_LIMITS.summary),
  consolidatedInsights: answerList(
    answerObject({
      title: answerLabel(SYNTHESIS_LIMITS.title),
      description: answerLabel(SYNTHESIS_LIMITS.description),
      tag: answerLabel(SYNTHESIS_LIMITS.tag),
      theme: answerLabel(SYNTHESIS_LIMITS.theme),
      insightIds: ids(SYNTHESIS_LIMITS.idsPerInsight),
      quoteIds: ids(SYNTHESIS_LIMITS.quotesPerInsight),
    }),
    SYNTHESIS_LIMITS.consolidated,
  ),
});

/** Whether `s` puts in quotation marks two or more words that are in no quote given (see quotation-marks.ts). */
export function quotesInventedText(s: string, quoteTexts: readonly string[]): boolean {
  return quotesUnsaid(s, comparable(quoteTexts.join(SAID_APART)));
}

/** Up to `MAX_QUOTES_PER_INSIGHT` quotes of the sources, one interview after another, when Gemini picked none. */
function spread(sources: readonly CatalogueEntry[]): Quote[] {
  const chosen: Quote[] = [];
  for (let round = 0; chosen.length < MAX_QUOTES_PER_INSIGHT; round++) {
    const some = sources.filter((s) => s.insight.quotes[round]);
    if (some.length === 0) break;
    for (const source of some) if (chosen.length < MAX_QUOTES_PER_INSIGHT) chosen.push(source.insight.quotes[round] as Quote);
  }
  return chosen;
}

/**
 * Reads one answer; never throws. `restore` maps placeholders in Gemini's words back to the originals; `documents`
 * are the interviews the catalogue was built from (same order).
 */
export function readSynthesisAnswer(
  answerText: string | undefined,
  catalogue: Catalogue,
  documents: readonly SynthesisInterview[],
  restore: (s: string) => string = (s) => s,
): SynthesisAnswer {
  const read = readJsonAnswer(synthesisAnswerSchema, answerText);
  if (!read.ok) return read;
  // Links, addresses and instructions go from everything Gemini wrote in its own words (see free-text/).
  const summary = stripFreeText(read.value.summarySentence);
  const findings = read.value.consolidatedInsights.map((f) => ({
    ...f,
    title: stripFreeText(f.title) || stripFreeText(f.tag) || 'Shared finding',
    description: stripFreeText(f.description),
    tag: stripFreeText(f.tag) || 'other',
    theme: stripFreeText(f.theme),
  }));
  if (quotesInventedText(summary, catalogue.quoteTexts)) {
    return { ok: false, problem: 'the summary quotes words that are in no interview' };
  }

  let droppedIds = 0;
  let droppedFindings = 0;
  const used = new Set<string>();
  const consolidatedInsights: ConsolidatedInsight[] = [];
  const themeOfTag = new Map<string, string>();
  for (const finding of findings) {
    const sources: CatalogueEntry[] = [];
    for (const id of finding.insightIds) {
      const entry = catalogue.insights.get(id);
      if (!entry) droppedIds++;
      else if (!used.has(id)) {
        used.add(id);
        sources.push(entry);
      }
    }
    const quotes: Quote[] = [];
    const seen = new Set<string>();
    for (const quoteId of finding.quoteIds) {
      const quote = sources.map((s) => s.quotes.get(quoteId)).find((q) => q !== undefined);
      if (!quote) {
        droppedIds++;
        continue;
      }
      const key = `${quote.documentId}:${quote.start}:${quote.end}`;
      if (!seen.has(key)) quotes.push(quote);
      seen.add(key);
    }
    if (sources.length === 0 || [finding.title, finding.description].some((s) => quotesInventedText(s, catalogue.quoteTexts))) {
      droppedFindings++;
      continue;
    }
    sources.sort((a, b) => a.documentIndex - b.documentIndex);
    const documentIds = [...new Set(sources.map((s) => documents[s.documentIndex]?.documentId ?? s.insight.documentId))];
    const tag = restore(finding.tag);
    const sourceIds = sources.map((s) => s.insight.id);
    consolidatedInsights.push({
      id: `consolidated-${stableHash([...sourceIds].sort().join('\n'))}`,
      // A count in Gemini's words is the server's: the interviews of the finding's own insights.
      title: recounted(restore(finding.title), documentIds.length, catalogue.documentCount),
      description: recounted(restore(finding.description), documentIds.length, catalogue.documentCount),
      tag,
      quotes: quotes.length > 0 ? quotes : spread(sources),
      sourceInsightIds: sourceIds,
      documentIds,
    });
    if (!themeOfTag.has(tagKey(tag))) themeOfTag.set(tagKey(tag), restore(finding.theme));
  }
  if (consolidatedInsights.length === 0 && catalogue.insights.size > 0) {
    return { ok: false, problem: 'the answer refers to none of the project’s insights' };
  }
  const taken = new Set<string>();
  for (const insight of consolidatedInsights) {
    let id = insight.id;
    for (let k = 2; taken.has(id); k++) id = `${insight.id}-${k}`;
    insight.id = id;
    taken.add(id);
  }
  const consolidatedGroupedTags = groupTags(
    consolidatedInsights.map((insight) => insight.tag),
    { labelOf: (tag) => themeOfTag.get(tagKey(tag)) },
  );
  const checked = checkedSummary(summary, (id) => catalogue.insights.get(id)?.documentIndex, catalogue.documentCount);
  const summarySentence = checked === '' ? countedSummary(consolidatedInsights, catalogue.documentCount) : restore(checked);
  return {
    ok: true,
    reading: { synthesis: { summarySentence, consolidatedInsights, consolidatedGroupedTags }, droppedIds, droppedFindings },
  };
}
