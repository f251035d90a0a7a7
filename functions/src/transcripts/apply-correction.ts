/**
 * A researcher's correction applied to a parsed transcript: turns' words replaced, speakers renamed or merged. The
 * result is the transcript as it now reads (text, turns, time marks, speakers with their counts) and the map of every
 * offset of the old text onto the new one, with which each stored quote is re-anchored: a quote stays the exact span
 * of the new text in one turn, or is removed when nothing of its words is left. Pure.
 */
import type { Quote } from '@verbatim/contract/insight';
import type { InterviewSpeaker } from '@verbatim/contract/project';
import type { SpeakerRename, TurnCorrection } from '@verbatim/contract/transcript-correction';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { firstIndex, turnIndexAt } from '@verbatim/contract/transcript-lookup';
import { quotableSpeakers } from '../analysis/anchoring';
import { cleanLine, normalizeDocument } from '../analysis/parsers/normalize-text';
import { countWords } from '../analysis/parsers/word-count';
import { turnOffsets, type TurnOffsets } from './turn-offsets';

export interface TranscriptState {
  text: string;
  turns: Turn[];
  timeMarks: TimeMark[];
  speakers: InterviewSpeaker[];
}

export interface CorrectedTranscript extends TranscriptState {
  wordCount: number;
  /** Whether the text or a speaker changed at all. */
  changed: boolean;
  /** The quote at its place in the corrected transcript, with the words there; null when it cannot be kept. */
  reanchor<Q extends Quote>(quote: Q): Q | null;
}

