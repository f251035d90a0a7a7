import type { InterviewSpeaker } from '@verbatim/contract/project';
import type { Turn } from '@verbatim/contract/transcript';
import { firstTurnEndingAfter } from '@verbatim/contract/transcript-lookup';

/**
 * Who may be quoted. Participants, always. The interviewer, never. A speaker of unknown role only when the
 * transcript names neither a participant nor an interviewer (an unlabelled monologue or think-aloud, read as one
 * "Unknown speaker"): then there is no one else the words could belong to. As soon as any speaker is marked as a
 * participant or interviewer, unknown speakers are not quoted until the researcher gives them a role. A turn
 * whose speaker is not in the speaker list counts as unknown.
 */
export function quotableSpeakers(speakers: readonly InterviewSpeaker[], turns: readonly Turn[]): Set<string> {
  const participants = speakers.filter((speaker) => speaker.role === 'participant').map((speaker) => speaker.label);
  if (participants.length > 0) return new Set(participants);
  if (speakers.some((speaker) => speaker.role === 'interviewer')) return new Set();
  const known = new Set(speakers.map((speaker) => speaker.label));
  const unknown = speakers.filter((speaker) => speaker.role === 'unknown').map((speaker) => speaker.label);
  for (const turn of turns) if (!known.has(turn.speaker)) unknown.push(turn.speaker);
  return new Set(unknown);
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
