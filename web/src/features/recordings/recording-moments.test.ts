import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { describe, expect, it } from 'vitest';
import { hasTimestamps, quotePlaySpan, turnAtMoment, turnMoment, turnTimeline } from './recording-moments';

// Three turns: the interviewer at 0:05, a long answer from 0:12 with a cue inside it at 0:31, and a turn without a
// stamp of its own whose words carry a cue at 1:02.
const turns: Turn[] = [
  { speaker: 'Ana', start: 0, end: 20, ts: 5 },
  { speaker: 'Ben', start: 22, end: 120, ts: 12 },
  { speaker: 'Ana', start: 122, end: 160 },
];
const marks: TimeMark[] = [
  { offset: 0, ts: 5 },
  { offset: 22, ts: 12 },
  { offset: 70, ts: 31 },
  { offset: 130, ts: 62 },
];

describe('the turn being said while the recording plays', () => {
  const timeline = turnTimeline(turns, marks);

  it('gives each turn its timestamp, or its first cue', () => {
    expect(turns.map((t) => turnMoment(t, marks))).toEqual([5, 12, 62]);
    expect(turnMoment({ speaker: 'Ana', start: 122, end: 160 }, [])).toBeNull();
  });

  it('is the last turn whose moment has come, and none before the first', () => {
    expect(turnAtMoment(timeline, 0)).toBeNull();
    expect(turnAtMoment(timeline, 5)).toBe(0);
    expect(turnAtMoment(timeline, 11.5)).toBe(0);
    expect(turnAtMoment(timeline, 12)).toBe(22);
    expect(turnAtMoment(timeline, 61)).toBe(22);
    expect(turnAtMoment(timeline, 62)).toBe(122);
    expect(turnAtMoment(timeline, 3600)).toBe(122);
  });

  it('counts a turn as begun when a seek lands a few milliseconds before it', () => {
    expect(turnAtMoment(timeline, 11.99)).toBe(22);
  });

  it('keeps a stamp out of order from hiding the turns before it', () => {
    const odd: Turn[] = [
      { speaker: 'A', start: 0, end: 5, ts: 10 },
      { speaker: 'B', start: 7, end: 9, ts: 4 },
      { speaker: 'A', start: 11, end: 15, ts: 20 },
    ];
    const t = turnTimeline(odd, []);
    expect(turnAtMoment(t, 15)).toBe(7);
    expect(turnAtMoment(t, 21)).toBe(11);
  });
});

describe('a transcript a recording can be synced to', () => {
  it('has turn timestamps or cues', () => {
    expect(hasTimestamps({ turns, timeMarks: [] })).toBe(true);
    expect(hasTimestamps({ turns: [{ speaker: 'A', start: 0, end: 3 }], timeMarks: marks })).toBe(true);
    expect(hasTimestamps({ turns: [{ speaker: 'A', start: 0, end: 3 }], timeMarks: [] })).toBe(false);
  });
});

describe('what the owner hears of a quote', () => {
  // One turn of 600 characters said from 0:10 to 0:50, the next turn at 0:51.
  const longTurns: Turn[] = [
    { speaker: 'Ben', start: 0, end: 600, ts: 10 },
    { speaker: 'Ana', start: 602, end: 640, ts: 51 },
  ];
  const text = `${'word '.repeat(120)}\n\n${'ask '.repeat(9)}`;

  it('starts at the quote’s own words inside a long turn, not at the turn’s start, and ends before the next turn', () => {
    const span = quotePlaySpan({ start: 300, end: 400 }, longTurns, [], { text })!;
    expect(span.start).toBeGreaterThan(20);
    expect(span.end).toBeLessThan(51 + 1);
    expect(span.end).toBeGreaterThan(span.start + 3);
  });

  it('is nothing when the transcript has no times', () => {
    expect(quotePlaySpan({ start: 300, end: 400 }, [{ speaker: 'Ben', start: 0, end: 600 }], [], { text })).toBeNull();
  });
});
