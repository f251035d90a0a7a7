/**
 * How a reader reads a title that passed the check: a "the …" that leans on the talk before for which one it is, a
 * comparison with nothing it is compared with, speech so broken that the title is the analyser's cleaning; and a group
 * whose claims both stand is titled by the one a reader would not rewrite so. Beside each statement's condensed claim,
 * its other whole sentences are weighed too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { wholeSentences } from '../../../../src/analysis/local/condense-statement';
import { insightDescription, insightTitle } from '../../../../src/analysis/local/insight-wording';
import type { Statement } from '../../../../src/analysis/local/statements';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { comparesWithNothing, disfluency, leaningPhrases, readingPenalty, readTitle } from '../../../../src/analysis/local/title-reading';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { statementInTurn } from '../helpers/statements';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

/** `sentence` of the answer `text` as a statement. */
function statementOf(text: string, sentence: string, index = 0): Statement {
  return statementInTurn(wink, text, sentence, index);
}

describe('a definite noun phrase that leans on the talk before', () => {
  it('is one whose noun the talk already named and that nothing in the title says which of', () => {
    const text = 'I asked it about a scene in the second film. I asked at what minute the scene took place.';
    const statement = statementOf(text, 'I asked at what minute the scene took place.');
    expect(leaningPhrases(statement, 'They asked at what minute the scene took place', text)).toEqual(['the scene']);
  });

  it('is not one said for the first time, one a phrase or clause after it pins down, nor one that is part of a word', () => {
    const first = 'We plan every release together. The roadmap slips every quarter.';
    expect(leaningPhrases(statementOf(first, 'The roadmap slips every quarter.'), 'The roadmap slips every quarter', first)).toEqual([]);
    const pinned = 'We keep a roadmap. The roadmap of the mobile app slips every quarter. The roadmap we share is always late.';
    expect(leaningPhrases(statementOf(pinned, 'The roadmap of the mobile app slips every quarter.'), 'The roadmap of the mobile app slips every quarter', pinned)).toEqual([]);
    expect(leaningPhrases(statementOf(pinned, 'The roadmap we share is always late.'), 'The roadmap they share is always late', pinned)).toEqual([]);
    const word = 'The mutation is rare. We made an oligo against the mutation-causing transcripts.';
    expect(leaningPhrases(statementOf(word, 'We made an oligo against the mutation-causing transcripts.'), 'They made an oligo against the mutation-causing transcripts', word)).toEqual([]);
  });

  it('is not a thing there is one of, a time, a name in capitals, what a clause says it is, nor a phrase the title does not say', () => {
    const text = 'The internet changed my field and the AI helped, and the idea came up. The internet is full of noise and the AI is too. The idea was to build a tool. I saw the report.';
    expect(leaningPhrases(statementOf(text, 'The internet is full of noise and the AI is too.'), 'The internet is full of noise and the AI is too', text)).toEqual([]);
    expect(leaningPhrases(statementOf(text, 'The idea was to build a tool.'), 'The idea was to build a tool', text)).toEqual([]);
    const years = 'In a few years things change. I can see it changing in the next few years.';
    expect(leaningPhrases(statementOf(years, 'I can see it changing in the next few years.'), 'They can see it changing in the next few years', years)).toEqual([]);
    const unsaid = 'The report was late. I saw the report and then I left early.';
    expect(leaningPhrases(statementOf(unsaid, 'I saw the report and then I left early.'), 'They left early', unsaid)).toEqual([]);
  });

  it('is not a noun the whole interview is about, which every reader of its report knows', () => {
    const often = `${'We use the dashboard every day. '.repeat(15)}The dashboard is slow on Mondays.`;
    expect(leaningPhrases(statementOf(often, 'The dashboard is slow on Mondays.'), 'The dashboard is slow on Mondays', often)).toEqual([]);
  });
});

