/**
 * A quote's own moments in the layouts recording tools export, read through the real parsers: an interview whose every
 * word's time is known (a steady voice, pauses after sentences and between turns, a long silence now and then),
 * written as Zoom's captions (cues of a few seconds with their end), Otter's text (a time per paragraph) and a
 * turn-per-line transcript (a time per turn). Each quote is a participant's sentence from its third word on.
 */
import { describe, expect, it } from 'vitest';
import { quoteClipBounds, quoteMoments } from '@verbatim/contract/quote-moments';
import { momentAt, turnIndexAt } from '@verbatim/contract/transcript-lookup';
import type { ParsedTranscript } from '@verbatim/contract/transcript';
import { parseTranscript } from '../../../../src/analysis/parsers';

interface Word {
  text: string;
  start: number;
  end: number;
}
interface Sentence {
  words: Word[];
}
interface SpokenTurn {
  speaker: string;
  sentences: Sentence[];
}

const SENTENCES = [
  'We kept the old spreadsheet going for months.',
  'Nobody wanted to be the first to move their numbers over.',
  'Then the finance team found that the new tool sent the reminders for them.',
  'After that it spread quickly, one team after another.',
  'I still keep a copy of the old file, just in case.',
  'The hardest part was the first week, when nothing matched.',
  'Honestly, I thought we would go back to paper.',
  'My manager asked me every morning whether the totals were right.',
  'It took a long time before anyone trusted the dashboard.',
  'Now I cannot imagine doing it the other way.',
];
const QUESTIONS = ['How did the change start?', 'What happened next?', 'Why do you think it stuck?', 'Anything else?'];

/** The interview: question, answer of a few sentences, and so on; each word said at 14 characters a second. */
function speak(): SpokenTurn[] {
  const turns: SpokenTurn[] = [];
  let t = 1;
  let n = 0;
  const say = (line: string): Sentence => {
    const words = line.split(' ').map((text) => {
      const word = { text, start: t, end: t + text.length / 14 };
      t = word.end + 0.12;
      return word;
    });
    t += 0.45; // a breath after the sentence
    return { words };
  };
  for (const question of QUESTIONS) {
    turns.push({ speaker: 'Interviewer', sentences: [say(question)] });
    t += 0.8;
    const answer: Sentence[] = [];
    for (let k = 0; k < 3; k++) {
      answer.push(say(SENTENCES[n++ % SENTENCES.length]));
      if (k === 0 && n % 2 === 0) t += 6; // a long silence while the participant thinks
    }
    turns.push({ speaker: 'Maria Lopez', sentences: answer });
    t += 1;
  }
  turns.push({ speaker: 'Interviewer', sentences: [say('Thank you, that is all I wanted to ask.')] });
  return turns;
}

const clock = (seconds: number, withHours = true) => {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  const s = whole % 60;
  const ms = Math.round((seconds - whole) * 1000);
  const two = (x: number) => String(x).padStart(2, '0');
  return withHours ? `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}` : `${m}:${two(s)}`;
};

