import { describe, expect, it } from 'vitest';
import { pointToOffset, resolveSelection, type NodeLike } from './transcript-selection';

/** A tiny stand-in for the DOM the transcript view renders. */
interface FakeNode extends NodeLike {
  childNodes: FakeNode[];
  parentNode: FakeNode | null;
}
function el(attrs: Record<string, string>, children: FakeNode[]): FakeNode {
  const node: FakeNode = { nodeType: 1, parentNode: null, childNodes: children, getAttribute: (name) => attrs[name] ?? null };
  children.forEach((c) => (c.parentNode = node));
  return node;
}
function txt(): FakeNode {
  return { nodeType: 3, parentNode: null, childNodes: [] };
}

// Turn [100, 130) rendered as: span[100,110) mark[110,118) wrapper(span[118,124) mark[124,130)).
const leaf = (o: number, e: number) => el({ 'data-o': String(o), 'data-e': String(e) }, [txt()]);
const a = leaf(100, 110);
const b = leaf(110, 118);
const c = leaf(118, 124);
const d = leaf(124, 130);
const wrapper = el({}, [c, d]);
const turn = el({ 'data-turn': '100', 'data-turn-end': '130' }, [a, b, wrapper]);

describe('mapping a DOM point to the stored text', () => {
  it('adds the offset inside a text node to its leaf’s start', () => {
    expect(pointToOffset(a.childNodes[0], 0)).toBe(100);
    expect(pointToOffset(a.childNodes[0], 7)).toBe(107);
    expect(pointToOffset(b.childNodes[0], 3)).toBe(113);
    expect(pointToOffset(d.childNodes[0], 6)).toBe(130);
    // Never past its leaf.
    expect(pointToOffset(d.childNodes[0], 60)).toBe(130);
  });

  it('reads element points (before or after a child) through the leaves', () => {
    expect(pointToOffset(b, 0)).toBe(110);
    expect(pointToOffset(b, 1)).toBe(118);
    expect(pointToOffset(turn, 0)).toBe(100);
    expect(pointToOffset(turn, 2)).toBe(118);
    expect(pointToOffset(turn, 3)).toBe(130);
    expect(pointToOffset(wrapper, 1)).toBe(124);
  });

  it('has no offset for a point outside any turn text', () => {
    const label = el({}, [txt()]);
    expect(pointToOffset(label.childNodes[0], 2)).toBeNull();
    expect(pointToOffset(el({}, []), 0)).toBeNull();
  });
});

describe('what a selection is', () => {
  const text = 'I: Tell me.\nP:  I hate the export button.  \nI: Why?';
  const interviewer = { turnStart: 3, turnEnd: 11 };
  const participant = { turnStart: 14, turnEnd: 43 };

  it('is a passage of one turn, without the spaces at its ends', () => {
    const r = resolveSelection([{ ...participant, start: 14, end: 43 }], text);
    expect(r).toEqual({ kind: 'passage', start: 16, end: 41, turnStart: 14 });
    if (r.kind === 'passage') expect(text.slice(r.start, r.end)).toBe('I hate the export button.');
    // Backwards selections are the same passage ("hate the ex|port" taken whole).
    expect(resolveSelection([{ ...participant, start: 28, end: 18 }], text)).toEqual({ kind: 'passage', start: 18, end: 33, turnStart: 14 });
  });

  it('crosses speakers when words of two turns are selected, and is empty when only spaces are', () => {
    expect(resolveSelection([{ ...interviewer, start: 8, end: 11 }, { ...participant, start: 14, end: 20 }], text)).toEqual({ kind: 'crosses', turns: 2 });
    // A triple-click that reaches the start of the next turn: that turn adds nothing.
    expect(resolveSelection([{ ...participant, start: 14, end: 43 }, { turnStart: 46, turnEnd: 50, start: 46, end: 46 }], text).kind).toBe('passage');
    expect(resolveSelection([{ ...participant, start: 41, end: 43 }], text)).toEqual({ kind: 'empty' });
    expect(resolveSelection([], text)).toEqual({ kind: 'empty' });
  });

  it('takes a word cut by either end whole', () => {
    // "I hate the export button.": selected "ate the exp" → "hate the export".
    const r = resolveSelection([{ ...participant, start: 18, end: 29 }], text);
    expect(r.kind === 'passage' && text.slice(r.start, r.end)).toBe('hate the export');
    // Punctuation is not part of a word; an apostrophe is.
    const t = "P: We don't export, ever.";
    const s = resolveSelection([{ turnStart: 3, turnEnd: t.length, start: 10, end: 14 }], t);
    expect(s.kind === 'passage' && t.slice(s.start, s.end)).toBe("don't export");
  });

  it('keeps a selection inside its turn', () => {
    expect(resolveSelection([{ ...participant, start: 5, end: 60 }], text)).toEqual({ kind: 'passage', start: 16, end: 41, turnStart: 14 });
  });
});
