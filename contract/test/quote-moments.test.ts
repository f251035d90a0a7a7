import { describe, expect, it } from 'vitest';
import { CLIP_MARGIN_SECONDS, quoteClipBounds, quoteMoments } from '../src/quote-moments';
import type { TimeMark, Turn } from '../src/transcript';

/**
 * A transcript as the parsers store it: each turn's words, with `{12.5}` (a time mark: a paragraph's or stamp's time)
 * or `{12.5-18}` (a caption cue: its start and end) before the words they time, and the turn's own time when it has one.
 */
function transcript(lines: { speaker: string; ts?: number; words: string }[]) {
  let text = '';
  const turns: Turn[] = [];
  const marks: TimeMark[] = [];
  for (const line of lines) {
    if (text) text += '\n\n';
    const start = text.length;
    if (line.ts !== undefined && !line.words.startsWith('{')) marks.push({ offset: start, ts: line.ts });
    for (const piece of line.words.split(/(\{[\d.]+(?:-[\d.]+)?\} ?)/)) {
      const cue = /^\{([\d.]+)(?:-([\d.]+))?\} ?$/.exec(piece);
      if (cue) marks.push(cue[2] === undefined ? { offset: text.length, ts: Number(cue[1]) } : { offset: text.length, ts: Number(cue[1]), end: Number(cue[2]) });
      else text += piece;
    }
    turns.push({ speaker: line.speaker, start, end: text.length, ...(line.ts !== undefined ? { ts: line.ts } : {}) });
  }
  const quote = (words: string) => {
    const at = text.indexOf(words);
    if (at < 0) throw new Error(`"${words}" is not in the transcript`);
    return { start: at, end: at + words.length };
  };
  return { text, turns, marks, quote };
}

/** Where `offset` falls in the words from `from` to `to` said evenly from `at` to `until`: the truth of an even voice. */
function evenly(offset: number, from: number, to: number, at: number, until: number): number {
  return at + ((until - at) * (offset - from)) / (to - from);
}

// Zoom: cues with a start and an end; a silence of 3 s between the participant's two cues.
const zoom = transcript([
  { speaker: 'Ana', ts: 2, words: '{2-5.5} How did the first week with the new tool go for your team?' },
  {
    speaker: 'Ben',
    ts: 7,
    words:
      '{7-13} We kept the old spreadsheet going for months, and nobody complained about it at all. {16-21} Then slowly people moved over to the new tool, one team after another.',
  },
  { speaker: 'Ana', ts: 23, words: '{23-25} And after that?' },
]);

describe('a quote’s moments in captions (cues with a start and an end, as Zoom writes them)', () => {
  it('are those of its own first and last word, inside their cues, not the cue’s start', () => {
    const span = zoom.quote('nobody complained about it');
    const moments = quoteMoments(span, zoom.turns, zoom.marks, { text: zoom.text })!;
    const cue = { from: zoom.quote('We kept').start, to: zoom.quote(' Then slowly').start };
    expect(moments.start).toBeCloseTo(evenly(span.start, cue.from, cue.to, 7, 13), 0);
    expect(moments.end).toBeCloseTo(evenly(span.end, cue.from, cue.to, 7, 13), 0);
    expect(moments.start).toBeGreaterThan(9.5); // the cue starts at 7
    expect(moments.end).toBeLessThanOrEqual(13);
  });

  it('run from the cue holding the first word to the cue holding the last', () => {
    const moments = quoteMoments(zoom.quote('nobody complained about it at all. Then slowly people moved over'), zoom.turns, zoom.marks, { text: zoom.text })!;
    expect(moments.start).toBeGreaterThan(9.5);
    expect(moments.start).toBeLessThan(13);
    expect(moments.end).toBeGreaterThan(17);
    expect(moments.end).toBeLessThan(19.5);
  });

  it('leave the silence between two cues out: a cue’s words end when the cue does', () => {
    const moments = quoteMoments(zoom.quote('about it at all.'), zoom.turns, zoom.marks, { text: zoom.text })!;
    expect(moments.end).toBeLessThanOrEqual(13);
    expect(moments.end).toBeGreaterThan(12);
  });

  it('rise with the words, from the first word of the turn to its last', () => {
    const turn = zoom.turns[1];
    const words = [...zoom.text.slice(turn.start, turn.end).matchAll(/\S+/g)].map((m) => turn.start + m.index);
    const starts = words.map((offset) => quoteMoments({ start: offset, end: offset + 1 }, zoom.turns, zoom.marks, { text: zoom.text })!.start);
    expect(starts[0]).toBe(7);
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]);
    expect(starts[starts.length - 1]).toBeLessThan(21);
  });
});

