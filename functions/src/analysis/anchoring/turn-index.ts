import type { DocumentSpeaker } from '@verbatim/contract/project';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';

/**
 * Who may be quoted. Participants, always. The interviewer, never. A speaker of unknown role only when the
 * transcript names neither a participant nor an interviewer (an unlabelled monologue or think-aloud, read as one
 * "Unknown speaker"): then there is no one else the words could belong to. As soon as any speaker is marked as a
 * participant or interviewer, unknown speakers are not quoted until the researcher gives them a role. A turn
 * whose speaker is not in the speaker list counts as unknown.
 */
export function quotableSpeakers(speakers: readonly DocumentSpeaker[], turns: readonly Turn[]): Set<string> {
  const participants = speakers.filter((speaker) => speaker.role === 'participant').map((speaker) => speaker.label);
  if (participants.length > 0) return new Set(participants);
  if (speakers.some((speaker) => speaker.role === 'interviewer')) return new Set();
  const known = new Set(speakers.map((speaker) => speaker.label));
  const unknown = speakers.filter((speaker) => speaker.role === 'unknown').map((speaker) => speaker.label);
  for (const turn of turns) if (!known.has(turn.speaker)) unknown.push(turn.speaker);
  return new Set(unknown);
}

/** Index of the first turn whose end is after `offset` (turns are in text order and do not overlap). */
export function firstTurnEndingAfter(turns: readonly Turn[], offset: number): number {
  let low = 0;
  let high = turns.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (turns[mid].end <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The turns a span `[start, end)` overlaps, with how many characters of it each holds. */
export function overlappingTurns(turns: readonly Turn[], start: number, end: number): { index: number; overlap: number }[] {
  const found: { index: number; overlap: number }[] = [];
  for (let i = firstTurnEndingAfter(turns, start); i < turns.length && turns[i].start < end; i++) {
    const overlap = Math.min(end, turns[i].end) - Math.max(start, turns[i].start);
    if (overlap > 0) found.push({ index: i, overlap });
  }
  return found;
}

/**
 * The source time of a quote starting at `start` inside `turn`: the last time mark at or before `start` when it lies
 * inside the turn; else the turn's own time; else the last earlier mark (the caption in effect); else none.
 */
export function timeAt(marks: readonly TimeMark[], turn: Turn, start: number): number | undefined {
  let low = 0;
  let high = marks.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (marks[mid].offset <= start) low = mid + 1;
    else high = mid;
  }
  const mark = low > 0 ? marks[low - 1] : undefined;
  if (mark && mark.offset >= turn.start) return mark.ts;
  if (turn.ts !== undefined) return turn.ts;
  return mark?.ts;
}