describe('a comparison with nothing it is compared with', () => {
  it('is a comparative stated of a thing with no "than" or "compared to"', () => {
    expect(comparesWithNothing('Organic cells are much more efficient')).toBe(true);
    expect(comparesWithNothing("It's easier to read on a phone")).toBe(true);
    expect(comparesWithNothing('The new export was a lot faster')).toBe(true);
  });

  it('is not one that says what with, a change in time, a quantity or "more and more"', () => {
    expect(comparesWithNothing('Organic cells are much more efficient than silicon cells underwater')).toBe(false);
    expect(comparesWithNothing('The new export was faster compared to the old one')).toBe(false);
    expect(comparesWithNothing('AI is getting better at code every month')).toBe(false);
    expect(comparesWithNothing('They want more tools for 3D artists')).toBe(false);
    expect(comparesWithNothing('It is more and more common to share the plots')).toBe(false);
  });
});

describe('broken speech', () => {
  it('counts hesitations, fillers set off, words said twice and breaks per word said', () => {
    const clean = 'We check every invoice against the bank statement by hand.';
    expect(disfluency(statementOf(clean, clean))).toBe(0);
    const broken = 'So we, um, we check the, the invoices -- you know, like, by hand.';
    expect(disfluency(statementOf(broken, broken))).toBeGreaterThan(0.25);
    // A word a clause may say twice ("that that", "had had") is no false start.
    const twice = 'I think that that plot had had a bug in it.';
    expect(disfluency(statementOf(twice, twice))).toBe(0);
  });

  it('weighs against a claim cleaned out of it, more the more broken, up to a bound', () => {
    const clean = readingPenalty({ leaning: [], unmeasured: false, disfluency: 0 });
    const some = readingPenalty({ leaning: [], unmeasured: false, disfluency: 0.05 });
    const much = readingPenalty({ leaning: [], unmeasured: false, disfluency: 0.3 });
    expect(clean).toBe(0);
    expect(some).toBeGreaterThan(clean);
    expect(much).toBeGreaterThan(some);
    expect(readingPenalty({ leaning: [], unmeasured: false, disfluency: 0.9 })).toBe(much);
  });
});

describe('a group whose claims both pass the check', () => {
  const cluster = (central: Statement, other: Statement) => ({
    members: [central, other],
    quoted: [central, other],
    central,
    kind: 'observation' as const,
    kindCount: 2,
    tag: { key: 'scene', display: 'scene', words: 1 },
    related: [],
  });

  it('is titled by the one that names what it points at before the central one that leans on the talk for it', () => {
    const text =
      'I asked about a scene in an old spy film. I asked at what minute the scene took place. The assistant made up a chase scene on a famous bridge.';
    const leaning = statementOf(text, 'I asked at what minute the scene took place.', 0);
    const named = statementOf(text, 'The assistant made up a chase scene on a famous bridge.', 1);
    expect(readTitle(leaning, 'They asked at what minute the scene took place', text).leaning).toEqual(['the scene']);
    expect(insightTitle(cluster(leaning, named), { text, check: titleChecker(wink, text) }).title).toBe('The assistant made up a chase scene on a famous bridge');
    // Said for the first time, the same claim is the group's title, as the central statement's.
    const fresh = 'I asked at what minute the scene took place. The assistant made up a chase scene on a famous bridge.';
    const central = statementOf(fresh, 'I asked at what minute the scene took place.', 0);
    const other = statementOf(fresh, 'The assistant made up a chase scene on a famous bridge.', 1);
    expect(insightTitle(cluster(central, other), { text: fresh, check: titleChecker(wink, fresh) }).title).toBe('They asked at what minute the scene took place');
  });

  it('is titled by a claim that says what it compares with before one that compares with nothing', () => {
    const text = 'Organic solar cells are much more efficient. We built organic solar cells that work underwater at different depths.';
    const unmeasured = statementOf(text, 'Organic solar cells are much more efficient.', 0);
    const whole = statementOf(text, 'We built organic solar cells that work underwater at different depths.', 1);
    expect(readingPenalty(readTitle(unmeasured, 'Organic solar cells are much more efficient', text))).toBeGreaterThan(0);
    expect(insightTitle(cluster(unmeasured, whole), { text, check: titleChecker(wink, text) }).title).toBe('They built organic solar cells that work underwater at different depths');
  });
});

