/**
 * Quote anchoring: every saved quote is the transcript's own span, inside one participant turn; what cannot be
 * anchored, or is the interviewer's, is dropped and counted.
 */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis, quotableSpeakers, type AnchorResult } from '../../../../src/analysis/anchoring';
import type { AnalysisInput, Quote, QuoteStats } from '@verbatim/contract/insight';
import { proposal, transcript } from '../helpers/transcripts';

const INTERVIEW = transcript(
  [
    ['Dan', 'How do you usually pick which plots to look at first?'],
    [
      'Ana',
      'Honestly, I sort the features by importance and look at the first forty or so. The ICE plots are hard to read — I don’t really trust them… so we “just” use the PDPs instead.',
    ],
    ['Dan', 'And what would make the ICE plots easier to read for your team?'],
    ['Ana', 'I think, um, clustering the lines would help a lot, uh, because then you see the groups.\nBut the colours need to be distinct.'],
  ],
  { Dan: 'interviewer', Ana: 'participant' },
);

function anchorOne(input: AnalysisInput, quotes: Parameters<typeof proposal>[0]): AnchorResult {
  return anchorAnalysis(input, { insights: [proposal(quotes)] });
}

function stats(partial: Partial<QuoteStats>): QuoteStats {
  return { proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedChangedMeaning: 0, droppedQuestions: 0, droppedInsights: 0, fuzzy: 0, ...partial };
}

/** The span of `expected` in the input's text: where an anchored quote must land. */
function spanOf(input: AnalysisInput, expected: string, from = 0): { start: number; end: number } {
  const start = input.text.indexOf(expected, from);
  expect(start, `"${expected}" is in the transcript`).toBeGreaterThanOrEqual(0);
  return { start, end: start + expected.length };
}

/** Checks the one quote anchored is exactly `expected` of the transcript, and returns it (with how it matched). */
function expectSingleQuote(result: AnchorResult, input: AnalysisInput, expected: string, speaker = 'Ana'): Quote {
  expect(result.insights).toHaveLength(1);
  expect(result.insights[0].quotes).toHaveLength(1);
  const quote = result.insights[0].quotes[0];
  const { start, end } = spanOf(input, expected);
  const { match: _match, proposedText: _proposed, ...anchor } = quote;
  expect(anchor).toEqual({ text: expected, documentId: 'doc-1', speaker, start, end });
  expect(input.text.slice(quote.start, quote.end)).toBe(quote.text);
  return quote;
}

