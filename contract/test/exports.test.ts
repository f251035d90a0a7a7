import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportFileName, isExportFormat } from '../src/exports';

describe('export file names', () => {
  it('names the file after the project and what it is', () => {
    expect(exportFileName('PDPilot user study', 'report.docx')).toBe('PDPilot user study - report.docx');
    expect(exportFileName('PDPilot user study', 'deck.pptx')).toBe('PDPilot user study - slides.pptx');
    expect(exportFileName('PDPilot user study', 'short-deck.pptx')).toBe('PDPilot user study - key findings.pptx');
    expect(exportFileName('Estudo de usabilidade — São Paulo', 'project.qdpx')).toBe('Estudo de usabilidade — São Paulo - project.qdpx');
  });

  it('keeps out what a file system refuses, and never leaves the name empty', () => {
    expect(exportFileName('Q3: "pricing" <draft>/v2', 'insights.csv')).toBe('Q3 pricing draft v2 - insights.csv');
    expect(exportFileName('...hidden', 'whiteboard.csv')).toBe('hidden - whiteboard.csv');
    expect(exportFileName(' / ', 'report.html')).toBe('Verbatim project - report.html');
    expect(exportFileName('x'.repeat(300), 'report.docx')).toBe(`${'x'.repeat(80)} - report.docx`);
  });

  it('knows its formats and nothing else', () => {
    for (const format of EXPORT_FORMATS) expect(isExportFormat(format)).toBe(true);
    for (const other of ['report.pdf', '../report.docx', '', null, 7]) expect(isExportFormat(other)).toBe(false);
  });
});