/** Zoom: cues of at most ~5 s of one speaker, `Name: words`, with start and end. */
function zoomVtt(turns: SpokenTurn[]): string {
  const cues: string[] = [];
  for (const turn of turns) {
    const words = turn.sentences.flatMap((s) => s.words);
    for (let i = 0; i < words.length; ) {
      let j = i;
      while (j + 1 < words.length && words[j + 1].end - words[i].start <= 5 && words[j + 1].start - words[j].end < 2) j++;
      cues.push(`${cues.length + 1}\n${clock(words[i].start)} --> ${clock(words[j].end)}\n${turn.speaker}: ${words.slice(i, j + 1).map((w) => w.text).join(' ')}`);
      i = j + 1;
    }
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Otter: `Name  m:ss` over each paragraph; a long answer in paragraphs of two sentences. */
function otterTxt(turns: SpokenTurn[]): string {
  const paragraphs: string[] = [];
  for (const turn of turns) {
    for (let i = 0; i < turn.sentences.length; i += 2) {
      const sentences = turn.sentences.slice(i, i + 2);
      paragraphs.push(`${turn.speaker}  ${clock(sentences[0].words[0].start, false)}\n${sentences.map((s) => s.words.map((w) => w.text).join(' ')).join(' ')}`);
    }
  }
  return `${paragraphs.join('\n\n')}\n`;
}

/** One line a turn: `[hh:mm:ss] Name: words`. */
function plainTxt(turns: SpokenTurn[]): string {
  return turns
    .map((turn) => `[${clock(turn.sentences[0].words[0].start).slice(0, 8)}] ${turn.speaker}: ${turn.sentences.map((s) => s.words.map((w) => w.text).join(' ')).join(' ')}`)
    .join('\n');
}

interface Measured {
  start: number[];
  end: number[];
  old: number[];
  held: boolean[];
}

/** Every participant sentence found in the parsed text, its moments against the truth. */
async function measure(fileName: string, written: string, turns: SpokenTurn[]): Promise<Measured> {
  const parsed: ParsedTranscript = await parseTranscript({ bytes: new Uint8Array(Buffer.from(written, 'utf8')), fileName });
  const marks = parsed.timeMarks ?? [];
  const out: Measured = { start: [], end: [], old: [], held: [] };
  let from = 0;
  for (const turn of turns) {
    for (const sentence of turn.sentences) {
      // The quote: the sentence from its third word (a clause, seldom where a cue starts).
      const said = sentence.words.slice(2);
      const words = said.map((w) => w.text).join(' ');
      const start = parsed.text.indexOf(words, from);
      expect(start).toBeGreaterThanOrEqual(0);
      from = start + words.length;
      if (turn.speaker === 'Interviewer') continue;
      const span = { start, end: start + words.length };
      const truth = { start: said[0].start, end: said[said.length - 1].end };
      const moments = quoteMoments(span, parsed.turns, marks, { text: parsed.text })!;
      const clip = quoteClipBounds(span, parsed.turns, marks, { text: parsed.text })!;
      out.start.push(Math.abs(moments.start - truth.start));
      out.end.push(Math.abs(moments.end - truth.end));
      out.old.push(Math.abs(momentAt(start, parsed.turns[turnIndexAt(parsed.turns, start)], marks)! - truth.start));
      // Times in the files are rounded to the millisecond (the plain layout's to the second).
      out.held.push(clip.start <= truth.start + 0.001 && truth.end <= clip.end + 0.001);

    }
  }
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('a quote’s moments, read through the parsers', () => {
  const turns = speak();

  it('in Zoom’s captions are within a quarter second of its own words, where the cue’s start is not', async () => {
    const m = await measure('zoom.vtt', zoomVtt(turns), turns);
    expect(median(m.old)).toBeGreaterThan(0.5);
    expect(median(m.start)).toBeLessThan(0.25);
    expect(median(m.end)).toBeLessThan(0.25);
    expect(Math.max(...m.start)).toBeLessThan(1.5);
    expect(m.held.every(Boolean)).toBe(true);
  });

  it('in Otter’s paragraphs are about a second from its own words at most, a silence in a paragraph not stretching it', async () => {
    const m = await measure('otter.txt', otterTxt(turns), turns);
    expect(median(m.old)).toBeGreaterThan(1.5);
    expect(median(m.start)).toBeLessThan(1);
    expect(median(m.end)).toBeLessThan(1.5);
    expect(m.held.every(Boolean)).toBe(true);
  });

  it('with one time per turn are found by their place in the turn, and every clip holds the words', async () => {
    const m = await measure('plain.txt', plainTxt(turns), turns);
    expect(median(m.old)).toBeGreaterThan(3);
    expect(median(m.start)).toBeLessThan(median(m.old) / 2);
    expect(m.held.every(Boolean)).toBe(true);
  });
});
