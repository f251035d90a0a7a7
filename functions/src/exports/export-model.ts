import { sectionsByTheme } from '@verbatim/contract/themes';
import { citationText, insightTitle, quoteTime } from '@verbatim/contract/citation';
import { isVisibleInsight, type Insight, type ProjectSynthesis, type Quote, type TagGroup } from '@verbatim/contract/insight';
import type { Project, Interview } from '@verbatim/contract/project';
import type { TranscriptFormat } from '@verbatim/contract/transcript';
import { plural } from '@verbatim/contract/plural';
import { INSIGHT_HISTORY_FIELDS, mapWording, type InsightWording } from '@verbatim/contract/insight-fields';
import { pickFields, type ChosenFields, type FieldTable } from '@verbatim/contract/pick-fields';
import { crossInterviewFindings, type ExportFinding } from './cross-interview-findings';
import { formatDay, sameDay } from './report/report-format';

/**
 * What every deliverable is made from: the project as the researcher curated it on the board (visible insights
 * only, their own titles and theme choices), in board order, with every quote checked against its transcript.
 * Pure: the loader reads Firestore, the renderers (report, deck, whiteboard, REFI-QDA, CSV) only read this.
 */
export interface ExportSource {
  project: Pick<Project, 'id' | 'name' | 'createdAt'>;
  /** The project's interviews with their transcript text ('' when it could not be read). */
  documents: ReadonlyArray<{ doc: Interview; text: string }>;
  insights: readonly Insight[];
  synthesis: (Pick<ProjectSynthesis, 'summarySentence'> & Partial<Pick<ProjectSynthesis, 'consolidatedInsights'>>) | null;
  generatedAt: Date;
}

/** A quote as exported: verbatim (`text === transcript.slice(start, end)`), with its citation. */
export interface ExportQuote extends Quote {
  documentName: string;
  /** "mm:ss" / "h:mm:ss" when the source has timestamps, else null. */
  time: string | null;
  /** "— Speaker, Interview · 12:34" (see domain/citation). */
  citation: string;
}

/**
 * What of an insight the deliverables carry. Every field of an insight is named, so a new one is decided on here rather
 * than silently left out: its quotes are carried as `ExportQuote`s, its interview as `documentIds`, a researcher's theme
 * as the section it is filed under; the rest is the researcher's history on the board.
 */
const EXPORTED_INSIGHT_FIELDS = {
  id: true,
  title: true,
  description: true,
  tag: true,
  source: true,
  quotes: false,
  documentId: false,
  theme: false,
  ...INSIGHT_HISTORY_FIELDS,
} as const satisfies FieldTable<Insight>;

/** An insight's words as exported: trimmed, and a title always ('Untitled Insight' when the researcher left none). */
const exportedWording = (insight: InsightWording): InsightWording =>
  mapWording(insight, (text, field) => (field === 'title' ? insightTitle(text) : text.trim()));

export interface ExportInsight extends Pick<Insight, ChosenFields<Insight, typeof EXPORTED_INSIGHT_FIELDS>> {
  /** The theme it is filed under in the export. */
  theme: string;
  quotes: ExportQuote[];
  /** The interviews its quotes come from, in interview order. */
  documentIds: string[];
}

export interface ExportTheme {
  name: string;
  /** Strongest first: most interviews, then most quotes, then title. */
  insights: ExportInsight[];
  interviewCount: number;
  quoteCount: number;
}

export interface ExportSpeaker {
  label: string;
  role: 'interviewer' | 'participant' | 'unknown';
}

export interface ExportInterview {
  id: string;
  name: string;
  fileName: string;
  format: TranscriptFormat | null;
  uploadedAt: Date;
  language: string | null;
  wordCount: number;
  speakers: ExportSpeaker[];
  /** The full transcript as stored: quotes' offsets point into it. */
  text: string;
  insightCount: number;
  quoteCount: number;
}

/** Quotes per theme per interview: `cells[t][i]` for `themes[t]` and `interviews[i]`. */
export interface ExportHeatmap {
  themes: string[];
  interviews: string[];
  cells: number[][];
}

