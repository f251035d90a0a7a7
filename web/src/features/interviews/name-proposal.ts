import { NAME_PROPOSAL_READ_CHARS, proposeInterviewName } from '@verbatim/contract/interview-name';
import { extensionOf, formatOfExtension, formatRow } from '@verbatim/contract/transcript-formats';

/** Whether the browser can read the file's words as text (plain text, Markdown, captions; not Word or PDF). */
export function readableAsText(fileName: string): boolean {
  const extension = extensionOf(fileName);
  const format = extension ? formatOfExtension(extension) : undefined;
  return format !== undefined && formatRow(format).parser !== 'docx' && formatRow(format).parser !== 'pdf';
}

/**
 * The name proposed for a transcript about to be uploaded (contract/interview-name.ts), from its first pages where the
 * browser can read them, else from its file name alone. A file that cannot be read is named from its file name.
 */
export async function proposedNameFor(file: File): Promise<string> {
  if (!readableAsText(file.name)) return proposeInterviewName(file.name).name;
  try {
    // Four bytes a character at most: enough bytes for the characters the proposal reads.
    const text = await file.slice(0, NAME_PROPOSAL_READ_CHARS * 4).text();
    return proposeInterviewName(file.name, text).name;
  } catch {
    return proposeInterviewName(file.name).name;
  }
}
