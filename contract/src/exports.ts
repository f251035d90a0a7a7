import { safeDownloadStem } from './download-name';
/**
 * The deliverables a project exports, by the name the API serves them under
 * (`GET /api/projects/{projectId}/exports/{format}`). Pure: shared by the server and the web client.
 */
export const EXPORT_FORMATS = ['report.docx', 'report.html', 'deck.pptx', 'short-deck.pptx', 'whiteboard.csv', 'whiteboard.txt', 'insights.csv', 'project.qdpx'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  'report.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'report.html': 'text/html; charset=utf-8',
  'deck.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'short-deck.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'whiteboard.csv': 'text/csv; charset=utf-8',
  'whiteboard.txt': 'text/plain; charset=utf-8',
  'insights.csv': 'text/csv; charset=utf-8',
  'project.qdpx': 'application/zip',
};

const SUFFIXES: Record<ExportFormat, string> = {
  'report.docx': 'report.docx',
  'report.html': 'report.html',
  'deck.pptx': 'slides.pptx',
  'short-deck.pptx': 'key findings.pptx',
  'whiteboard.csv': 'whiteboard.csv',
  'whiteboard.txt': 'whiteboard.txt',
  'insights.csv': 'insights.csv',
  'project.qdpx': 'project.qdpx',
};

/** "PDPilot user study - report.docx": the project's name made safe for every file system. */
export function exportFileName(projectName: string, format: ExportFormat): string {
  return `${safeDownloadStem(projectName, 'Verbatim project')} - ${SUFFIXES[format]}`;
}
