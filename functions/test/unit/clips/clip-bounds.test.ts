import { describe, expect, it } from 'vitest';
import { CLIP_MESSAGES } from '@verbatim/contract/clip';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { clipContext, clipMoment, clipSpan, nudgeSpan, relocateWords, type TranscriptText } from '../../../src/clips/clip-bounds';

/** Two turns, the interviewer's at 0 s and the participant's at 4 s, the next time at 14 s. */
function transcript(): TranscriptText {
  const question = 'How do you export your data today?';
  const answer = 'Honestly it takes ages and I dread every single export.';
  const text = `${question}\n\n${answer}\n\nThanks.`;
  const a = text.indexOf(answer);
  const thanks = text.indexOf('Thanks.');
  const turns: Turn[] = [
    { speaker: 'Interviewer', start: 0, end: question.length, ts: 0 },
    { speaker: 'P1', start: a, end: a + answer.length, ts: 4 },
    { speaker: 'Interviewer', start: thanks, end: thanks + 7, ts: 14 },
  ];
  const timeMarks: TimeMark[] = [];
  return { text, turns, timeMarks };
}

const spanOf = (t: TranscriptText, words: string) => ({ start: t.text.indexOf(words), end: t.text.indexOf(words) + words.length });
const said = (t: TranscriptText, span: { start: number; end: number }) => t.text.slice(span.start, span.end);

describe('a clip’s words', () => {
  it('are whole words of one turn: a selection inside words takes them whole, without the spaces around', () => {
    const t = transcript();
    const inside = spanOf(t, 'akes ages and I dre');
    const { span, turn } = clipSpan(t, { start: inside.start - 1, end: inside.end });
    expect(said(t, span)).toBe('takes ages and I dread');
    expect(turn.speaker).toBe('P1');
    const spaced = spanOf(t, ' ages ');
    expect(said(t, clipSpan(t, spaced).span)).toBe('ages');
  });

  it('refuses a selection across two speakers’ turns, and one without words', () => {
    const t = transcript();
    expect(() => clipSpan(t, { start: spanOf(t, 'today?').start, end: spanOf(t, 'Honestly').end })).toThrow(CLIP_MESSAGES.oneTurn);
    const gap = spanOf(t, 'today?').end;
    expect(() => clipSpan(t, { start: gap, end: gap + 2 })).toThrow(CLIP_MESSAGES.noWords);
  });

  it('nudge a word at a time at either edge, within the turn, keeping one word', () => {
    const t = transcript();
    const span = spanOf(t, 'takes ages');
    expect(said(t, nudgeSpan(t, span, 'start', -1))).toBe('it takes ages');
    expect(said(t, nudgeSpan(t, span, 'start', 1))).toBe('ages');
    expect(said(t, nudgeSpan(t, span, 'end', 2))).toBe('takes ages and I');
    expect(said(t, nudgeSpan(t, span, 'end', -1))).toBe('takes');
    // As far as the turn goes, and no further.
    expect(said(t, nudgeSpan(t, span, 'start', -10))).toBe('Honestly it takes ages');
    expect(() => nudgeSpan(t, spanOf(t, 'Honestly it'), 'start', -1)).toThrow(CLIP_MESSAGES.nudgeLimit('start'));
    expect(() => nudgeSpan(t, spanOf(t, 'single export.'), 'end', 1)).toThrow(CLIP_MESSAGES.nudgeLimit('end'));
    expect(() => nudgeSpan(t, spanOf(t, 'ages'), 'end', -1)).toThrow(CLIP_MESSAGES.nudgeLimit('end'));
    expect(said(t, nudgeSpan(t, spanOf(t, 'ages and'), 'start', 5))).toBe('and');
  });

  it('show the words around them in their turn', () => {
    const t = transcript();
    expect(clipContext(t, spanOf(t, 'ages and'), 2)).toEqual({ before: '… it takes', after: 'I dread …' });
    expect(clipContext(t, spanOf(t, 'Honestly'))).toEqual({ before: '', after: 'it takes ages and I dread every single export.' });
  });

  it('are found again after a correction moved them, and refused once they are gone', () => {
    const t = transcript();
    const span = spanOf(t, 'takes ages');
    expect(relocateWords(t.text, span, 'takes ages')).toEqual(span);
    const corrected = `Well, ${t.text}`;
    expect(relocateWords(corrected, span, 'takes ages')).toEqual({ start: span.start + 6, end: span.end + 6 });
    expect(() => relocateWords(corrected.replace('ages', 'forever'), span, 'takes ages')).toThrow(CLIP_MESSAGES.wordsChanged);
  });
});

describe('a clip’s moment in the recording', () => {
  it('starts at the words’ own moment, within their turn and the recording', () => {
    const t = transcript();
    const moment = clipMoment(t, spanOf(t, 'Honestly it takes ages'), 60);
    expect(moment.start).toBeGreaterThanOrEqual(4);
    expect(moment.end).toBeLessThanOrEqual(14);
    expect(moment.end).toBeGreaterThan(moment.start);
    // Later words, a later moment.
    expect(clipMoment(t, spanOf(t, 'every single export.'), 60).start).toBeGreaterThan(moment.start);
    // Ends by the recording's end.
    expect(clipMoment(t, spanOf(t, 'every single export.'), 9).end).toBeLessThanOrEqual(9);
  });

  it('is refused past the recording’s end, and where the transcript has no times', () => {
    const t = transcript();
    expect(() => clipMoment(t, spanOf(t, 'Thanks.'), 10)).toThrow(/said at 00:14, past the end of the recording \(10 seconds long\)/);
    const untimed = { ...t, turns: t.turns.map(({ ts: _ts, ...turn }) => turn) };
    expect(() => clipMoment(untimed, spanOf(t, 'takes ages'), 60)).toThrow(CLIP_MESSAGES.noTimes);
  });
});
