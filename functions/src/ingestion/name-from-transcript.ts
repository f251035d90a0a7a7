import { NAME_PROPOSAL_READ_CHARS, proposeInterviewName } from '@verbatim/contract/interview-name';
import { UNKNOWN_SPEAKER, type ParsedTranscript } from '@verbatim/contract/transcript';

/**
 * The name proposed for an interview from its parsed transcript (contract/interview-name.ts), for the files a browser
 * cannot read before the upload (Word, PDF), a Drive import, a recording transcribed by Gemini and an upload through the
 * API that named nothing: the turns written out as "Speaker: words", as the browser reads a text transcript; null when
 * it finds no participant nor date to name it by. Pure.
 */
export function nameFromTranscript(fileName: string, parsed: Pick<ParsedTranscript, 'text' | 'turns'>): string | null {
  let read = 0;
  const lines: string[] = [];
  for (const turn of parsed.turns) {
    if (read >= NAME_PROPOSAL_READ_CHARS) break;
    const words = parsed.text.slice(turn.start, turn.end).replace(/\s+/g, ' ');
    const line = turn.speaker === UNKNOWN_SPEAKER ? words : `${turn.speaker}: ${words}`;
    lines.push(line);
    read += line.length + 1;
  }
  const proposal = proposeInterviewName(fileName, lines.join('\n'));
  // Nothing found but the file's name without its extension: the file's own name stays, as it was uploaded.
  return proposal.participant !== null || proposal.date !== null ? proposal.name : null;
}

/**
 * Whether an interview still carries a name nobody chose: its file's own name, as a reservation without a name stores
 * it, or the name proposed from the file's name alone, as the browser sends for a file it cannot read (Word, PDF). A
 * name the browser proposed from the transcript's words, or the researcher typed, is theirs and is kept.
 */
export const namedByNobody = (doc: { name: string; fileName: string }): boolean =>
  doc.name === doc.fileName || doc.name === proposeInterviewName(doc.fileName).name;