/** A corrected turn's words as they are stored: lines cleaned as the parser cleans them, at most one blank line in a row. */
export function cleanTurnText(text: string): string {
  const lines = normalizeDocument(text).split('\n').map(cleanLine);
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

/** One turn of the old text and where it went. */
interface TurnShift {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
  /** Set when the turn's words changed. */
  offsets: TurnOffsets | null;
}

export function applyCorrection(before: TranscriptState, turnEdits: readonly TurnCorrection[], renames: readonly SpeakerRename[]): CorrectedTranscript {
  const edits = new Map(turnEdits.map(({ index, text }) => [index, cleanTurnText(text)]));
  const { labelOf, speakers: renamedSpeakers } = renameSpeakers(before.speakers, renames);

  const chunks: string[] = [];
  let length = 0;
  let cursor = 0;
  const shifts: TurnShift[] = [];
  const turns: Turn[] = before.turns.map((turn, index) => {
    chunks.push(before.text.slice(cursor, turn.start));
    length += turn.start - cursor;
    const oldWords = before.text.slice(turn.start, turn.end);
    const edited = edits.get(index);
    const words = edited ?? oldWords;
    const offsets = edited !== undefined && edited !== oldWords ? turnOffsets(oldWords, edited) : null;
    shifts.push({ oldStart: turn.start, oldEnd: turn.end, newStart: length, newEnd: length + words.length, offsets });
    chunks.push(words);
    const moved: Turn = { ...turn, speaker: labelOf(turn.speaker), start: length, end: length + words.length };
    length += words.length;
    cursor = turn.end;
    return moved;
  });
  chunks.push(before.text.slice(cursor));
  const text = chunks.join('');

  const place = offsetPlacer(shifts);
  const timeMarks = moveTimeMarks(before.timeMarks, place.start);
  const turnWords = turns.map((turn) => countWords(text.slice(turn.start, turn.end)));
  const speakers = renamedSpeakers.map((speaker) => {
    const own = turns.flatMap((turn, i) => (turn.speaker === speaker.label ? [turnWords[i]] : []));
    return own.length === 0 ? speaker : { ...speaker, turnCount: own.length, wordCount: own.reduce((a, b) => a + b, 0) };
  });

  const quotableBefore = quotableSpeakers(before.speakers, before.turns);
  const quotableAfter = quotableSpeakers(speakers, turns);
  const reanchor = <Q extends Quote>(quote: Q): Q | null => {
    const start = place.start(quote.start);
    const end = place.end(quote.end);
    const turn = turns[turnIndexAt(turns, start)];
    if (!turn || end <= start) return null;
    const clippedEnd = Math.min(end, turn.end);
    // Words that became the interviewer's (a speaker merged into the interviewer) are no longer a participant's quote.
    if (!quotableAfter.has(turn.speaker) && quotableBefore.has(quote.speaker)) return null;
    return { ...quote, start, end: clippedEnd, speaker: turn.speaker, text: text.slice(start, clippedEnd) };
  };

  const changed = text !== before.text || speakers.some((s, i) => s.label !== before.speakers[i]?.label) || speakers.length !== before.speakers.length;
  return { text, turns, timeMarks, speakers, wordCount: turnWords.reduce((a, b) => a + b, 0), changed, reanchor };
}

/**
 * The speakers once renamed: each keeps its place in the list; speakers given one name are merged into the first of
 * them in the list, which takes the role of the one that already had the name (else the first's), and both spellings'
 * aliases.
 */
function renameSpeakers(speakers: readonly InterviewSpeaker[], renames: readonly SpeakerRename[]): { labelOf: (label: string) => string; speakers: InterviewSpeaker[] } {
  const to = new Map(renames.map((r) => [r.from, r.to]));
  const labelOf = (label: string) => to.get(label) ?? label;
  const merged = new Map<string, InterviewSpeaker>();
  for (const speaker of speakers) {
    const label = labelOf(speaker.label);
    const into = merged.get(label);
    if (!into) {
      merged.set(label, { ...speaker, label, aliases: speaker.aliases.filter((a) => a !== label) });
      continue;
    }
    const aliases = [...new Set([...into.aliases, ...speaker.aliases])].filter((a) => a !== label);
    const role = speaker.label === label ? speaker.role : into.role;
    merged.set(label, { ...into, role, aliases, turnCount: into.turnCount + speaker.turnCount, wordCount: into.wordCount + speaker.wordCount });
  }
  return { labelOf, speakers: [...merged.values()] };
}

/** Maps offsets of the old text to the new: through a corrected turn's word map, else shifted with what precedes them. */
function offsetPlacer(shifts: readonly TurnShift[]) {
  /** The last turn starting at or before `offset` (or -1). */
  const turnAtOrBefore = (offset: number) => firstIndex(shifts, (s) => s.oldStart > offset) - 1;
  /**
   * Shifted by the change in length of every turn before `offset` (the text between turns is never corrected); inside
   * an unchanged turn `t`, by that of the turns before it.
   */
  const shifted = (offset: number, t: number) => {
    if (t < 0) return offset;
    const s = shifts[t];
    return offset >= s.oldEnd ? offset + (s.newEnd - s.oldEnd) : offset + (s.newStart - s.oldStart);
  };
  return {
    start(offset: number): number {
      const t = turnAtOrBefore(offset);
      const s = shifts[t];
      if (s?.offsets && offset < s.oldEnd) return s.newStart + s.offsets.start(offset - s.oldStart);
      return shifted(offset, t);
    },
    end(offset: number): number {
      // An end belongs to the turn holding the character before it.
      const t = turnAtOrBefore(offset - 1);
      const s = shifts[t];
      if (s?.offsets && offset <= s.oldEnd) return s.newStart + s.offsets.end(offset - s.oldStart);
      return shifted(offset, t);
    },
  };
}

/** Time marks at their new places, in order; marks that land on one place keep the later time (that of the words there). */
function moveTimeMarks(marks: readonly TimeMark[], place: (offset: number) => number): TimeMark[] {
  const moved: TimeMark[] = [];
  for (const mark of marks) {
    const offset = place(mark.offset);
    const last = moved[moved.length - 1];
    if (last && offset <= last.offset) {
      last.ts = mark.ts;
      if (mark.end === undefined) delete last.end;
      else last.end = mark.end;
    } else moved.push(mark.end === undefined ? { offset, ts: mark.ts } : { offset, ts: mark.ts, end: mark.end });
  }
  return moved;
}
