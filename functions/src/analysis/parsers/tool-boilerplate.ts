/**
 * Lines a transcription tool writes around the speech: Otter's "Transcribed by https://otter.ai", Google Meet's
 * title, attendee list, "This editable transcript was computer generated…" and "Meeting ended after 00:56:50",
 * Fathom's "VIEW RECORDING - 31 mins" and the notes it files under categories ("ACTION ITEM: …"), Teams' heading
 * (the recording's name, its date and length) and "… started transcription". Nobody said them,
 * so they become blank lines, each kind named once in the parse notes. Pure.
 */
import { isNoteCategory } from './speaker-vocabulary';

export interface ToolLines {
  /** The lines, the tool's own ones blanked. */
  lines: string[];
  notes: string[];
}

const OTTER_FOOTER = /^transcribed by\s+(?:https?:\/\/)?(?:www\.)?otter\.ai\/?$/i;
const MEET_TITLE = /^.{1,200}\(\d{4}-\d{2}-\d{2}[^)]*\)\s*[-–]\s*Transcript$/u;
const MEET_DISCLAIMER = /^This editable transcript was computer generated and might contain errors\b/i;
const MEET_END = /^Meeting ended after (\d{1,2}:\d{2}:\d{2})\b/i;
const FATHOM_RECORDING = /^VIEW RECORDING\b/;
const CATEGORY_NOTE = /^([\p{Lu}][\p{Lu} -]{2,40}?)\s*:\s/u;
const TEAMS_EVENT = /^.{1,80} (?:started|stopped) transcription$/;
/** Teams' heading: `Weekly sync-20240105_140012-Meeting Recording`, `January 5, 2024, 2:00PM`, `43m 30s`. */
const TEAMS_HEADING = [/-Meeting Recording$/, /^\p{L}+ \d{1,2}, \d{4},? \d{1,2}:\d{2}\s?(?:AM|PM)?$/iu, /^(?:\d+h )?\d+m \d+s$/];

/** How many lines a header (title, "Attendees" and their list, "Transcript") may take before the disclaimer. */
const HEADER_LINES = 12;

/** `lines` are cleaned (see `cleanLine`); returns them with the tool's own lines blanked, and what was left out. */
export function blankToolLines(lines: readonly string[]): ToolLines {
  const out = [...lines];
  const notes: string[] = [];
  let header = false;
  let otter = false;
  let events = 0;
  const categories = new Map<string, number>();

  // Google Meet: its disclaimer closes a header of a title, "Attendees" and their list, and "Transcript": all of it,
  // from the first of those lines within reach, is the tool's.
  const disclaimer = out.findIndex((line) => MEET_DISCLAIMER.test(line));
  const headerStart = (line: string) => line === 'Transcript' || line === 'Attendees' || MEET_TITLE.test(line);
  if (disclaimer >= 0) {
    let first = disclaimer;
    for (let i = Math.max(0, disclaimer - HEADER_LINES); i < disclaimer; i++) {
      if (headerStart(out[i])) {
        first = i;
        break;
      }
    }
    for (let i = first; i <= disclaimer; i++) out[i] = '';
    header = true;
  } else {
    const firstWords = out.findIndex((line) => line !== '');
    if (firstWords >= 0 && MEET_TITLE.test(out[firstWords])) {
      out[firstWords] = '';
      header = true;
    }
  }
  // Teams: its heading lines, among the first lines of the file.
  for (let i = 0, seen = 0; i < out.length && seen < 3; i++) {
    if (out[i] === '') continue;
    seen++;
    if (!TEAMS_HEADING.some((pattern) => pattern.test(out[i]))) break;
    out[i] = '';
    header = true;
  }

  for (let i = 0; i < out.length; i++) {
    const line = out[i];
    if (line === '') continue;
    if (OTTER_FOOTER.test(line)) {
      out[i] = '';
      otter = true;
      continue;
    }
    const end = MEET_END.exec(line);
    if (end) {
      out[i] = '';
      notes.push(`The closing line the meeting tool wrote was left out, as nobody said it: Meeting ended after ${end[1]}`);
      continue;
    }
    if (TEAMS_EVENT.test(line)) {
      out[i] = '';
      events++;
      continue;
    }
    if (FATHOM_RECORDING.test(line)) {
      out[i] = '';
      notes.push(`A line with the recording tool's link was left out, as it is not speech: ${line}`);
      continue;
    }
    const category = CATEGORY_NOTE.exec(line);
    if (category && isNoteCategory(category[1].trim())) {
      out[i] = '';
      const name = category[1].trim();
      categories.set(name, (categories.get(name) ?? 0) + 1);
    }
  }

  if (header) notes.unshift('The meeting tool’s heading (its title, date, attendees or note that the transcript was computer generated) was left out.');
  if (events > 0) notes.push(`${events === 1 ? 'One line' : `${events} lines`} saying who started or stopped the transcription ${events === 1 ? 'was' : 'were'} left out.`);
  if (otter) notes.push('Otter’s closing line was left out: Transcribed by https://otter.ai');
  if (categories.size > 0) {
    const total = [...categories.values()].reduce((sum, n) => sum + n, 0);
    const names = [...categories.keys()];
    const headings = names.length === 1 ? `the heading ${names[0]}` : `the headings ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    notes.push(`${total} ${total === 1 ? 'note' : 'notes'} filed under ${headings} ${total === 1 ? 'was' : 'were'} left out: the recording tool wrote ${total === 1 ? 'it' : 'them'}, nobody said ${total === 1 ? 'it' : 'them'}.`);
  }
  return { lines: out, notes };
}
