/**
 * Quotation marks mean a participant's exact words. The anchoring step keeps them only around words a participant
 * said, whatever an analyser wrote; and over every shared transcript, every span in quotation marks in what the
 * built-in analyser and the synthesis write (titles, descriptions, summaries, findings) is a span of a participant's
 * turn.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anchorAnalysis, comparable, keepVerbatimMarks, quotableSpeakers, quotedSpans } from '../../../src/analysis/anchoring';
import { createLocalAnalyser } from '../../../src/analysis/local';
import { loadWordVectors } from '../../../src/analysis/meaning';
import { synthesiseProject, type SynthesisInterview } from '../../../src/analysis/synthesis';
import type { AnalysisInput } from '@verbatim/contract/insight';
import { ANALYSED_FIXTURES, parseFixture } from '../parsers/helpers/fixtures';
import { inputFromParsed, transcript } from './helpers/transcripts';

const said = comparable('We never open the dashboard on Fridays. I’d say the export is “fine”, honestly.');

describe('quotation marks kept only around what was said', () => {
  it('keeps the marks around a participant’s words, case, spacing and quote style aside', () => {
    expect(keepVerbatimMarks('They say “we never open the  dashboard on fridays”.', said)).toBe('They say “we never open the  dashboard on fridays”.');
    expect(keepVerbatimMarks('Asked about exports: "I\'d say the export is".', said)).toBe('Asked about exports: "I\'d say the export is".');
    expect(keepVerbatimMarks('“We never open the dashboard … say the export is”', said)).toBe('“We never open the dashboard … say the export is”');
  });

  it('takes the marks off a paraphrase or a title and keeps its words', () => {
    expect(keepVerbatimMarks('“They never open the dashboard on Fridays” and related points', said)).toBe('They never open the dashboard on Fridays and related points');
    expect(keepVerbatimMarks('about «dashboard usage» and ‘weekly exports’', said)).toBe('about dashboard usage and weekly exports');
    // An apostrophe is no quotation mark.
    expect(keepVerbatimMarks('The team’s view: it’s slow', said)).toBe('The team’s view: it’s slow');
  });

  it('reads every style of quotation marks alike: a paraphrase loses its marks, a participant’s words keep them', () => {
    const styles = ['"…"', '“…”', '‘…’', "'…'", '«…»', '« … »', '‹…›', '»…«', '„…“', '‚…‘', '„…”', '”…”', '’…’', '「…」', '『…』', '〝…〟', '＂…＂', '⹂…“', '❮…❯', '❠…❞', '❟…❜', '｢…｣'];
    for (const style of styles) {
      const [open, close] = style.split('…');
      const quoted = (words: string) => `They say ${open}${words}${close} on Fridays`;
      expect(keepVerbatimMarks(quoted('we never open the dashboard'), said), style).toBe(quoted('we never open the dashboard'));
      expect(keepVerbatimMarks(quoted('the dashboard is never opened'), said), style).toBe('They say the dashboard is never opened on Fridays');
    }
  });

  it('reads apostrophes as apostrophes, not quotation marks', () => {
    for (const text of ["Participants' views on the team's tools", 'The participants’ views', "The '90s and the ‘80s", "Don't, won’t, rock 'n' roll, 'cause it's slow"]) {
      expect(quotedSpans(text), text).toEqual([]);
    }
    expect(quotedSpans("'the participants' views were ignored' said one")).toEqual(["the participants' views were ignored"]);
    expect(quotedSpans("'Users' and 'admins' differ")).toEqual(['Users', 'admins']);
    expect(quotedSpans('“She said ‘it broke’ twice”')).toEqual(['She said ‘it broke’ twice', 'it broke']);
  });

  it('reads every quoted span', () => {
    expect(quotedSpans('“one two three” and "four five" and «six»')).toEqual(['one two three', 'four five', 'six']);
  });

  it('takes the marks off what an analyser quotes from the interviewer', () => {
    const input = transcript(
      [
        ['Dan', 'Do you ever open the dashboard on Fridays?'],
        ['Ana', 'No, we never open it then, the numbers are stale.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const { insights } = anchorAnalysis(input, {
      insights: [
        {
          title: '“Open the dashboard on Fridays”',
          description: 'Asked whether they “open the dashboard on Fridays”, they say “the numbers are stale”.',
          tag: 'dashboard',
          quotes: [{ text: 'we never open it then, the numbers are stale', speaker: 'Ana' }],
        },
      ],
    });
    expect(insights[0].title).toBe('Open the dashboard on Fridays');
    expect(insights[0].description).toBe('Asked whether they open the dashboard on Fridays, they say “the numbers are stale”.');
  });

  it('takes the marks off words that run from one turn into the next: nobody said them in one piece', () => {
    const input = transcript(
      [
        ['Ana', 'We export the numbers every Monday'],
        ['Ben', 'Nobody reads them after lunch.'],
      ],
      { Ana: 'participant', Ben: 'participant' },
    );
    const { insights } = anchorAnalysis(input, {
      insights: [
        {
          title: '“Every Monday nobody reads them”',
          description: 'One says “we export the numbers every Monday”; another, “nobody reads them after lunch”.',
          tag: 'exports',
          quotes: [{ text: 'We export the numbers every Monday', speaker: 'Ana' }],
        },
      ],
    });
    expect(insights[0].title).toBe('Every Monday nobody reads them');
    expect(insights[0].description).toBe('One says “we export the numbers every Monday”; another, “nobody reads them after lunch”.');
  });
});

describe('over every shared transcript, words in quotation marks are a participant’s', () => {
  const inputs: AnalysisInput[] = [];
  const documents: SynthesisInterview[] = [];
  beforeAll(async () => {
    const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
    for (const [k, name] of ANALYSED_FIXTURES.entries()) {
      const input = inputFromParsed(await parseFixture(name), `doc-${k}`, name);
      const analysis = await analyser.analyse(input);
      const { insights } = anchorAnalysis(input, analysis);
      inputs.push(input);
      documents.push({
        documentId: input.documentId,
        documentName: name,
        groupedTags: analysis.groupedTags,
        insights: insights.map((insight, n) => ({ ...insight, id: `${input.documentId}-${n}`, documentId: input.documentId, source: 'local', createdAt: new Date(0) })),
      });
    }
  }, 120_000);

  /** What the participants of `input` said, one turn after another, as compared. */
  const participantsOf = (input: AnalysisInput) => {
    const quotable = quotableSpeakers(input.speakers, input.turns);
    return input.turns.filter((turn) => quotable.has(turn.speaker)).map((turn) => comparable(input.text.slice(turn.start, turn.end)));
  };
  const spokenIn = (turns: readonly string[], span: string) => span.split('…').map((part) => comparable(part).replace(/^[\s,.;:!?-]+|[\s,.;:!?-]+$/g, '')).filter(Boolean).every((part) => turns.some((turn) => turn.includes(part)));

  it('in every title and description the analyser writes', () => {
    let spans = 0;
    documents.forEach((document, k) => {
      const turns = participantsOf(inputs[k]);
      for (const insight of document.insights) {
        for (const span of [insight.title, insight.description].flatMap(quotedSpans)) {
          spans++;
          expect(spokenIn(turns, span), `${document.documentName}: “${span}”`).toBe(true);
        }
      }
    });
    // Some titles are a participant's sentence in quotation marks: the check reads them.
    expect(spans).toBeGreaterThan(0);
  });

  it('in the project summary and every finding of the synthesis', async () => {
    const synthesis = synthesiseProject(documents, { vectors: await loadWordVectors() });
    const turns = inputs.flatMap(participantsOf);
    for (const text of [synthesis.summarySentence, ...synthesis.consolidatedInsights.flatMap((finding) => [finding.title, finding.description])]) {
      for (const span of quotedSpans(text)) expect(spokenIn(turns, span), `“${span}” in ${text}`).toBe(true);
    }
  });
});