// Otter: a time per paragraph, no end times; the participant's second paragraph comes after a long silence.
const otter = transcript([
  { speaker: 'Interviewer', ts: 0, words: 'Thanks for joining. Could you tell me how you first started using the reminders?' },
  {
    speaker: 'Participant',
    ts: 6,
    words: 'I tried the app for a week. It was fine at first, but the reminders got annoying really fast. {40} After that I turned every one of them off.',
  },
  { speaker: 'Interviewer', ts: 44, words: 'Did you ever turn them back on again later?' },
  { speaker: 'Participant', ts: 48, words: 'No, never. I just check the app when I remember to, which is most mornings.' },
  { speaker: 'Interviewer', ts: 54, words: 'That makes sense, thank you.' },
]);

describe('a quote’s moments with a time per paragraph (as Otter writes them)', () => {
  it('are found by the words’ place in the paragraph, at the transcript’s own pace', () => {
    // The turns around it are said at 13 to 15 characters a second; so is this paragraph, which takes about 6 s and
    // is followed by some 28 s of silence.
    const span = otter.quote('the reminders got annoying');
    const moments = quoteMoments(span, otter.turns, otter.marks, { text: otter.text })!;
    const paragraph = otter.turns[1].start;
    const truth = { start: 6 + (span.start - paragraph) / 14, end: 6 + (span.end - paragraph) / 14 };
    expect(Math.abs(moments.start - truth.start)).toBeLessThan(1);
    expect(Math.abs(moments.end - truth.end)).toBeLessThan(1);
  });

  it('do not stretch a paragraph’s words over the silence after it', () => {
    const moments = quoteMoments(otter.quote('got annoying really fast.'), otter.turns, otter.marks, { text: otter.text })!;
    expect(moments.end).toBeLessThan(15);
  });

  it('start at a paragraph’s own time for its first words', () => {
    expect(quoteMoments(otter.quote('After that I turned'), otter.turns, otter.marks, { text: otter.text })!.start).toBe(40);
  });
});

describe('a quote’s moments with one time per turn', () => {
  const plain = transcript([
    { speaker: 'Interviewer', ts: 0, words: 'What happened when the new scheduling system arrived at your clinic last spring?' },
    {
      speaker: 'Participant',
      ts: 6,
      words:
        'At first nobody trusted it, because the old paper diary had worked for twenty years and everyone knew where to look. Then the receptionists found that it sent the reminders for them, and after a month they would not go back. The doctors took longer, mostly because they never had to touch it themselves.',
    },
    { speaker: 'Interviewer', ts: 28, words: 'What changed their minds in the end?' },
  ]);

  it('are the words’ place in the turn, between its time and the next', () => {
    const span = plain.quote('the receptionists found that it sent the reminders for them');
    const turn = plain.turns[1];
    const moments = quoteMoments(span, plain.turns, plain.marks, { text: plain.text })!;
    expect(Math.abs(moments.start - evenly(span.start, turn.start, turn.end, 6, 27))).toBeLessThan(2);
    expect(Math.abs(moments.end - evenly(span.end, turn.start, turn.end, 6, 27))).toBeLessThan(2);
    expect(moments.start).toBeGreaterThan(10);
  });

  it('are the same without the text, every character weighing the same', () => {
    const span = plain.quote('the receptionists found that it sent the reminders for them');
    const withText = quoteMoments(span, plain.turns, plain.marks, { text: plain.text })!;
    const without = quoteMoments(span, plain.turns, plain.marks)!;
    expect(Math.abs(without.start - withText.start)).toBeLessThan(1.5);
    expect(Math.abs(without.end - withText.end)).toBeLessThan(1.5);
  });
});

describe('a quote’s clip', () => {
  it('holds its moments with a margin each side', () => {
    const span = zoom.quote('nobody complained about it');
    const moments = quoteMoments(span, zoom.turns, zoom.marks, { text: zoom.text })!;
    const clip = quoteClipBounds(span, zoom.turns, zoom.marks, { text: zoom.text })!;
    expect(clip.start).toBeLessThanOrEqual(moments.start - CLIP_MARGIN_SECONDS);
    expect(clip.end).toBeGreaterThanOrEqual(moments.end + CLIP_MARGIN_SECONDS);
    expect(clip.end - clip.start).toBeLessThan(moments.end - moments.start + 4);
  });

  it('reaches as late as its words can be where a silence we cannot place follows them, but not past the next time', () => {
    // The paragraph's words take some 6 s of its 34: wherever the silence falls, the clip holds the words.
    const span = otter.quote('the reminders got annoying');
    const clip = quoteClipBounds(span, otter.turns, otter.marks, { text: otter.text })!;
    const paragraph = otter.turns[1].start;
    expect(clip.start).toBeLessThanOrEqual(6 + (span.start - paragraph) / 14);
    expect(clip.end).toBeGreaterThan(30);
    expect(clip.end).toBeLessThanOrEqual(40);
  });

  it('never starts before its turn nor runs into the next speaker’s words', () => {
    const first = quoteClipBounds(otter.quote('I tried the app'), otter.turns, otter.marks, { text: otter.text })!;
    expect(first.start).toBe(6);
    const last = quoteClipBounds(otter.quote('turned every one of them off.'), otter.turns, otter.marks, { text: otter.text })!;
    expect(last.end).toBeLessThanOrEqual(44);
    expect(last.end).toBeGreaterThan(42);
  });

  it('never starts below 0', () => {
    const clip = quoteClipBounds(otter.quote('Thanks for joining'), otter.turns, otter.marks, { text: otter.text })!;
    expect(clip.start).toBe(0);
  });

  it('reaches the end of the recording’s last words, where no later time is known, and stops at the recording’s end', () => {
    const span = otter.quote('That makes sense, thank you.');
    const moments = quoteMoments(span, otter.turns, otter.marks, { text: otter.text })!;
    const clip = quoteClipBounds(span, otter.turns, otter.marks, { text: otter.text })!;
    expect(moments.end).toBeGreaterThan(55);
    expect(clip.end).toBeGreaterThanOrEqual(moments.end + CLIP_MARGIN_SECONDS);
    const ending = quoteClipBounds(span, otter.turns, otter.marks, { text: otter.text, duration: 56 })!;
    expect(ending.end).toBe(56);
    // A recording that goes on in silence: its words may come as late as its end allows.
    expect(quoteClipBounds(span, otter.turns, otter.marks, { text: otter.text, duration: 90 })!.end).toBeGreaterThan(80);
  });
});