export interface ExportModel {
  projectId: string;
  projectName: string;
  generatedAt: Date;
  /** The project synthesis's summary sentence, or a plain count of what there is. */
  summary: string;
  themes: ExportTheme[];
  interviews: ExportInterview[];
  counts: { interviews: number; participants: number; insights: number; quotes: number; themes: number };
  heatmap: ExportHeatmap;
  /** When the interviews were uploaded: first and last (null without interviews). */
  period: { first: Date; last: Date } | null;
  /** Quotes left out because they no longer match their transcript (never expected; counted, never shown). */
  droppedQuotes: number;
  /** The interviews this export leaves out, in upload order, each with why (see `leftOutReason`). */
  leftOut: ExportLeftOut[];
  /** The synthesis's findings across interviews, as the board curates them (see cross-interview-findings.ts). */
  findings: ExportFinding[];
}

export interface ExportLeftOut {
  name: string;
  /** "its speakers' roles wait to be checked". */
  reason: string;
}

/** "2 interviews are left out: a.txt, because its speakers’ roles wait to be checked; b.vtt, because it was still being read." */
export function leftOutSentence(leftOut: readonly ExportLeftOut[]): string {
  const which = leftOut.map(({ name, reason }) => `${name}, because ${reason}`).join('; ');
  return leftOut.length === 1 ? `1 interview is left out: ${which}.` : `${leftOut.length} interviews are left out: ${which}.`;
}

/** The method's sentences every deliverable says alike (see `methodSentences`). */
export interface MethodSentences {
  /** What the findings draw on: the interviews, when they were uploaded, their participants and words; or that none was. */
  source: string;
  /** How the quotes were kept: each verbatim, how many no longer matched their transcript, which interviews are left out. */
  quotes: string[];
}

/**
 * The sentences of a deliverable's method that do not depend on what it shows: the report and the key findings deck
 * say them alike, each with its own sentences about its findings between the two parts.
 */
export function methodSentences(model: ExportModel): MethodSentences {
  const { counts, period, droppedQuotes } = model;
  const words = model.interviews.reduce((n, interview) => n + interview.wordCount, 0);
  let source = 'No interviews have been uploaded yet.';
  if (counts.interviews > 0 && period) {
    const when = sameDay(period.first, period.last) ? `on ${formatDay(period.first)}` : `between ${formatDay(period.first)} and ${formatDay(period.last)}`;
    source = `This analysis draws on ${plural(counts.interviews, 'interview')} uploaded ${when}, with ${plural(counts.participants, 'participant')} and ${plural(words, 'word')} analysed.`;
  }
  const quotes = [
    'Every quote is verbatim from the interview transcripts, never paraphrased or shortened, and is cited by interview, speaker and timestamp when the transcript has one.',
  ];
  if (droppedQuotes > 0) {
    const one = droppedQuotes === 1;
    quotes.push(`${plural(droppedQuotes, 'quote')} no longer matched ${one ? 'its' : 'their'} transcript and ${one ? 'was' : 'were'} left out.`);
  }
  if (model.leftOut.length > 0) quotes.push(leftOutSentence(model.leftOut));
  return { source, quotes };
}

/** Why an interview that is not exported is left out, by its status. */
export function leftOutReason(doc: Pick<Interview, 'status' | 'errorCode'>): string {
  if (doc.status === 'awaiting-roles') return 'its speakers’ roles wait to be checked';
  if (doc.status === 'failed') return (doc.errorCode ?? '').startsWith('analysis-') ? 'its analysis failed' : 'its file could not be read';
  return 'it was still being read';
}

/** Interviews with text to cite: parsed and analysed ones, in upload order. */
const EXPORTABLE = new Set(['parsed', 'analyzing', 'ready']);

