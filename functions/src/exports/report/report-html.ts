import type { ExportModel } from '../export-model';
import { REPORT_CSS } from './report-html-style';
import { reportOutline, type ReportInsight, type ReportOutline, type ReportTheme } from './report-outline';

/**
 * The one-click report as one self-contained, printable HTML document: the same sections and words as the Word
 * report, inline CSS only (no script, nothing fetched). Every text from the project is HTML-escaped, once; quotes
 * are otherwise passed through untouched. A researcher opens it and prints it to PDF.
 */
export function renderReportHtml(model: ExportModel): string {
  const outline = reportOutline(model);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Verbatim">',
    `<title>${escapeHtml(outline.documentTitle)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    titlePage(outline),
    '<main>',
    summarySection(outline),
    methodSection(outline),
    ...outline.themes.map(themeSection),
    noFindingsSection(outline),
    appendixSection(outline),
    '</main>',
    '</body>',
    '</html>',
  ]
    .filter((part) => part !== '')
    .join('\n')
    .concat('\n');
}

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function titlePage(outline: ReportOutline): string {
  return [
    '<header class="title-page">',
    `<h1 class="title">${escapeHtml(outline.title)}</h1>`,
    `<p class="kind">${escapeHtml(outline.kind)}</p>`,
    `<p class="meta">${escapeHtml(outline.generated)}</p>`,
    `<p class="meta">${escapeHtml(outline.counts)}</p>`,
    '</header>',
  ].join('\n');
}

function summarySection({ summary }: ReportOutline): string {
  const findings = summary.keyFindings.length
    ? [
        `<h3>${escapeHtml(summary.keyFindingsHeading)}</h3>`,
        '<ul class="key-findings">',
        ...summary.keyFindings.map(
          (f) => `<li><strong>${escapeHtml(f.theme)}</strong> — ${escapeHtml(f.insight)} (${escapeHtml(f.support)})</li>`,
        ),
        '</ul>',
      ]
    : [];
  return [
    '<section class="summary">',
    `<h2>${escapeHtml(summary.heading)}</h2>`,
    `<p class="summary-sentence">${escapeHtml(summary.sentence)}</p>`,
    ...findings,
    '</section>',
  ].join('\n');
}

function methodSection({ method }: ReportOutline): string {
  return ['<section class="method">', `<h2>${escapeHtml(method.heading)}</h2>`, ...method.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), '</section>'].join('\n');
}

function themeSection(theme: ReportTheme): string {
  return [
    '<section class="theme new-page">',
    `<h2>${escapeHtml(theme.name)}</h2>`,
    `<p class="meta">${escapeHtml(theme.stats)}</p>`,
    ...theme.insights.map(insightBlock),
    '</section>',
  ].join('\n');
}

function insightBlock(insight: ReportInsight): string {
  return [
    '<article class="insight">',
    `<h3>${escapeHtml(insight.title)}</h3>`,
    insight.description ? `<p class="description">${escapeHtml(insight.description)}</p>` : '',
    ...insight.quotes.map(
      (quote) =>
        `<blockquote class="quote"><p class="quote-text">“${escapeHtml(quote.text)}”</p><p class="citation">${escapeHtml(quote.citation)}</p></blockquote>`,
    ),
    insight.noQuotes ? `<p class="no-quotes">${escapeHtml(insight.noQuotes)}</p>` : '',
    '</article>',
  ]
    .filter(Boolean)
    .join('\n');
}

function noFindingsSection({ noFindings }: ReportOutline): string {
  if (!noFindings) return '';
  return ['<section class="findings new-page">', `<h2>${escapeHtml(noFindings.heading)}</h2>`, `<p>${escapeHtml(noFindings.text)}</p>`, '</section>'].join('\n');
}

/** Words and insights are numbers: right-aligned. */
const NUMBER_COLUMNS = new Set([2, 4]);

function appendixSection({ appendix }: ReportOutline): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${tag === 'th' ? ' scope="col"' : ''}${NUMBER_COLUMNS.has(i) ? ' class="number"' : ''}>${escapeHtml(text)}</${tag}>`;
  const body = appendix.empty
    ? [`<p>${escapeHtml(appendix.empty)}</p>`]
    : [
        '<table>',
        `<thead><tr>${appendix.columns.map((c, i) => cell('th', c, i)).join('')}</tr></thead>`,
        '<tbody>',
        ...appendix.rows.map((row) => `<tr>${row.map((c, i) => cell('td', c, i)).join('')}</tr>`),
        '</tbody>',
        '</table>',
      ];
  return ['<section class="appendix new-page">', `<h2>${escapeHtml(appendix.heading)}</h2>`, ...body, '</section>'].join('\n');
}