describe('anchorAnalysis: exact and normalised matches', () => {
  it('anchors an exact quote at its offsets, attributed to the turn’s speaker', () => {
    const result = anchorOne(INTERVIEW, ['I sort the features by importance and look at the first forty or so.']);
    expectSingleQuote(result, INTERVIEW, 'I sort the features by importance and look at the first forty or so.');
    expect(result.stats).toEqual(stats({ proposed: 1, anchored: 1 }));
    expect(result.steps).toEqual({ exact: 1, normalised: 0, fuzzy: 0 });
  });

  it('never trusts the proposed speaker: the turn decides', () => {
    const result = anchorOne(INTERVIEW, [{ text: 'clustering the lines would help a lot', speaker: 'Dan' }]);
    expectSingleQuote(result, INTERVIEW, 'clustering the lines would help a lot');
  });

  it('matches straight quotes and apostrophes against curly ones', () => {
    const result = anchorOne(INTERVIEW, ['I don\'t really trust them... so we "just" use the PDPs instead']);
    expectSingleQuote(result, INTERVIEW, 'I don’t really trust them… so we “just” use the PDPs instead');
    expect(result.steps.normalised).toBe(1);
  });

  it('matches a hyphen or double hyphen against a dash, ignoring case', () => {
    const result = anchorOne(INTERVIEW, ['the ice plots are HARD to read -- i don\'t really trust them']);
    expectSingleQuote(result, INTERVIEW, 'The ICE plots are hard to read — I don’t really trust them');
  });

  it('matches across different whitespace (line breaks, runs of spaces)', () => {
    const result = anchorOne(INTERVIEW, ['because then   you see the groups. But the colours need to be distinct']);
    expectSingleQuote(result, INTERVIEW, 'because then you see the groups.\nBut the colours need to be distinct');
  });

  it('skips hesitations on either side ("um", "uh")', () => {
    const withoutThem = anchorOne(INTERVIEW, ['I think clustering the lines would help a lot because then you see the groups']);
    expectSingleQuote(withoutThem, INTERVIEW, 'I think, um, clustering the lines would help a lot, uh, because then you see the groups');
    const withExtra = anchorOne(INTERVIEW, ['Uh, the colours, um, need to be distinct']);
    expectSingleQuote(withExtra, INTERVIEW, 'the colours need to be distinct');
  });

  it('keeps the closing punctuation the proposal ended with', () => {
    const result = anchorOne(INTERVIEW, ['but the colours need to be distinct.']);
    expectSingleQuote(result, INTERVIEW, 'But the colours need to be distinct.');
  });

  it('maps offsets back exactly after accents, emoji and other non-ASCII text', () => {
    const input = transcript(
      [
        ['Dan', 'Café time? 😀'],
        ['Ana', 'Naïve “résumé” parsing 😀 breaks — ÉVERY time – on the 2nd page…\tand the ½ columns.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const result = anchorOne(input, ['naïve "résumé" parsing breaks - every time - on the 2nd page... and the ½ columns']);
    // "½" is not a letter or digit: it is a word break, so the match ends at "columns".
    expectSingleQuote(result, input, 'Naïve “résumé” parsing 😀 breaks — ÉVERY time – on the 2nd page…\tand the ½ columns');
  });

  it('prefers the occurrence nearest the start hint, and one in a participant turn', () => {
    const input = transcript(
      [
        ['Ana', 'It is too slow. I mean the export.'],
        ['Dan', 'It is too slow?'],
        ['Ana', 'Yes. It is too slow. Every single time.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const second = input.text.lastIndexOf('It is too slow.');
    const hinted = anchorOne(input, [{ text: 'It is too slow.', startHint: second - 3 }]);
    expect(hinted.insights[0].quotes[0].start).toBe(second);
    const unhinted = anchorOne(input, ['It is too slow.']);
    expect(unhinted.insights[0].quotes[0].start).toBe(0);
    // The only exact match of the question mark version is the interviewer's: dropped, not moved.
    const question = anchorOne(input, ['It is too slow?']);
    expect(question.insights).toEqual([]);
    expect(question.stats).toEqual(stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }));
  });
});

describe('anchorAnalysis: bounded fuzzy matches', () => {
  it('anchors a lightly paraphrased quote to the transcript’s own words', () => {
    // 1 of 15 words changed ("helps" for "help"): similarity 14/15 ≈ 0.93.
    const result = anchorOne(INTERVIEW, ['I think clustering the lines would helps a lot because then you see the groups']);
    expectSingleQuote(result, INTERVIEW, 'I think, um, clustering the lines would help a lot, uh, because then you see the groups');
    expect(result.steps).toEqual({ exact: 0, normalised: 0, fuzzy: 1 });
  });

  it('anchors a quote with one word missing and one added', () => {
    // "just" added and "the" left out: neither carries meaning (a changed content word is refused, see anchoring-content-words.test.ts).
    const result = anchorOne(INTERVIEW, ['I sort just the features by importance and look at first forty']);
    expectSingleQuote(result, INTERVIEW, 'I sort the features by importance and look at the first forty');
  });

  it('drops a quote beyond the bound (3 of 11 words changed) and counts it', () => {
    const result = anchorOne(INTERVIEW, ['I rank the columns by importance and look at the top forty or so']);
    expect(result.insights).toEqual([]);
    expect(result.stats).toEqual(stats({ proposed: 1, droppedUnanchored: 1, droppedInsights: 1 }));
  });

  it('does not fuzzily match short quotes (under 5 words)', () => {
    const result = anchorOne(INTERVIEW, ['colours need be distinct']);
    expect(result.stats).toEqual(stats({ proposed: 1, droppedUnanchored: 1, droppedInsights: 1 }));
  });

  it('drops and counts an invented quote', () => {
    const result = anchorAnalysis(INTERVIEW, {
      insights: [proposal(['The ICE plots are hard to read', 'We would pay twice as much for a faster export button'])],
    });
    expect(result.insights[0].quotes.map((quote) => quote.text)).toEqual(['The ICE plots are hard to read']);
    expect(result.stats).toEqual(stats({ proposed: 2, anchored: 1, droppedUnanchored: 1 }));
  });

  it('anchors 100 exact, normalised and fuzzy quotes in a 10,000-word transcript (speed: npm run bench)', () => {
    const sentences = Array.from(
      { length: 1000 },
      (_, i) => `Participant statement ${i} says the export number ${i % 37} takes about ${i % 11} minutes on dataset ${i}.`,
    );
    const turns: [string, string][] = [];
    for (let i = 0; i < sentences.length; i += 20) {
      turns.push(['Dan', `Question ${i}: what happened next with set ${i}?`]);
      turns.push(['Ana', sentences.slice(i, i + 20).join(' ')]);
    }
    const input = transcript(turns, { Dan: 'interviewer', Ana: 'participant' });
    expect(input.text.split(/\s+/).length).toBeGreaterThan(10_000);
    const quotes = Array.from({ length: 100 }, (_, k) => {
      const sentence = sentences[k * 10];
      if (k % 3 === 0) return sentence; // exact
      if (k % 3 === 1) return sentence.toUpperCase().replace(/ /g, '  '); // normalised
      return sentence.replace('the export', 'that export'); // fuzzy: 1 of 16 words, of no meaning
    });
    const result = anchorAnalysis(input, { insights: [proposal(quotes)] });
    expect(result.stats).toEqual(stats({ proposed: 100, anchored: 100, fuzzy: 33 }));
    expect(result.steps).toEqual({ exact: 34, normalised: 33, fuzzy: 33 });
  });
});

describe('anchorAnalysis: turns and speakers', () => {
  it('drops a quote of the interviewer and counts it', () => {
    const result = anchorOne(INTERVIEW, ['How do you usually pick which plots to look at first?']);
    expect(result.insights).toEqual([]);
    expect(result.stats).toEqual(stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }));
  });

  it('trims a match that runs into the next turn to the turn holding most of it', () => {
    const result = anchorOne(INTERVIEW, ['so we "just" use the PDPs instead. And what']);
    expectSingleQuote(result, INTERVIEW, 'so we “just” use the PDPs instead.');
  });

  it('drops a match split across two speakers without a clear majority', () => {
    const result = anchorOne(INTERVIEW, ['use the PDPs instead. And what would make the ICE plots']);
    expect(result.insights).toEqual([]);
    expect(result.stats).toEqual(stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }));
  });

  it('drops a match mostly in the interviewer’s turn, even when it starts in the participant’s', () => {
    const result = anchorOne(INTERVIEW, ['instead. And what would make the ICE plots easier to read for your team?']);
    expect(result.stats).toEqual(stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }));
  });

  it('quotes the single unknown speaker of an unlabelled monologue', () => {
    const monologue = transcript([['Unknown speaker', 'We moved to the new platform because the old one kept crashing.']], {
      'Unknown speaker': 'unknown',
    });
    const result = anchorOne(monologue, ['the old one kept crashing']);
    expectSingleQuote(result, monologue, 'the old one kept crashing', 'Unknown speaker');
    expect([...quotableSpeakers(monologue.speakers, monologue.turns)]).toEqual(['Unknown speaker']);
  });

  it('does not quote an unknown speaker once someone is marked participant or interviewer', () => {
    const withParticipant = transcript(
      [
        ['Ana', 'The export is slow.'],
        ['Guest', 'The import is slow too, every single day.'],
      ],
      { Ana: 'participant', Guest: 'unknown' },
    );
    expect(anchorOne(withParticipant, ['The import is slow too']).stats).toEqual(
      stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }),
    );
    const withInterviewer = transcript(
      [
        ['Dan', 'Is the import slow?'],
        ['Guest', 'The import is slow too, every single day.'],
      ],
      { Dan: 'interviewer', Guest: 'unknown' },
    );
    expect(anchorOne(withInterviewer, ['The import is slow too']).stats).toEqual(
      stats({ proposed: 1, droppedInterviewer: 1, droppedInsights: 1 }),
    );
    expect([...quotableSpeakers(withInterviewer.speakers, withInterviewer.turns)]).toEqual([]);
  });
});

