import type { AskResponse } from '@verbatim/contract/search';
import { describe, expect, it } from 'vitest';
import { answerText, citationLine, citationNumbers, focusParts } from './answer-text';
import { highlightSegments } from './highlight-segments';
import { searchPath } from './paths';
import { isSearchShortcut } from './slash-shortcut';

const passage = (id: string, text: string, ts: number | null = null) => ({
  id, kind: 'quote' as const, projectId: 'p', projectName: 'Study', documentId: 'd', documentName: 'P3 interview', speaker: 'Dana', start: 0, end: text.length, ts, theme: 'Onboarding', text, focus: null,
});

describe('highlighted results', () => {
  it('cuts the text into plain and marked pieces that join back to the text', () => {
    const text = 'Onboarding was confusing, onboarding again.';
    const segments = highlightSegments(text, [{ start: 26, end: 36 }, { start: 0, end: 10 }, { start: 5, end: 12 }, { start: 40, end: 99 }]);
    expect(segments.filter((s) => s.marked).map((s) => s.text)).toEqual(['Onboarding', ' w', 'onboarding', 'in.']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});

describe('the answer as copied', () => {
  it('a written answer: sentences with [n] markers, then each source verbatim with speaker, interview and time', () => {
    const answer: AskResponse = {
      question: 'What about onboarding?',
      mode: 'gemini',
      sentences: [
        { text: 'Setup confused people.', citations: ['P2'] },
        { text: 'Some redid it.', citations: ['P1', 'P2'] },
      ],
      headline: null,
      passages: [passage('P1', 'I onboarded twice.', 754), passage('P2', 'Onboarding was confusing.')],
      dropped: { citations: 0, sentences: 0 },
      notice: null,
    };
    expect([...citationNumbers(answer)]).toEqual([['P2', 1], ['P1', 2]]);
    expect(answerText(answer)).toBe(
      ['Q: What about onboarding?', '', 'Setup confused people. [1] Some redid it. [2][1]', '', 'Sources:', '[1] “Onboarding was confusing.” — Dana, P3 interview', '[2] “I onboarded twice.” — Dana, P3 interview · 12:34'].join('\n'),
    );
  });

  it('an extractive answer says how many interviews speak to the question, then its passages best first; nothing relevant says so', () => {
    const answer: AskResponse = {
      question: 'Onboarding?', mode: 'extractive', sentences: [], headline: '2 interviews speak to this: 2 passages, best first.',
      passages: [passage('P2', 'Onboarding was confusing.'), passage('P1', 'I onboarded twice.')], dropped: { citations: 0, sentences: 0 }, notice: null,
    };
    expect([...citationNumbers(answer)]).toEqual([['P2', 1], ['P1', 2]]);
    expect(answerText(answer)).toContain('2 interviews speak to this: 2 passages, best first. [1][2]');
    expect(answerText({ ...answer, mode: 'nothing', headline: null, passages: [], notice: 'Nothing in your interviews answers this.' })).toBe('Q: Onboarding?\n\nNothing in your interviews answers this.');
    // The sentence that speaks to the question is told apart from the rest of its passage.
    expect(focusParts({ text: 'We met. Onboarding was confusing. Then fine.', focus: { start: 8, end: 33 } })).toEqual(['We met. ', 'Onboarding was confusing.', ' Then fine.']);
    expect(focusParts({ text: 'No focus.', focus: null })).toEqual(['No focus.', '', '']);
    expect(citationLine({ speaker: null, documentName: 'X', ts: null })).toBe('X');
  });
});

describe('getting to search', () => {
  it('/ focuses search unless the researcher is typing', () => {
    const key = { key: '/', ctrlKey: false, metaKey: false, altKey: false };
    expect(isSearchShortcut(key, { tagName: 'BODY' } as unknown as EventTarget)).toBe(true);
    expect(isSearchShortcut(key, { tagName: 'INPUT' } as unknown as EventTarget)).toBe(false);
    expect(isSearchShortcut(key, { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true }, null)).toBe(false);
    expect(isSearchShortcut({ ...key, key: 'a' }, null)).toBe(false);
  });

  it('search links carry the query and the project', () => {
    expect(searchPath({ q: 'trust & data', projectId: 'p1', ask: true })).toBe('/search?q=trust+%26+data&projectId=p1&ask=1');
    expect(searchPath()).toBe('/search');
  });
});
