import type { TimeMark, Turn } from './transcript';

/**
 * A parsed transcript is stored as a few Firestore documents under
 * `projects/{p}/documents/{d}/transcript/`, because one document holds at most 1 MiB. Pure
 * functions to split it into parts and join them back; shared by the server and the web client.
 */

/** Characters per text part: 3 UTF-8 bytes per character at worst stays well under 1 MiB. */
export const TEXT_PART_CHARS = 250_000;
/** Turns (and time marks) per part. */
export const TURNS_PER_PART = 4_000;

/** A turn as stored: the speaker by index into the document's speakers, offsets, timestamp. */
export interface StoredTurn {
  s: number;
  a: number;
  b: number;
  t?: number;
}

/**
 * One stored part. `version` is the interview's `transcriptVersion` the part was written for (absent: 0, as parsed); a
 * correction rewrites every part with its new version, so a reader can tell parts of two versions apart.
 */
export type TranscriptPart =
  | { kind: 'text'; index: number; text: string; version?: number }
  | { kind: 'turns'; index: number; turns: StoredTurn[]; version?: number }
  | { kind: 'marks'; index: number; marks: TimeMark[]; version?: number };

/** Whether every part was written for `transcriptVersion` (absent or 0: as parsed), so they join into one transcript. */
export function partsOfVersion(parts: readonly TranscriptPart[], transcriptVersion: number | undefined): boolean {
  return parts.every((part) => (part.version ?? 0) === (transcriptVersion ?? 0));
}

export interface TranscriptContent {
  text: string;
  turns: Turn[];
  timeMarks: TimeMark[];
}

/** Part document ids sort in storage order: text-0000, turns-0000, marks-0000. */
export function partId(part: TranscriptPart): string {
  return `${part.kind}-${String(part.index).padStart(4, '0')}`;
}

export function splitTranscript(content: TranscriptContent, speakerLabels: readonly string[]): TranscriptPart[] {
  const parts: TranscriptPart[] = [];
  const speakerIndex = new Map(speakerLabels.map((label, i) => [label, i]));
  for (let i = 0, index = 0; i < content.text.length || index === 0; index++) {
    // Never cut between the two halves of a character outside the Basic Multilingual Plane (an emoji, say).
    let end = Math.min(i + TEXT_PART_CHARS, content.text.length);
    if (end < content.text.length && isHighSurrogate(content.text.charCodeAt(end - 1))) end--;
    parts.push({ kind: 'text', index, text: content.text.slice(i, end) });
    i = end;
    if (content.text.length === 0) break;
  }
  for (let i = 0; i < content.turns.length; i += TURNS_PER_PART) {
    const turns = content.turns.slice(i, i + TURNS_PER_PART).map((turn): StoredTurn => {
      const s = speakerIndex.get(turn.speaker);
      if (s === undefined) throw new Error(`Turn speaker "${turn.speaker}" is not among the document's speakers`);
      return turn.ts === undefined ? { s, a: turn.start, b: turn.end } : { s, a: turn.start, b: turn.end, t: turn.ts };
    });
    parts.push({ kind: 'turns', index: i / TURNS_PER_PART, turns });
  }
  for (let i = 0; i < content.timeMarks.length; i += TURNS_PER_PART) {
    parts.push({ kind: 'marks', index: i / TURNS_PER_PART, marks: content.timeMarks.slice(i, i + TURNS_PER_PART) });
  }
  return parts;
}

export function joinTranscript(parts: readonly TranscriptPart[], speakerLabels: readonly string[]): TranscriptContent {
  const byIndex = <T extends TranscriptPart>(kind: T['kind']) =>
    parts.filter((p): p is T => p.kind === kind).sort((x, y) => x.index - y.index);
  const text = byIndex<Extract<TranscriptPart, { kind: 'text' }>>('text').map((p) => p.text).join('');
  const turns = byIndex<Extract<TranscriptPart, { kind: 'turns' }>>('turns').flatMap((p) =>
    p.turns.map((t): Turn => {
      const turn: Turn = { speaker: speakerLabels[t.s] ?? 'Unknown speaker', start: t.a, end: t.b };
      if (t.t !== undefined) turn.ts = t.t;
      return turn;
    }),
  );
  const timeMarks = byIndex<Extract<TranscriptPart, { kind: 'marks' }>>('marks').flatMap((p) => p.marks);
  return { text, turns, timeMarks };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
