import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors, type WordVectors } from '../../../src/analysis/meaning';
import type { Insight } from '@verbatim/contract/insight';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import { insightEntries, passageEntries, passageSpans } from '../../../src/search/search-entries';
import { SearchIndex } from '../../../src/search/search-index';
import { mergeRankings } from '../../../src/search/ranking';
import { searchResponse } from '../../../src/search/search-results';
import { highlightRanges, queryTerms, termOf } from '../../../src/search/text-terms';

let vectors: WordVectors;
beforeAll(async () => {
  vectors = await loadWordVectors();
});

const TEXT = [
  'How did you get started with the tool?',
  'Onboarding was confusing. I onboarded twice because the setup wizard lost my settings, and nobody told me where the export lived.',
  'What do you do when a number looks wrong?',
  'I never trust the totals until I check them against my own spreadsheet. The reports are often wrong, so I redo the sums by hand.',
  'Do you share results with your team?',
  'We paste screenshots into a slide deck every Friday for the managers.',
].join('\n\n');

function turns() {
  const found: Array<{ speaker: string; start: number; end: number }> = [];
  let offset = 0;
  TEXT.split('\n\n').forEach((para, k) => {
    found.push({ speaker: k % 2 === 0 ? 'Interviewer' : 'Dana', start: offset, end: offset + para.length });
    offset += para.length + 2;
  });
  return found;
}

function projectIndex(withVectors = true): SearchIndex {
  const index = new SearchIndex(withVectors ? vectors : null);
  index.replaceGroup('p1:doc:d1', passageEntries({ projectId: 'p1', documentId: 'd1', text: TEXT, turns: turns(), timeMarks: [{ offset: 0, ts: 0 }, { offset: 200, ts: 65 }], participants: new Set(['Dana']) }));
  return index;
}

const NAMES = { project: () => 'Study', document: () => 'Dana interview' };

describe('words: stemmed terms and highlighting', () => {
  it('matches the forms a participant used, not only the word typed', () => {
    expect(termOf('Onboarding')).toBe(termOf('onboarded'));
    expect(termOf('the')).toBeNull();
    expect(queryTerms('The onboarding of the tools')).toEqual(['onboard', 'tool']);
    expect(queryTerms('what did people say about onboarding?', { question: true })).toEqual(['onboard']);
  });

  it('highlights every form of the query words, joining neighbours', () => {
    const text = 'Onboarding was confusing; I onboarded twice. Confusing onboarding!';
    const ranges = highlightRanges(text, queryTerms('onboard confused'));
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['Onboarding', 'confusing', 'onboarded', 'Confusing onboarding']);
    expect(highlightRanges(text, [])).toEqual([]);
  });
});

describe('passages', () => {
  it('are exact spans of the transcript, cut at sentence ends', () => {
    const long = 'One two three four five. Six seven eight nine ten. Eleven twelve. ';
    const spans = passageSpans(long, 0, long.length, 5);
    expect(spans.map((s) => long.slice(s.start, s.end))).toEqual(['One two three four five.', 'Six seven eight nine ten.', 'Eleven twelve.']);
    for (const entry of passageEntries({ projectId: 'p', documentId: 'd', text: TEXT, turns: turns(), timeMarks: [], participants: new Set(['Dana']) })) {
      expect(TEXT.slice(entry.start!, entry.end!)).toBe(entry.text);
      expect(entry.participant).toBe(entry.speaker === 'Dana');
    }
  });

  it('a passage is timed as a quote of the same words is: a turn stamped on its own is not given the caption before it', () => {
    const text = 'Interviewer: So tell me more. Dana: We keep two ledgers.';
    const first = { speaker: 'Interviewer', start: 13, end: 29, ts: 10 };
    const second = { speaker: 'Dana', start: 37, end: text.length, ts: 95 };
    // Only the first turn has a caption mark; the second carries its own time.
    const marks = [{ offset: 13, ts: 10 }];
    const entries = passageEntries({ projectId: 'p', documentId: 'd', text, turns: [first, second], timeMarks: marks, participants: new Set(['Dana']) });
    expect(entries.map((e) => [e.speaker, e.ts])).toEqual([
      ['Interviewer', 10],
      ['Dana', 95],
    ]);
    expect(entries.map((e) => e.ts)).toEqual(entries.map((e) => quoteMoments({ start: e.start!, end: e.end! }, [first, second], marks, { text })?.start));
  });

  it('a passage later in a long turn is timed at its own first word, not at the turn’s start', () => {
    const said = 'We keep two ledgers because the bank export is late every single month. '.repeat(8).trim();
    const text = `${said}\n\nRight.`;
    const turns = [
      { speaker: 'Dana', start: 0, end: said.length, ts: 30 },
      { speaker: 'Interviewer', start: said.length + 2, end: text.length, ts: 70 },
    ];
    const entries = passageEntries({ projectId: 'p', documentId: 'd', text, turns, timeMarks: [], participants: new Set(['Dana']) });
    const times = entries.filter((e) => e.speaker === 'Dana').map((e) => e.ts!);
    expect(times.length).toBeGreaterThan(1);
    expect(times[0]).toBe(30);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    expect(times[times.length - 1]).toBeGreaterThan(45);
    expect(times[times.length - 1]).toBeLessThan(70);
  });

  it('an insight quote that is no longer verbatim is not indexed', () => {
    const start = TEXT.indexOf('I never trust');
    const quote = { text: 'I never trust the totals', documentId: 'd1', speaker: 'Dana', start, end: start + 24 };
    const insight: Insight = { id: 'i1', title: 'Totals are distrusted', description: 'Checks sums by hand', tag: 'trust', documentId: 'd1', quotes: [quote, { ...quote, text: 'I always trust the totals' }], source: 'local', createdAt: new Date() };
    const entries = insightEntries('p1', [insight, { ...insight, id: 'gone', deletedAt: new Date() }], [{ groupLabel: 'Data trust', tags: [{ originalTag: 'trust', refinedTag: 'trust' }] }], new Map([['d1', TEXT]]));
    expect(entries.map((e) => [e.kind, e.theme, e.text])).toEqual([
      ['insight', 'Data trust', 'Totals are distrusted — Checks sums by hand'],
      ['quote', 'Data trust', 'I never trust the totals'],
    ]);
  });
});

