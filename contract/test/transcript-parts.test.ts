import { describe, expect, it } from 'vitest';
import { joinTranscript, partId, splitTranscript, TEXT_PART_CHARS, TURNS_PER_PART } from '../src/transcript-parts';
import type { Turn } from '../src/transcript';

describe('transcript parts', () => {
  it('round-trips a long transcript exactly, across several parts', () => {
    const text = 'word '.repeat(TEXT_PART_CHARS / 2); // 2.5 parts of text
    const turns: Turn[] = Array.from({ length: TURNS_PER_PART + 10 }, (_, i) => ({
      speaker: i % 2 ? 'Dan' : 'Participant',
      start: i * 10,
      end: i * 10 + 5,
      ...(i % 3 === 0 ? { ts: i * 1.5 } : {}),
    }));
    // A caption's mark keeps its end time; a mark stored before ends were kept has none.
    const timeMarks = [{ offset: 0, ts: 0 }, { offset: 50, ts: 12.5, end: 15.25 }];
    const parts = splitTranscript({ text, turns, timeMarks }, ['Dan', 'Participant']);
    expect(parts.map(partId)).toEqual(['text-0000', 'text-0001', 'text-0002', 'turns-0000', 'turns-0001', 'marks-0000']);
    const back = joinTranscript([...parts].reverse(), ['Dan', 'Participant']);
    expect(back.text).toBe(text);
    expect(back.turns).toEqual(turns);
    expect(back.timeMarks).toEqual(timeMarks);
  });

  it('never cuts an emoji in two at a part boundary', () => {
    // The part boundary falls between the two UTF-16 halves of the emoji.
    const text = `${'a'.repeat(TEXT_PART_CHARS - 1)}😀 after the boundary`;
    const parts = splitTranscript({ text, turns: [], timeMarks: [] }, []);
    const texts = parts.filter((p) => p.kind === 'text').map((p) => (p as { text: string }).text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe('a'.repeat(TEXT_PART_CHARS - 1));
    expect(texts[1].startsWith('😀')).toBe(true);
    for (const part of texts) expect(part).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
    expect(joinTranscript(parts, []).text).toBe(text);
  });

  it('refuses a turn whose speaker is not in the list', () => {
    expect(() => splitTranscript({ text: 'hi', turns: [{ speaker: 'Ghost', start: 0, end: 2 }], timeMarks: [] }, ['Dan'])).toThrow(
      'Turn speaker "Ghost" is not among the document\'s speakers',
    );
  });
});
