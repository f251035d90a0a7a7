import { describe, expect, it } from 'vitest';
import type { TimeMark, Turn } from '../src/transcript';
import { firstIndex, firstMarkAtOrAfter, firstTurnEndingAfter, lastMarkAtOrBefore, momentAt, turnIndexAt } from '../src/transcript-lookup';

/**
 * A transcript as a caption file gives it: each turn's words with `[m:ss]` cues inside them, and the turn's own time
 * when it has one (a mark at its start, as the parsers write it). `at` is where some words start in the stored text.
 */
function transcript(lines: { speaker: string; ts?: number; words: string }[]) {
  let text = '';
  const turns: Turn[] = [];
  const marks: TimeMark[] = [];
  for (const line of lines) {
    if (text) text += '\n\n';
    const start = text.length;
    if (line.ts !== undefined) marks.push({ offset: start, ts: line.ts });
    for (const piece of line.words.split(/(\[\d+:\d\d\] )/)) {
      const cue = /^\[(\d+):(\d\d)\] $/.exec(piece);
      if (cue) marks.push({ offset: text.length, ts: Number(cue[1]) * 60 + Number(cue[2]) });
      else text += piece;
    }
    turns.push({ speaker: line.speaker, start, end: text.length, ...(line.ts !== undefined ? { ts: line.ts } : {}) });
  }
  return { text, turns, marks, at: (words: string) => text.indexOf(words) };
}

// The interviewer at 0:05; an answer from 0:12 with a cue inside it at 0:31; a turn without a time of its own whose
// words carry a cue at 1:02.
const { text, turns, marks, at } = transcript([
  { speaker: 'Ana', ts: 5, words: 'How did the first week go?' },
  { speaker: 'Ben', ts: 12, words: 'We kept the old spreadsheet going. [0:31] Then, slowly, people moved over.' },
  { speaker: 'Ana', words: 'And after that? [1:02] Did anyone go back?' },
]);
const quote = (words: string) => ({ start: at(words), end: at(words) + words.length });

describe('the turn holding an offset', () => {
  it('is the turn whose words the offset falls in, and none between turns or past the last', () => {
    expect(turnIndexAt(turns, at('first week'))).toBe(0);
    expect(turnIndexAt(turns, at('spreadsheet'))).toBe(1);
    expect(turnIndexAt(turns, at('go back'))).toBe(2);
    expect(turnIndexAt(turns, turns[0].end - 1)).toBe(0);
    expect(turnIndexAt(turns, turns[0].end)).toBe(-1);
    expect(turnIndexAt(turns, turns[0].end + 1)).toBe(-1);
    expect(turnIndexAt(turns, text.length)).toBe(-1);
    expect(turnIndexAt([], 0)).toBe(-1);
  });

  it('agrees with reading the turns one by one, at every offset', () => {
    for (let offset = -1; offset <= text.length + 1; offset++) {
      expect(turnIndexAt(turns, offset)).toBe(turns.findIndex((t) => t.start <= offset && offset < t.end));
      const ending = turns.findIndex((t) => t.end > offset);
      expect(firstTurnEndingAfter(turns, offset)).toBe(ending < 0 ? turns.length : ending);
    }
  });

  it('finds the first turn still going at an offset, or the one after a gap', () => {
    expect(firstTurnEndingAfter(turns, 0)).toBe(0);
    expect(firstTurnEndingAfter(turns, turns[0].end)).toBe(1);
    expect(firstTurnEndingAfter(turns, turns[1].end + 1)).toBe(2);
    expect(firstTurnEndingAfter(turns, text.length)).toBe(3);
  });
});

describe('the time marks around an offset', () => {
  it('are the last at or before it and the first at or after it', () => {
    expect(marks.map((m) => m.ts)).toEqual([5, 12, 31, 62]);
    expect(lastMarkAtOrBefore(marks, at('Then'))).toBe(2);
    expect(lastMarkAtOrBefore(marks, at('Then') - 1)).toBe(1);
    expect(lastMarkAtOrBefore(marks, -1)).toBe(-1);
    expect(lastMarkAtOrBefore(marks, text.length)).toBe(3);
    expect(firstMarkAtOrAfter(marks, at('Then'))).toBe(2);
    expect(firstMarkAtOrAfter(marks, at('Then') + 1)).toBe(3);
    expect(firstMarkAtOrAfter(marks, at('Did anyone') + 1)).toBe(marks.length);
    expect(lastMarkAtOrBefore([], 10)).toBe(-1);
    expect(firstMarkAtOrAfter([], 10)).toBe(0);
  });

  it('rest on one search: the first place a test turns true', () => {
    expect(firstIndex([1, 3, 3, 8], (n) => n >= 3)).toBe(1);
    expect(firstIndex([1, 3, 3, 8], (n) => n > 3)).toBe(3);
    expect(firstIndex([1, 3, 3, 8], (n) => n > 8)).toBe(4);
    expect(firstIndex([1, 3, 3, 8], () => true)).toBe(0);
  });
});

describe('the moment words are said', () => {
  it('is the last cue at or before them, inside their turn', () => {
    expect(momentAt(at('slowly'), turns[1], marks)).toBe(31);
    expect(momentAt(at('Then'), turns[1], marks)).toBe(31);
    expect(momentAt(at('spreadsheet'), turns[1], marks)).toBe(12);
    // A cue on the turn's first word is inside it, even where it differs from the turn's own time.
    expect(momentAt(at('spreadsheet'), turns[1], [{ offset: turns[1].start, ts: 11 }])).toBe(11);
  });

  it('is their turn’s timestamp when no cue inside the turn comes before them', () => {
    expect(momentAt(at('slowly'), turns[1], [])).toBe(12);
    expect(momentAt(at('spreadsheet'), turns[1], [{ offset: 0, ts: 5 }])).toBe(12);
  });

  it('is the caption in effect (the last cue before the turn) when the turn has no time of its own', () => {
    expect(momentAt(at('after that'), turns[2], marks)).toBe(31);
  });

  it('is the last cue before them when no turn holds them, and unknown without any time', () => {
    expect(momentAt(turns[0].end, undefined, marks)).toBe(5);
    expect(momentAt(at('after that'), turns[2], [])).toBeNull();
    expect(momentAt(turns[0].end, undefined, [])).toBeNull();
  });
});
