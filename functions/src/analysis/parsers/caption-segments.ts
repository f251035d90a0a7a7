/**
 * Caption cues (VTT, SRT, SubViewer) → speaker segments.
 *
 * Speakers come from `<v Name>` voice tags or `Name:` labels at a cue line's start (several per cue are fine); a cue
 * without one continues the previous speaker, as captioners label only speaker changes. `>>` without a name marks a
 * change to someone unnamed, so the text goes to "Unknown speaker" rather than to the previous speaker, in a paragraph of
 * its own.
 * Rolling auto-captions (YouTube), where each cue repeats the previous cue's last line, are de-duplicated line by line.
 */
import { cleanLine } from './normalize-text';
import { readLineStart, type LabelCandidate, type LineStart } from './label-match';
import { resolveLabels, type ResolvedLabels } from './label-resolver';
import type { Segment } from './turn-assembly';
import { WordTally } from './word-limit';

export interface CueLine {
  text: string;
  /** Speaker named by a `<v>` tag around this line. */
  voice?: string;
}

export interface Cue {
  /** Start time in seconds, when known. */
  start?: number;
  /** End time in seconds, when known: when the cue's words are done being said. */
  end?: number;
  lines: CueLine[];
  /** The cue had word-level `<00:00:01.000>` timestamps (a sign of rolling auto-captions). */
  wordTimed?: boolean;
  /** When the cue's last timed word starts, in seconds (word-timed captions). */
  lastWordAt?: number;
}

export interface CaptionSegments {
  segments: Segment[];
  labels: ResolvedLabels;
  notes: string[];
}

/**
 * A caption line that only describes a sound, as automatic captions write them ("[Music]", "[Applause]", Whisper's
 * "[BLANK_AUDIO]", "♪♪"): nobody says it. Only whole lines; "[laughs]" inside someone's words stays theirs.
 */
const SOUND_ONLY =
  /^(?:[[(](?:music|applause|laughter|laughing|laughs|cheering|cheers|silence|inaudible|noise|background noise|crosstalk|foreign|no audio|blank_audio|music playing|upbeat music|soft music)[\])]|[♪♫\s]+)$/i;

function comparable(text: string): string {
  return text.toLowerCase();
}

function isRolling(cues: readonly Cue[]): boolean {
  if (cues.some((cue) => cue.wordTimed)) return true;
  let pairs = 0;
  let repeats = 0;
  for (let i = 1; i < cues.length; i++) {
    const previous = cues[i - 1].lines;
    const current = cues[i].lines;
    if (previous.length === 0 || current.length === 0) continue;
    pairs++;
    if (comparable(previous[previous.length - 1].text) === comparable(current[0].text)) repeats++;
  }
  return pairs >= 3 && repeats / pairs >= 0.5;
}

/** Drops each cue's leading lines that repeat the lines already emitted; returns how many lines were dropped. */
function dropRollingRepeats(cues: Cue[]): number {
  const emitted: string[] = [];
  let dropped = 0;
  for (const cue of cues) {
    const lines = cue.lines.map((line) => comparable(line.text));
    let overlap = 0;
    for (let k = Math.min(lines.length, emitted.length); k > 0; k--) {
      const tail = emitted.slice(emitted.length - k);
      if (tail.every((line, i) => line === lines[i])) {
        overlap = k;
        break;
      }
    }
    dropped += overlap;
    cue.lines = cue.lines.slice(overlap);
    emitted.push(...lines.slice(overlap));
    if (emitted.length > 8) emitted.splice(0, emitted.length - 8);
  }
  return dropped;
}

