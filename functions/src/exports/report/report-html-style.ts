/**
 * The HTML report's one stylesheet, inlined in the document: readable on screen, and laid out for printing to
 * PDF on A4 (title page alone, each theme on a new page, quotes never split, page numbers where the browser
 * prints page margin boxes). No fonts or images to fetch.
 */
export const REPORT_CSS = `
@page {
  size: A4;
  margin: 20mm 18mm 22mm;
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 8pt/1 Calibri, Carlito, "Segoe UI", system-ui, sans-serif; color: #6b7280; }
}
:root { color-scheme: light; }
* { box-sizing: border-box; }
body {
  margin: 2.5rem auto;
  padding: 0 1.5rem;
  max-width: 48rem;
  font: 11pt/1.55 Calibri, Carlito, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif;
  color: #1f2937;
  background: #fff;
}
.title-page { padding: 18vh 0 12vh; border-bottom: 1px solid #e5e7eb; margin-bottom: 2rem; }
.title { font-size: 28pt; line-height: 1.15; color: #1f4e79; margin: 0 0 0.75rem; }
.kind { font-size: 16pt; color: #6b7280; margin: 0 0 2rem; }
.meta { font-size: 10pt; color: #6b7280; margin: 0 0 0.5rem; }
h2 { font-size: 18pt; line-height: 1.25; color: #1f4e79; margin: 2.5rem 0 0.5rem; }
h3 { font-size: 13pt; line-height: 1.3; margin: 1.75rem 0 0.35rem; }
.summary-sentence { font-size: 12pt; }
.summary-sentence, .description { white-space: pre-line; }
.key-findings { padding-left: 1.25rem; }
.key-findings li { margin-bottom: 0.35rem; }
.quote { margin: 0.9rem 1cm 0.9rem 0; padding: 0.1rem 0 0.1rem 0.9rem; border-left: 3px solid #a5b4c4; }
.quote-text { margin: 0; font-style: italic; white-space: pre-wrap; }
.citation { margin: 0.2rem 0 0; font-size: 9pt; color: #6b7280; }
.no-quotes { color: #6b7280; }
table { width: 100%; border-collapse: collapse; font-size: 10pt; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border: 1px solid #d1d5db; }
th { background: #e5e7eb; }
td.number, th.number { text-align: right; }
@media print {
  body { margin: 0; padding: 0; max-width: none; font-size: 11pt; }
  .title-page { padding: 70mm 0 0; border: 0; margin: 0; break-after: page; page-break-after: always; }
  .new-page { break-before: page; page-break-before: always; }
  .new-page > h2:first-child { margin-top: 0; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  .quote, tr { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