describe('each speaker’s own pace', () => {
  // A quick interviewer (20 characters a second) and a slow participant (10), back to back; then one more answer
  // followed by a long silence, whose words are placed at the participant's pace, not the transcript's.
  const question = 'and so what did you do about the rota after that then';
  const answer = 'well we sat down together and wrote the whole plan again by hand on the big board in the office';
  const lines: { speaker: string; ts: number; words: string }[] = [];
  let t = 0.25;
  for (let i = 0; i < 6; i++) {
    lines.push({ speaker: 'Interviewer', ts: t, words: question });
    t += question.length / 20 + 0.1;
    lines.push({ speaker: 'Participant', ts: t, words: answer });
    t += answer.length / 10 + 0.1;
  }
  const last = t;
  lines.push({ speaker: 'Participant', ts: last, words: answer });
  lines.push({ speaker: 'Interviewer', ts: last + 40, words: question });
  const paced = transcript(lines);

  it('places a participant’s words at the participant’s pace', () => {
    const turn = paced.turns[12];
    const at = turn.start + answer.indexOf('the big board');
    const moments = quoteMoments({ start: at, end: turn.end }, paced.turns, paced.marks, { text: paced.text })!;
    expect(Math.abs(moments.start - (last + answer.indexOf('the big board') / 10))).toBeLessThan(1);
    expect(Math.abs(moments.end - (last + answer.length / 10))).toBeLessThan(1.5);
  });
});

describe('times written to the second', () => {
  // Twelve turns of an even voice at 14 characters a second, each time written to the second (the true starts are
  // 0.6 s later): a time stands for its whole second.
  const lines = Array.from({ length: 12 }, (_, i) => ({
    speaker: i % 2 === 0 ? 'Interviewer' : 'Participant',
    ts: i * 6,
    words: i % 2 === 0 ? 'And what happened after that, then?' : 'We waited for the report, and then the whole team left together.',
  }));
  const coarse = transcript(lines);

  it('put a turn’s first word in the middle of its second', () => {
    const span = coarse.quote('We waited');
    expect(quoteMoments(span, coarse.turns, coarse.marks, { text: coarse.text })!.start).toBe(6.5);
    expect(quoteClipBounds(span, coarse.turns, coarse.marks, { text: coarse.text })!.start).toBe(6);
  });

  it('let a clip reach into the second the next turn’s time stands for, but not past it', () => {
    const span = { start: coarse.turns[1].start, end: coarse.turns[1].end };
    const clip = quoteClipBounds(span, coarse.turns, coarse.marks, { text: coarse.text })!;
    expect(clip.end).toBeGreaterThan(12);
    expect(clip.end).toBeLessThanOrEqual(13);
  });
});

describe('without times', () => {
  it('a quote has no moments and no clip, and neither has text outside every turn', () => {
    const untimed = transcript([{ speaker: 'Participant', words: 'No clock anywhere in this file.' }]);
    expect(quoteMoments(untimed.quote('clock'), untimed.turns, untimed.marks)).toBeNull();
    expect(quoteClipBounds(untimed.quote('clock'), untimed.turns, untimed.marks)).toBeNull();
    const gap = otter.turns[0].end + 1;
    expect(quoteMoments({ start: gap, end: gap + 1 }, otter.turns, otter.marks)).toBeNull();
  });

  it('a turn without a time of its own takes the caption in effect before it', () => {
    const late = transcript([
      { speaker: 'Ana', ts: 5, words: 'How was it?' },
      { speaker: 'Ben', words: 'It was fine.' },
    ]);
    expect(quoteMoments(late.quote('fine'), late.turns, late.marks)!.start).toBeGreaterThanOrEqual(5);
  });
});