describe("a statement's whole sentences", () => {
  it('are each sentence said from its start to its end that states a claim, never one said to the listener', () => {
    const text = 'I love the Bay Area. You will see lots of founders there. We moved to Ohio because the rent was lower.';
    const statement = statementOf(text, text);
    const { tokens, from, to } = statement.source ?? { tokens: undefined, from: 0, to: 0 };
    if (!tokens) throw new Error('unread');
    const sentences = wholeSentences(tokens, from, to).map((sentence) => sentence.title);
    expect(sentences).toEqual(expect.arrayContaining(['They love the Bay Area', 'They moved to Ohio because the rent was lower']));
    expect(sentences.filter((sentence) => /\byou\b/i.test(sentence))).toEqual([]);
  });

  it('are one claim each: not two joined after a comma, a joined part its cleaning emptied, nor a subject set off and taken up again', () => {
    const sentencesOf = (text: string) => {
      const { tokens, from, to } = statementOf(text, text).source ?? { tokens: undefined, from: 0, to: 0 };
      if (!tokens) throw new Error('unread');
      return wholeSentences(tokens, from, to).map((sentence) => sentence.title);
    };
    expect(sentencesOf('The brief was to redraw the layout from scratch, and the guides for that were helpful too.')).toEqual([]);
    expect(sentencesOf('I write short stories, primarily, but also poetry.')).toEqual([]);
    expect(sentencesOf("Like most writers, I'm worried about novels written by machines.")).toEqual([]);
    // One claim said whole stays.
    expect(sentencesOf('We reviewed the drafts and noticed some strong points and some gaps.')).toEqual(['They reviewed the drafts and noticed some strong points and some gaps']);
  });

  it('never start inside a sentence nor stop before its end', () => {
    const text = 'After the launch, which went well, we hired three engineers and a designer.';
    const statement = statementOf(text, text);
    const { tokens, from, to } = statement.source ?? { tokens: undefined, from: 0, to: 0 };
    if (!tokens) throw new Error('unread');
    for (const sentence of wholeSentences(tokens, from, to)) expect(sentence.title).toMatch(/a designer$/);
  });

  it('title a group when one says more of what its quotes share than the claim its statement was condensed to', () => {
    const text = 'I shared a draft picture and asked the assistant what colour would look good. The assistant picked a colour that looked good but it repainted the whole picture.';
    const asked = statementOf(text, 'I shared a draft picture and asked the assistant what colour would look good.', 0);
    const picked = statementOf(text, 'The assistant picked a colour that looked good but it repainted the whole picture.', 1);
    const cluster = { members: [asked, picked], quoted: [asked, picked], central: asked, kind: 'observation' as const, kindCount: 2, tag: { key: 'colour', display: 'colour', words: 1 }, related: [] };
    expect(insightTitle(cluster, { text, check: titleChecker(wink, text) }).title).toBe('They shared a draft picture and asked the assistant what colour would look good');
  });
});

describe('a description', () => {
  it("says a quote's whole sentence when the quote's condensed claim does not read whole", () => {
    const text =
      'I sell asset packs for tabletop games online. I only use AI tools in my asset pack creation, not in commissions. The commissions are drawn by hand from the first sketch to the final colours, every single one of them, which takes ages.';
    const title = statementOf(text, 'I sell asset packs for tabletop games online.', 0);
    const other = statementOf(text, 'I only use AI tools in my asset pack creation, not in commissions. The commissions are drawn by hand from the first sketch to the final colours, every single one of them, which takes ages.', 1);
    const cluster = { members: [title, other], quoted: [title, other], central: title, kind: 'practice' as const, kindCount: 2, tag: { key: 'asset pack', display: 'asset pack', words: 2 }, related: [] };
    expect(insightDescription(cluster, 'They sell asset packs for tabletop games online', { text, check: titleChecker(wink, text) })).toBe('They only use AI tools in their asset pack creation, not in commissions.');
  });
});
