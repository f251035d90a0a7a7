import { ACCEPTED_EXTENSIONS } from '../../domain/transcript';

const FILE_ENDING = new RegExp(`(?:${ACCEPTED_EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`, 'i');

/**
 * The name of an interview's TextSource. The archive carries the transcript as plain text, so the name must not
 * announce another format: an importer reads an ending as the file's type (QualCoder takes a source named
 * "P5.pdf" for a PDF, and stores "P1.docx" as "P1.docx.txt"). Transcript endings (.pdf, .docx, .txt, …) are left
 * out; the file's own name stays in the source's description.
 */
export function textSourceName(interviewName: string): string {
  let name = interviewName.trim();
  while (FILE_ENDING.test(name)) name = name.replace(FILE_ENDING, '').trimEnd();
  return name || 'Interview';
}
