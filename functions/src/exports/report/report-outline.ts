import { methodSentences, type ExportInterview, type ExportModel, type ExportSpeaker } from '../export-model';
import { plural } from '@verbatim/contract/plural';
import { formatDay, formatNumber } from './report-format';

/**
 * What the report says, section by section, as plain text: the Word and the HTML renderers only lay this out, so
 * both say the same thing. Pure. Quotes are carried as they are in the model (verbatim, never trimmed).
 */
export interface ReportOutline {
  /** The project's name: the title page, the running header, the document's title. */
  title: string;
  /** "Research report". */
  kind: string;
  /** "Explaining ML models: user study — Research report". */
  documentTitle: string;
  /** "Generated on 20 November 2026". */
  generated: string;
  /** "3 interviews · 3 participants · 5 themes · 16 insights · 41 quotes". */
  counts: string;
  summary: {
    heading: string;
    sentence: string;
    keyFindingsHeading: string;
    /** One per theme, in model order; empty without insights (the renderers then leave the list out). */
    keyFindings: ReportKeyFinding[];
  };
  method: { heading: string; paragraphs: string[] };
  /** One per theme, in model order. */
  themes: ReportTheme[];
  /** Said instead of the themes when there are none. */
  noFindings: { heading: string; text: string } | null;
  appendix: {
    heading: string;
    columns: readonly [string, string, string, string, string];
    rows: ReportInterviewRow[];
    /** Said instead of the table when there are no interviews. */
    empty: string | null;
  };
}

export interface ReportKeyFinding {
  theme: string;
  /** The theme's strongest insight. */
  insight: string;
  /** "2 of 3 interviews". */
  support: string;
}

export interface ReportTheme {
  name: string;
  /** "2 insights · 1 interview". */
  stats: string;
  insights: ReportInsight[];
}

export interface ReportInsight {
  title: string;
  /** '' when the insight has none (the renderers then leave it out). */
  description: string;
  quotes: ReportQuote[];
  /** Said instead of the quotes when there are none. */
  noQuotes: string | null;
}

export interface ReportQuote {
  /** Verbatim from the transcript. */
  text: string;
  /** "— Speaker, Interview · 12:34". */
  citation: string;
}

export type ReportInterviewRow = readonly [name: string, uploaded: string, words: string, speakers: string, insights: string];

export const REPORT_KIND = 'Research report';
export const UNTITLED_PROJECT = 'Untitled project';
export const NO_INSIGHTS_YET = 'There are no insights yet.';

export function reportOutline(model: ExportModel): ReportOutline {
  const title = model.projectName.trim() || UNTITLED_PROJECT;
  const { counts } = model;
  return {
    title,
    kind: REPORT_KIND,
    documentTitle: `${title} — ${REPORT_KIND}`,
    generated: `Generated on ${formatDay(model.generatedAt)}`,
    counts: [
      plural(counts.interviews, 'interview', 'interviews'),
      plural(counts.participants, 'participant', 'participants'),
      plural(counts.themes, 'theme', 'themes'),
      plural(counts.insights, 'insight', 'insights'),
      plural(counts.quotes, 'quote', 'quotes'),
    ].join(' · '),
    summary: {
      heading: 'Executive summary',
      sentence: model.summary,
      keyFindingsHeading: 'Key findings',
      keyFindings: model.themes
        .filter((theme) => theme.insights.length > 0)
        .map((theme) => ({
          theme: theme.name,
          insight: theme.insights[0].title,
          support: `${formatNumber(theme.insights[0].documentIds.length)} of ${plural(counts.interviews, 'interview', 'interviews')}`,
        })),
    },
    method: { heading: 'Method', paragraphs: methodParagraphs(model) },
    themes: model.themes.map((theme) => ({
      name: theme.name,
      stats: `${plural(theme.insights.length, 'insight', 'insights')} · ${plural(theme.interviewCount, 'interview', 'interviews')}`,
      insights: theme.insights.map((insight) => ({
        title: insight.title,
        description: insight.description,
        quotes: insight.quotes.map((quote) => ({ text: quote.text, citation: quote.citation })),
        noQuotes: insight.quotes.length === 0 ? 'No verbatim quote supports this insight.' : null,
      })),
    })),
    noFindings:
      model.themes.length === 0
        ? {
            heading: 'Findings',
            text: `${NO_INSIGHTS_YET} ${counts.interviews === 0 ? 'Upload interviews to the project' : 'Analyse the interviews'}, then export the report again.`,
          }
        : null,
    appendix: {
      heading: 'Appendix: interviews',
      columns: ['Interview', 'Uploaded', 'Words', 'Speakers', 'Insights'],
      rows: model.interviews.map(interviewRow),
      empty: model.interviews.length === 0 ? 'No interviews yet.' : null,
    },
  };
}

function methodParagraphs(model: ExportModel): string[] {
  const { counts } = model;
  const { source, quotes } = methodSentences(model);
  const grouping =
    counts.themes > 0
      ? [
          `The ${plural(counts.insights, 'insight', 'insights')} are grouped into ${plural(counts.themes, 'theme', 'themes')}, ` +
            'in the order of the project board; within each theme, the insights supported by the most interviews come first.',
        ]
      : [];
  return [source, ...grouping, ...quotes];
}

function interviewRow(interview: ExportInterview): ReportInterviewRow {
  return [
    interview.name,
    formatDay(interview.uploadedAt),
    formatNumber(interview.wordCount),
    interview.speakers.length ? interview.speakers.map(speakerText).join(', ') : 'None detected',
    formatNumber(interview.insightCount),
  ];
}

/** "Dan (interviewer)"; a speaker whose role is unknown is named alone. */
function speakerText(speaker: ExportSpeaker): string {
  return speaker.role === 'unknown' ? speaker.label : `${speaker.label} (${speaker.role})`;
}
