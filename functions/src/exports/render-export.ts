import type { ExportFormat } from '@verbatim/contract/exports';
import { renderWhiteboardCsv, renderWhiteboardText } from './csv/whiteboard-csv';
import { renderInsightsCsv } from './csv/insights-csv';
import { NO_CLIPS, type DeckClips } from './deck/deck-clips';
import { deckQuotes } from './deck/deck-layout';
import { renderDeckPptx, renderShortDeckPptx } from './deck/deck-pptx';
import { shortDeckQuotes } from './deck/short-deck-layout';
import type { ExportModel, ExportQuote } from './export-model';
import { renderQdpx } from './qdpx/qdpx';
import { renderReportDocx } from './report/report-docx';
import { renderReportHtml } from './report/report-html';

const RENDERERS: Record<ExportFormat, (model: ExportModel, clips: DeckClips) => Promise<Uint8Array | string> | Uint8Array | string> = {
  'report.docx': renderReportDocx,
  'report.html': renderReportHtml,
  'deck.pptx': renderDeckPptx,
  'short-deck.pptx': renderShortDeckPptx,
  'whiteboard.csv': renderWhiteboardCsv,
  'whiteboard.txt': renderWhiteboardText,
  'insights.csv': renderInsightsCsv,
  'project.qdpx': renderQdpx,
};

/** The quotes whose clips a deliverable carries: those each deck shows; none for the other formats. */
export function quotesWithClips(model: ExportModel, format: ExportFormat): ExportQuote[] {
  if (format === 'deck.pptx') return deckQuotes(model);
  if (format === 'short-deck.pptx') return shortDeckQuotes(model);
  return [];
}

/** One deliverable of the model, as the bytes of its file; the decks carry their quotes' `clips`. */
export async function renderExport(model: ExportModel, format: ExportFormat, clips: DeckClips = NO_CLIPS): Promise<Buffer> {
  const output = await RENDERERS[format](model, clips);
  return typeof output === 'string' ? Buffer.from(output, 'utf8') : Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}
