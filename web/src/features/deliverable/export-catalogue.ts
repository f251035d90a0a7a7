import type { ExportFormat } from '@verbatim/contract/exports';

/** One way to take a deliverable: a download, the printable report in a new tab, or sticky notes on the clipboard. */
export interface ExportAction {
  format: ExportFormat;
  kind: 'download' | 'open' | 'copy';
  label: string;
  /** Said while it runs ("Making the report"). */
  busy: string;
}

export interface ExportCard {
  id: string;
  title: string;
  description: string;
  /** Who opens it. */
  opensIn: string;
  actions: ExportAction[];
}

/** The deliverable screen's exports, in the order a researcher reaches for them. */
export const EXPORT_CARDS: readonly ExportCard[] = [
  {
    id: 'report',
    title: 'Report',
    description:
      'Title page, executive summary, method, findings by theme with every supporting quote and its citation, and an appendix of the interviews.',
    opensIn: 'Word, LibreOffice, Google Docs; or print the printable version to PDF',
    actions: [
      { format: 'report.docx', kind: 'download', label: 'Download report (.docx)', busy: 'Making the report' },
      { format: 'report.html', kind: 'open', label: 'Open printable report', busy: 'Making the printable report' },
    ],
  },
  {
    id: 'deck',
    title: 'Slide deck',
    description:
      'The full deck: summary, a theme-by-interview heatmap, a slide per theme, then each insight with its quotes and citations. The key findings deck: about 15 slides — summary, the findings with the most evidence across interviews, each with its best quote, and how they were chosen. A long quote is cut at a word and ends in an ellipsis (…), never reworded.',
    opensIn: 'PowerPoint, Keynote, Google Slides, LibreOffice',
    actions: [
      { format: 'deck.pptx', kind: 'download', label: 'Download slides (.pptx)', busy: 'Making the slides' },
      { format: 'short-deck.pptx', kind: 'download', label: 'Download key findings slides (.pptx)', busy: 'Making the key findings slides' },
    ],
  },
  {
    id: 'whiteboard',
    title: 'Whiteboard',
    description:
      'One sticky note per insight and per quote, grouped by theme, each quote with its citation. Import the CSV, copy the notes and paste them onto a board, or send them to a new Miro board in a frame per theme.',
    opensIn: 'Miro, FigJam',
    actions: [
      { format: 'whiteboard.csv', kind: 'download', label: 'Download sticky notes (.csv)', busy: 'Making the sticky notes' },
      { format: 'whiteboard.txt', kind: 'copy', label: 'Copy sticky notes', busy: 'Copying the sticky notes' },
    ],
  },
  {
    id: 'qdpx',
    title: 'REFI-QDA project',
    description:
      'The transcripts as sources, themes and tags as a code hierarchy, every quote as a coded selection at its exact position, and insight descriptions as notes.',
    opensIn: 'NVivo, ATLAS.ti, MAXQDA, QualCoder',
    actions: [{ format: 'project.qdpx', kind: 'download', label: 'Download REFI-QDA project (.qdpx)', busy: 'Making the REFI-QDA project' }],
  },
  {
    id: 'spreadsheet',
    title: 'Spreadsheet',
    description: 'Every insight and quote in one table: theme, insight, quote, speaker, interview, timestamp and position in the transcript.',
    opensIn: 'Excel, Google Sheets, Numbers, R, Python',
    actions: [{ format: 'insights.csv', kind: 'download', label: 'Download insights (.csv)', busy: 'Making the spreadsheet' }],
  },
];

/** A percentage for the bar: null while the size is unknown (the server is still making the file). */
export function downloadPercent(loaded: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.round((loaded / total) * 100));
}
