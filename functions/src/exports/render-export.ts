import type { ExportFormat } from '@verbatim/contract/exports';
import { renderWhiteboardCsv, renderWhiteboardText } from './csv/whiteboard-csv';
import { renderInsightsCsv } from './csv/insights-csv';
import { renderDeckPptx, renderShortDeckPptx } from './deck/deck-pptx';
import type { ExportModel } from './export-model';
import { renderQdpx } from './qdpx/qdpx';
import { renderReportDocx } from './report/report-docx';
import { renderReportHtml } from './report/report-html';

const RENDERERS: Record<ExportFormat, (model: ExportModel) => Promise<Uint8Array | string> | Uint8Array | string> = {
  'report.docx': renderReportDocx,
  'report.html': renderReportHtml,
  'deck.pptx': renderDeckPptx,
  'short-deck.pptx': renderShortDeckPptx,
  'whiteboard.csv': renderWhiteboardCsv,
  'whiteboard.txt': renderWhiteboardText,
  'insights.csv': renderInsightsCsv,
  'project.qdpx': renderQdpx,
};

/** One deliverable of the model, as the bytes of its file. */
export async function renderExport(model: ExportModel, format: ExportFormat): Promise<Buffer> {
  const output = await RENDERERS[format](model);
  return typeof output === 'string' ? Buffer.from(output, 'utf8') : Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}
