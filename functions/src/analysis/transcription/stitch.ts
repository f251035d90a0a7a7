/**
 * The parts' answers made one conversation. Pure.
 *
 * Speakers across parts: the first part is transcribed alone (and the next, alone, until somebody is heard), and the
 * voices it heard (label and how each sounds) are given to every later part, which is told to keep those labels for
 * those voices. Here, part by part in time order: a label of that part's stays; a new label whose description is word for word a known voice's is that voice; a
 * new "Speaker N" that another later part already used for a voice described otherwise (two parts ran at once and
 * each met a new voice) is renumbered to the next free number; a name stays a name (it was said aloud).
 *
 * Turns: in time order, each part's in its own order. Where parts meet, a turn the next part repeats (the same
 * speaker saying the same words, or words the other turn holds) is kept once, the longer.
 */
import type { HeardSpeaker } from './transcription-prompt';
import type { HeardPart, HeardTurn } from './transcription-answer';

export interface Conversation {
  speakers: HeardSpeaker[];
  turns: HeardTurn[];
  /** New labels renumbered because two parts gave one label to different voices. */
  renumbered: number;
  /** Turns left out as repeated where two parts meet. */
  repeated: number;
}

const GENERIC = /^Speaker (\d+)$/;

function sameWords(a: string): string {
  return a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function sameDescription(a: string, b: string): boolean {
  return a.trim() !== '' && sameWords(a) === sameWords(b);
}

/** `parts` in time order; the speakers of the first in which anybody spoke are the ones the later parts were told of. */
export function stitchParts(parts: readonly HeardPart[]): Conversation {
  const speakers: HeardSpeaker[] = [];
  const byLabel = new Map<string, HeardSpeaker>();
  let renumbered = 0;
  const nextGeneric = () => {
    let n = 1;
    while (byLabel.has(`Speaker ${n}`)) n += 1;
    return `Speaker ${n}`;
  };
  const add = (speaker: HeardSpeaker) => {
    speakers.push(speaker);
    byLabel.set(speaker.label, speaker);
  };

  // The part whose voices the later parts were told of: the first in which anybody spoke.
  const rosterIndex = parts.findIndex((part) => part.speakers.length > 0);
  const told = new Set((parts[rosterIndex]?.speakers ?? []).map((s) => s.label));
  const turns: Array<HeardTurn & { part: number }> = [];
  parts.forEach((part, index) => {
    const rename = new Map<string, string>();
    for (const speaker of part.speakers) {
      const known = byLabel.get(speaker.label);
      const sameVoice = speakers.find((s) => sameDescription(s.description, speaker.description));
      if (index <= rosterIndex || told.has(speaker.label)) {
        if (!known) add(speaker);
        continue;
      }
      if (!known) {
        if (sameVoice && GENERIC.test(speaker.label)) rename.set(speaker.label, sameVoice.label);
        else add(speaker);
        continue;
      }
      if (!GENERIC.test(speaker.label) || known.description === '' || speaker.description === '' || sameDescription(known.description, speaker.description)) continue;
      // Another part used this "Speaker N" for a voice described otherwise.
      const label = sameVoice?.label ?? nextGeneric();
      if (!sameVoice) add({ label, description: speaker.description });
      rename.set(speaker.label, label);
      renumbered += 1;
    }
    for (const turn of part.turns) turns.push({ ...turn, speaker: rename.get(turn.speaker) ?? turn.speaker, part: index });
  });

  const kept: Array<HeardTurn & { part: number }> = [];
  let repeated = 0;
  for (const turn of turns) {
    const previous = kept[kept.length - 1];
    if (previous && previous.part !== turn.part && previous.speaker === turn.speaker) {
      const a = sameWords(previous.text);
      const b = sameWords(turn.text);
      if (a.includes(b) || b.includes(a)) {
        repeated += 1;
        if (b.length > a.length) kept[kept.length - 1] = { ...turn, start: previous.start };
        continue;
      }
    }
    kept.push(turn);
  }
  return { speakers: speakers.filter((s) => kept.some((t) => t.speaker === s.label)), turns: kept.map(({ part: _part, ...turn }) => turn), renumbered, repeated };
}