describe('ranking', () => {
  it('merges the word and meaning rankings; an entry found both ways comes first', () => {
    const merged = mergeRankings(['a', 'b', 'c'], ['c', 'd']);
    expect(merged.map((m) => [m.id, m.matchedBy])).toEqual([
      ['c', 'both'],
      ['a', 'words'],
      ['b', 'words'],
      ['d', 'meaning'],
    ]);
    expect(merged[0].score).toBeGreaterThan(merged[1].score);
  });

  it('finds a passage by a form of its words, best match first', () => {
    const hits = projectIndex(false).search('onboard');
    expect(hits[0].entry.text).toMatch(/^Onboarding was confusing/);
    expect(hits[0].matchedBy).toBe('words');
  });

  it('finds a passage by meaning when no word is shared', () => {
    const hits = projectIndex().search('distrust of inaccurate numbers and calculations');
    const top = hits.find((h) => h.entry.speaker === 'Dana');
    expect(top?.entry.text).toMatch(/^I never trust the totals/);
    expect(projectIndex(false).search('distrust of inaccurate calculations')).toEqual([]);
  });

  it('nothing unrelated matches', () => {
    expect(projectIndex().search('quantum chromodynamics')).toEqual([]);
  });

  it('an interview replaced or removed is searchable as it now is, and only then', () => {
    const index = projectIndex(false);
    expect(index.search('spreadsheet')).toHaveLength(1);
    index.replaceGroup('p1:doc:d1', passageEntries({ projectId: 'p1', documentId: 'd1', text: 'We use a notebook.', turns: [{ speaker: 'Dana', start: 0, end: 18 }], timeMarks: [], participants: new Set(['Dana']) }));
    expect(index.search('spreadsheet')).toEqual([]);
    expect(index.search('notebook')).toHaveLength(1);
    index.removeGroup('p1:doc:d1');
    expect(index.search('notebook')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('results carry highlights, timestamps and filter counts; filters narrow the hits, not the choices', () => {
    const index = projectIndex(false);
    const all = searchResponse('check the wrong reports', index.search('check the wrong reports'), {}, NAMES);
    expect(all.hits.length).toBeGreaterThan(1);
    const dana = all.hits.find((h) => h.speaker === 'Dana')!;
    expect(dana.highlights.map((r) => dana.text.slice(r.start, r.end))).toEqual(['check', 'reports', 'wrong']);
    expect(dana.ts).toBe(65);
    const filtered = searchResponse('check the wrong reports', index.search('check the wrong reports'), { speaker: 'Interviewer' }, NAMES);
    expect(filtered.hits.every((h) => h.speaker === 'Interviewer')).toBe(true);
    expect(filtered.facets.speakers.map((f) => f.value).sort()).toEqual(['Dana', 'Interviewer']);
  });
});
