import { ACCEPTED_EXTENSIONS } from '@verbatim/contract/transcript';

const FILE_ENDING = new RegExp(`(?:${ACCEPTED_EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`, 'i');

/**
 * The name of an interview's TextSource. The archive carries the transcript as plain text, and REFI-QDA gives a
 * PDF its own element (PDFSource, with the PDF file and a text Representation), so a TextSource's name should not
 * announce another format: an importer may go by the ending (QualCoder keeps the name, copies the text to
 * "<name>.txt" — "P5.pdf.txt" — and its own REFI-QDA export then writes any source whose name ends in ".pdf" as a
 * PDFSource pointing at that text file). Transcript endings (.pdf, .docx, .txt, …) are left out; the file's own
 * name stays in the source's description ("File: P5.pdf").
 */
export function textSourceName(interviewName: string): string {
  let name = interviewName.trim();
  while (FILE_ENDING.test(name)) name = name.replace(FILE_ENDING, '').trimEnd();
  return name || 'Interview';
}