export function buildExportModel(source: ExportSource): ExportModel {
  const leftOut = source.documents
    .filter(({ doc }) => !EXPORTABLE.has(doc.status))
    .map(({ doc }) => doc)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name))
    .map((doc) => ({ name: doc.name, reason: leftOutReason(doc) }));
  const entries = source.documents
    .filter(({ doc }) => EXPORTABLE.has(doc.status))
    .slice()
    .sort((a, b) => a.doc.createdAt.getTime() - b.doc.createdAt.getTime() || a.doc.name.localeCompare(b.doc.name));
  const texts = new Map(entries.map(({ doc, text }) => [doc.id, text]));
  const names = new Map(entries.map(({ doc }) => [doc.id, doc.name]));
  const order = new Map(entries.map(({ doc }, i) => [doc.id, i]));

  let droppedQuotes = 0;
  const verbatim = (quote: Quote): boolean => {
    const text = texts.get(quote.documentId);
    const ok = text !== undefined && quote.end > quote.start && text.slice(quote.start, quote.end) === quote.text;
    if (!ok) droppedQuotes++;
    return ok;
  };

  const insights: Array<ExportInsight & { tagTheme?: string | null }> = [];
  for (const insight of source.insights) {
    if (!isVisibleInsight(insight) || !texts.has(insight.documentId)) continue;
    const quotes = insight.quotes.filter(verbatim).map((quote) => exportQuote(quote, names));
    const documentIds = [...new Set([insight.documentId, ...quotes.map((q) => q.documentId)])].sort((a, b) => order.get(a)! - order.get(b)!);
    insights.push({
      ...pickFields(insight, EXPORTED_INSIGHT_FIELDS),
      ...exportedWording(insight),
      theme: '',
      quotes,
      documentIds,
      tagTheme: insight.theme ?? null,
    });
  }

  const groups: TagGroup[] = entries.flatMap(({ doc }) => doc.analysis?.groupedTags ?? []);
  const sections = sectionsByTheme(
    insights.map((i) => ({ ...i, theme: i.tagTheme })),
    groups,
  );
  const themes: ExportTheme[] = sections.map((section) => {
    const sorted = section.insights
      .map(({ tagTheme: _chosen, ...insight }): ExportInsight => ({ ...insight, theme: section.theme }))
      .sort(byEvidence);
    return {
      name: section.theme,
      insights: sorted,
      interviewCount: new Set(sorted.flatMap((i) => i.documentIds)).size,
      quoteCount: sorted.reduce((n, i) => n + i.quotes.length, 0),
    };
  });

  const placed = themes.flatMap((t) => t.insights);
  const interviews: ExportInterview[] = entries.map(({ doc, text }) => ({
    id: doc.id,
    name: doc.name,
    fileName: doc.fileName,
    format: doc.format,
    uploadedAt: doc.createdAt,
    language: doc.language,
    wordCount: doc.wordCount,
    speakers: doc.speakers.map((s) => ({ label: s.label, role: s.role })),
    text,
    insightCount: placed.filter((i) => i.documentIds.includes(doc.id)).length,
    quoteCount: placed.reduce((n, i) => n + i.quotes.filter((q) => q.documentId === doc.id).length, 0),
  }));

  const quoteCount = placed.reduce((n, i) => n + i.quotes.length, 0);
  const counts = {
    interviews: interviews.length,
    participants: interviews.reduce((n, i) => n + i.speakers.filter((s) => s.role === 'participant').length, 0),
    insights: placed.length,
    quotes: quoteCount,
    themes: themes.length,
  };
  const dates = interviews.map((i) => i.uploadedAt.getTime());
  return {
    projectId: source.project.id,
    projectName: source.project.name,
    generatedAt: source.generatedAt,
    summary: source.synthesis?.summarySentence?.trim() || countsSummary(counts),
    themes,
    interviews,
    counts,
    heatmap: {
      themes: themes.map((t) => t.name),
      interviews: interviews.map((i) => i.name),
      cells: themes.map((t) => interviews.map((iv) => t.insights.reduce((n, i) => n + i.quotes.filter((q) => q.documentId === iv.id).length, 0))),
    },
    period: dates.length ? { first: new Date(Math.min(...dates)), last: new Date(Math.max(...dates)) } : null,
    droppedQuotes,
    leftOut,
    findings: crossInterviewFindings(source.synthesis?.consolidatedInsights ?? [], themes, interviews),
  };
}

function exportQuote(quote: Quote, names: ReadonlyMap<string, string>): ExportQuote {
  const documentName = names.get(quote.documentId) ?? quote.documentId;
  return {
    text: quote.text,
    documentId: quote.documentId,
    speaker: quote.speaker,
    start: quote.start,
    end: quote.end,
    ...(typeof quote.ts === 'number' ? { ts: quote.ts } : {}),
    documentName,
    time: typeof quote.ts === 'number' && Number.isFinite(quote.ts) ? quoteTime(quote.ts) : null,
    citation: citationText(quote, names),
  };
}

function byEvidence(a: ExportInsight, b: ExportInsight): number {
  return b.documentIds.length - a.documentIds.length || b.quotes.length - a.quotes.length || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

function countsSummary(counts: ExportModel['counts']): string {
  if (counts.insights === 0) return `${plural(counts.interviews, 'interview', 'interviews')}, no insights yet.`;
  return `${plural(counts.insights, 'insight', 'insights')} in ${plural(counts.themes, 'theme', 'themes')} from ${plural(counts.interviews, 'interview', 'interviews')}.`;
}