describe('anchorAnalysis: insights, duplicates and times', () => {
  it('drops an insight left without quotes and keeps the others in order', () => {
    const result = anchorAnalysis(INTERVIEW, {
      insights: [
        proposal(['Nothing like this was ever said in the interview at all'], 'invented'),
        proposal(['the colours need to be distinct'], 'colour'),
        proposal([], 'empty'),
      ],
    });
    expect(result.insights.map((insight) => insight.tag)).toEqual(['colour']);
    expect(result.insights[0]).toEqual({
      title: 'About colour',
      description: 'Statements about colour.',
      tag: 'colour',
      quotes: [{ text: 'the colours need to be distinct', documentId: 'doc-1', speaker: 'Ana', ...spanOf(INTERVIEW, 'the colours need to be distinct'), match: 'exact' }],
    });
    expect(result.stats).toEqual(stats({ proposed: 2, anchored: 1, droppedUnanchored: 1, droppedInsights: 2 }));
  });

  it('keeps one of identical quotes, and the longer of two where one holds the other', () => {
    const result = anchorOne(INTERVIEW, [
      'the colours need to be distinct',
      'The colours need to be distinct',
      'But the colours need to be distinct.',
      'I sort the features by importance',
    ]);
    expect(result.insights[0].quotes.map((quote) => quote.text)).toEqual([
      'But the colours need to be distinct.',
      'I sort the features by importance',
    ]);
    expect(result.duplicates).toBe(2);
    expect(result.stats).toEqual(stats({ proposed: 4, anchored: 2 }));
    expect(result.stats.proposed).toBe(result.stats.anchored + result.stats.droppedUnanchored + result.stats.droppedInterviewer + result.duplicates);
  });

  it('takes the moment of the quote’s own first word: a mark or turn time on it, later by its place after one, else none', () => {
    const base = transcript(
      [
        ['Dan', 'Tell me about the export.', 10],
        ['Ana', 'The export is slow. It takes ten minutes. Then it fails.', 14],
        ['Ana', 'Nobody has fixed it in a year.', 40],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const marks = [
      { offset: 0, ts: 10 },
      { offset: base.text.indexOf('It takes'), ts: 17 },
    ];
    const timed: AnalysisInput = { ...base, timeMarks: marks };
    const result = anchorOne(timed, ['The export is slow.', 'It takes ten minutes.', 'Then it fails.', 'Nobody has fixed it in a year.']);
    // On the turn's first word: the turn's own time; on a mark: the mark; words after a mark: later than it, by their
    // place (never the mark's own time); a later turn without marks: its own time.
    const [first, atMark, afterMark, nextTurn] = result.insights[0].quotes.map((quote) => quote.ts);
    expect([first, atMark, nextTurn]).toEqual([14, 17, 40]);
    expect(afterMark).toBeGreaterThan(17.5);
    expect(afterMark).toBeLessThan(40);

    const untimed = transcript([['Ana', 'The export is slow.']], { Ana: 'participant' });
    const quote = anchorOne(untimed, ['The export is slow.']).insights[0].quotes[0];
    expect('ts' in quote).toBe(false);
  });
});

describe('quotableSpeakers', () => {
  it('is the participants when there are any, never the interviewer', () => {
    expect([...quotableSpeakers(INTERVIEW.speakers, INTERVIEW.turns)]).toEqual(['Ana']);
  });
});