export function segmentCues(input: readonly Cue[]): CaptionSegments {
  const notes: string[] = [];
  const sounds = new Set<string>();
  const cues: Cue[] = input.map((cue) => {
    const lines: CueLine[] = [];
    for (const line of cue.lines) {
      const text = cleanLine(line.text);
      if (SOUND_ONLY.test(text)) sounds.add(text);
      else if (text.length > 0) lines.push(line.voice === undefined ? { text } : { text, voice: line.voice });
    }
    const kept: Cue = { start: cue.start, lines, wordTimed: cue.wordTimed };
    if (cue.end !== undefined) kept.end = cue.end;
    if (cue.lastWordAt !== undefined) kept.lastWordAt = cue.lastWordAt;
    return kept;
  });

  if (sounds.size > 0) {
    notes.push(`Captions that only describe a sound were left out, as nobody said them: ${[...sounds].slice(0, 5).join(', ')}.`);
  }

  if (isRolling(cues)) {
    const dropped = dropRollingRepeats(cues);
    if (dropped > 0) {
      notes.push('These are rolling auto-captions: lines repeated from one caption to the next were kept only once.');
    }
  }

  // Each line's start is read once. Before the labels are resolved, the words are bounded from below: a line with a
  // label candidate says at least the words after the label, whether or not the label is accepted; any other line says
  // what it will say. A file certainly over the word limit is refused here, without resolving a million labels.
  const candidates: LabelCandidate[] = [];
  const starts: (LineStart | null)[] = [];
  const atLeast = new WordTally();
  for (const cue of cues) {
    for (const line of cue.lines) {
      if (line.voice) {
        candidates.push({ name: cleanLine(line.voice), style: 'voice', rest: line.text });
        starts.push(null);
        atLeast.add(line.text);
        continue;
      }
      const start = readLineStart(line.text);
      starts.push(start);
      if (start.label) {
        candidates.push(start.label);
        atLeast.add(start.label.rest);
      } else {
        atLeast.add(start.speakerChange ? start.body : line.text);
      }
    }
  }
  atLeast.assertWithinLimit();
  const labels = resolveLabels(candidates, 'captions');

  /** What the `index`-th cue line says and who says it (`undefined`: the speaker so far). */
  const read = (line: CueLine, index: number): { speaker: string | null | undefined; text: string; change?: boolean } => {
    if (line.voice) return { speaker: labels.canonical(cleanLine(line.voice)), text: line.text };
    const start = starts[index] as LineStart;
    const canonical = start.label ? labels.canonical(start.label.name) : null;
    if (start.label && canonical) return { speaker: canonical, text: start.label.rest };
    if (start.speakerChange) return { speaker: null, text: start.body, change: true };
    return { speaker: undefined, text: line.text };
  };

  // The words first, keeping nothing, so captions over the word limit are refused before segments are built.
  const words = new WordTally();
  let index = 0;
  for (const cue of cues) for (const line of cue.lines) words.add(read(line, index++).text);
  words.assertWithinLimit();

  const segments: Segment[] = [];
  let speaker: string | null = null;
  let unnamedChanges = 0;
  index = 0;
  for (const cue of cues) {
    let cueTs = cue.start;
    for (const line of cue.lines) {
      const said = read(line, index++);
      if (said.speaker !== undefined) speaker = said.speaker;
      const { text } = said;
      let current = segments[segments.length - 1];
      if (!current || current.speaker !== speaker) {
        current = { speaker, pieces: [] };
        if (cue.start !== undefined) current.ts = cue.start;
        segments.push(current);
      }
      if (text.length === 0) continue;
      // After ">>" someone else speaks, unnamed: their words start a paragraph of their own.
      const piece: Segment['pieces'][number] = { text, join: said.change ? 'paragraph' : 'space' };
      if (said.change) unnamedChanges++;
      if (cueTs !== undefined) piece.ts = cueTs;
      if (cue.end !== undefined) piece.end = cue.end;
      if (cue.lastWordAt !== undefined) piece.lastWordAt = cue.lastWordAt;
      current.pieces.push(piece);
      cueTs = undefined; // only the cue's first piece carries its start time
    }
  }
  if (unnamedChanges > 0) {
    notes.push('Where the captions mark a new speaker (>>) without a name, a paragraph starts; who says what is not known, so any of it may be the interviewer’s.');
  }
  return { segments, labels, notes };
}
