/** Project synthesis: insights clustered across interviews, quotes keeping their own documents, real counts. */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../src/analysis/anchoring';
import { createLocalAnalyser } from '../../../src/analysis/local';
import {
  MAX_QUOTES_PER_INSIGHT,
  NO_INTERVIEWS_SUMMARY,
  synthesiseProject,
  tagSimilarity,
  type SynthesisInterview,
} from '../../../src/analysis/synthesis';
import { loadWordVectors } from '../../../src/analysis/meaning';
import { spoken } from '../../../src/analysis/synthesis/shared-terms';
import { themeOf } from '@verbatim/contract/themes';
import type { Insight, Quote, TagGroup } from '@verbatim/contract/insight';
import { parseFixture } from '../parsers/helpers/fixtures';
import { inputFromParsed } from './helpers/transcripts';

const CREATED = new Date('2025-01-01T00:00:00Z');

function quote(documentId: string, start: number, text = `quote ${documentId} ${start}`): Quote {
  return { text, documentId, speaker: 'P', start, end: start + text.length };
}

function insight(id: string, documentId: string, tag: string, quoteStarts: number[], title = `About ${tag}`): Insight {
  return {
    id,
    title,
    description: `One insight about ${tag}.`,
    tag,
    documentId,
    quotes: quoteStarts.map((start) => quote(documentId, start)),
    source: 'local',
    createdAt: CREATED,
  };
}

function groups(entries: Record<string, string[]>): TagGroup[] {
  return Object.entries(entries).map(([groupLabel, tags]) => ({
    groupLabel,
    tags: tags.map((tag) => ({ originalTag: tag, refinedTag: tag })),
  }));
}

const PROJECT: SynthesisInterview[] = [
  {
    documentId: 'a',
    documentName: 'Interview A',
    insights: [
      insight('a1', 'a', 'export', [0, 100, 200, 300]),
      insight('a2', 'a', 'pricing', [400]),
      insight('a3', 'a', 'ICE plot', [500]),
    ],
    groupedTags: groups({ 'Pain points': ['export', 'ICE plot'], Needs: ['pricing'] }),
  },
  {
    documentId: 'b',
    documentName: 'Interview B',
    insights: [insight('b1', 'b', 'Export', [10, 20]), insight('b2', 'b', 'plots', [30])],
    groupedTags: groups({ 'Pain points': ['Export'], 'Recurring topics': ['plots'] }),
  },
  {
    documentId: 'c',
    documentName: 'Interview C',
    insights: [insight('c1', 'c', ' export ', [7]), insight('c2', 'c', 'onboarding', [8]), insight('c3', 'c', 'empty', [])],
    groupedTags: groups({ 'Needs and wishes': ['onboarding'] }),
  },
];

describe('synthesiseProject', () => {
  it('gives an empty synthesis for an empty project, and says so', () => {
    expect(synthesiseProject([])).toEqual({ summarySentence: NO_INTERVIEWS_SUMMARY, consolidatedInsights: [], consolidatedGroupedTags: [] });
    expect(NO_INTERVIEWS_SUMMARY).toBe('No interviews have been analysed yet.');
  });

  it('counts interviews that have no insights yet', () => {
    const synthesis = synthesiseProject([{ documentId: 'a', documentName: 'A', insights: [], groupedTags: [] }]);
    expect(synthesis).toEqual({
      summarySentence: 'Across 1 interview, no insights have been drafted yet.',
      consolidatedInsights: [],
      consolidatedGroupedTags: [],
    });
  });

  it('merges insights with alike tags across interviews; quotes keep their own documents and are spread', () => {
    const synthesis = synthesiseProject(PROJECT);
    const exportInsight = synthesis.consolidatedInsights[0];
    expect(exportInsight.tag).toBe('export');
    expect(exportInsight.sourceInsightIds).toEqual(['a1', 'b1', 'c1']);
    expect(exportInsight.documentIds).toEqual(['a', 'b', 'c']);
    expect(exportInsight.title).toBe('About export');
    // The other interviews say nothing its title does not: no description, and never a count in its place.
    expect(exportInsight.description).toBe('');
    // Round robin over the interviews: a, b, c, a, b, a (capped at 6).
    expect(exportInsight.quotes.map((q) => [q.documentId, q.start])).toEqual([
      ['a', 0],
      ['b', 10],
      ['c', 7],
      ['a', 100],
      ['b', 20],
      ['a', 200],
    ]);
    expect(exportInsight.quotes).toHaveLength(MAX_QUOTES_PER_INSIGHT);
  });

  it('describes a finding by what its other interviews found, in their titles’ words: never a count, a label or the same words again', () => {
    const said = (id: string, title: string): SynthesisInterview => ({
      documentId: id,
      documentName: `Interview ${id.toUpperCase()}`,
      insights: [insight(`${id}1`, id, 'export', [0], title)],
      groupedTags: [],
    });
    const finding = synthesiseProject([
      said('a', 'Exports take them a whole day every month'),
      said('b', 'The export drops the colours of every chart'),
      said('c', 'Wish: export of the charts'),
      said('d', 'Exports take them a whole day'),
      said('e', 'They paste every export into the slides by hand'),
      said('f', 'It breaks the export of every chart'),
    ]).consolidatedInsights[0];
    expect(finding.sourceInsightIds).toHaveLength(6);
    expect(finding.title).toBe('Exports take them a whole day every month');
    expect(finding.description).toBe('The export drops the colours of every chart. They paste every export into the slides by hand.');
    expect(finding.description).not.toMatch(/interviews|quotes|Wish|It breaks/);
    // An insight whose words none of the others say is about something else: it describes nothing of the finding.
    const apart = synthesiseProject([said('a', 'Exports take them a whole day every month'), said('b', 'The office moved to a smaller building')]).consolidatedInsights[0];
    expect(apart.sourceInsightIds).toHaveLength(2);
    expect(apart.description).toBe('');
  });

  it('merges "ICE plot" with "plots" (half their words shared) but keeps unrelated tags apart', () => {
    expect(tagSimilarity('ICE plot', 'plots')).toBe(0.5);
    expect(tagSimilarity('pricing', 'export')).toBe(0);
    expect(tagSimilarity(' Export', 'export ')).toBe(1);
    const synthesis = synthesiseProject(PROJECT);
    expect(synthesis.consolidatedInsights.map((c) => [c.tag, c.sourceInsightIds, c.documentIds])).toEqual([
      ['export', ['a1', 'b1', 'c1'], ['a', 'b', 'c']],
      ['ICE plot', ['a3', 'b2'], ['a', 'b']],
      ['pricing', ['a2'], ['a']],
      ['onboarding', ['c2'], ['c']],
    ]);
    // A single-source insight keeps its own description; an insight without quotes is left out.
    expect(synthesis.consolidatedInsights[2].description).toBe('One insight about pricing.');
  });

  it('does not chain: an insight joins a finding only when it is alike to every insight already in it', () => {
    // "export filters" is alike to "export" and to "filters"; those two are not alike to each other.
    const chain: SynthesisInterview[] = [
      { documentId: 'a', documentName: 'A', insights: [insight('a1', 'a', 'export filters', [0, 10, 20])], groupedTags: [] },
      { documentId: 'b', documentName: 'B', insights: [insight('b1', 'b', 'export', [0])], groupedTags: [] },
      { documentId: 'c', documentName: 'C', insights: [insight('c1', 'c', 'filters', [0])], groupedTags: [] },
    ];
    const synthesis = synthesiseProject(chain);
    expect(synthesis.consolidatedInsights.map((c) => c.sourceInsightIds)).toEqual([['a1', 'b1'], ['c1']]);
    expect(synthesis.summarySentence).toBe(
      'Across 3 interviews, no finding is shared by two interviews yet; the strongest, each from one interview: about export filters (1 of 3 interviews; related points in 1 more); about filters (1 of 3 interviews).',
    );
  });

  it('groups consolidated tags by the theme most of their insights had', () => {
    const synthesis = synthesiseProject(PROJECT);
    expect(synthesis.consolidatedGroupedTags.map((g) => [g.groupLabel, g.tags.map((t) => t.originalTag)])).toEqual([
      ['Pain points', ['export', 'ICE plot']],
      ['Needs', ['pricing']],
      ['Needs and wishes', ['onboarding']],
    ]);
    for (const consolidated of synthesis.consolidatedInsights) {
      expect(themeOf(consolidated.tag, synthesis.consolidatedGroupedTags)).not.toBe('Other');
    }
  });

  it('takes its title from the insight alike to the most other interviews', () => {
    const documents: SynthesisInterview[] = ['a', 'b', 'c'].map((id, k) => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [insight(`${id}1`, id, k === 2 ? 'data export' : 'data', [k], k === 0 ? 'They lose data on every export' : `Data title ${id}`)],
      groupedTags: groups({ 'Pain points': [k === 2 ? 'data export' : 'data'] }),
    }));
    const [consolidated] = synthesiseProject(documents).consolidatedInsights;
    expect(consolidated.title).toBe('They lose data on every export');
    expect(synthesiseProject(documents).consolidatedGroupedTags).toEqual(groups({ 'Pain points': ['data'] }));
  });

  it('never takes its title from one that leans on what was said before it ("It\'s because …")', () => {
    const documents: SynthesisInterview[] = [
      { documentId: 'a', documentName: 'A', insights: [insight('a1', 'a', 'export', [0, 10, 20], "It's because the export loses data")], groupedTags: [] },
      { documentId: 'b', documentName: 'B', insights: [insight('b1', 'b', 'export', [0], 'The export loses their filters')], groupedTags: [] },
    ];
    expect(synthesiseProject(documents).consolidatedInsights[0].title).toBe('The export loses their filters');
  });

  it('prefers a title that names its subject over one that points back at what was said before ("It\'s like …")', () => {
    const documents = (first: string): SynthesisInterview[] => [
      { documentId: 'a', documentName: 'A', insights: [insight('a1', 'a', 'export', [0, 10, 20], first)], groupedTags: [] },
      { documentId: 'b', documentName: 'B', insights: [insight('b1', 'b', 'export', [0], 'The export loses their filters')], groupedTags: [] },
    ];
    expect(synthesiseProject(documents("It's like someone has to redo the export")).consolidatedInsights[0].title).toBe('The export loses their filters');
    expect(synthesiseProject(documents('That was the export losing data')).consolidatedInsights[0].title).toBe('The export loses their filters');
    // An "it" that points at what follows names its subject.
    expect(synthesiseProject(documents("It's important that the export keeps their filters")).consolidatedInsights[0].title).toBe(
      "It's important that the export keeps their filters",
    );
  });

  it('takes its title from the member the others say too, when insights are compared by meaning', async () => {
    const said = (id: string, title: string, text: string): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, 'highlighting', [], title), quotes: [quote(id, 0, text)] }],
      groupedTags: [],
    });
    // The first is closest to what the three mean together; the second is what the others say too.
    const documents = [
      said('a', 'They started with the importance ranking', 'The importance ranking of the plots with the brushed points highlighted was useful to find outliers.'),
      said('b', 'Highlighting was very useful', 'Highlighting was very useful.'),
      said('c', 'Brushing helped them find the outliers', 'Highlighting and brushing points in the plots was useful to find the outliers quickly.'),
    ];
    const [finding] = synthesiseProject(documents, { vectors: await loadWordVectors() }).consolidatedInsights;
    expect(finding.sourceInsightIds).toEqual(['a1', 'b1', 'c1']);
    expect(finding.title).toBe('Highlighting was very useful');
  });

  it('keeps apart insights alike only in their general drift: two findings must share a specific word', async () => {
    const said = (id: string, title: string, text: string): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, `${id} tag`, [], title), quotes: [quote(id, 0, text)] }],
      groupedTags: [],
    });
    const findings = synthesiseProject(
      [
        said('a', "It's because they went through so much information", "I think it's just because we went through so much, so much information."),
        said('b', "There's a lot to unpack", "It's complicated to remember where everything is, there's a lot to unpack."),
        said('c', 'Highlighting was very useful', 'Highlighting the outliers in the plots was very useful.'),
        said('d', 'They found the highlighted histograms useful', 'I found the highlighted histograms quite useful to see the outliers.'),
      ],
      { vectors: await loadWordVectors() },
    ).consolidatedInsights;
    expect(findings.map((finding) => finding.sourceInsightIds)).toEqual([['c1', 'd1'], ['a1'], ['b1']]);
  });

  it('keeps apart insights that share one rare word but claim different things with it', async () => {
    const said = (id: string, title: string, ...texts: string[]): Insight => ({ ...insight(id, id[0], `${id} tag`, [], title), quotes: texts.map((text, k) => quote(id[0], 100 * k, text)) });
    const interview = (id: string, ...insights: Insight[]): SynthesisInterview => ({ documentId: id, documentName: id.toUpperCase(), insights, groupedTags: [] });
    const findings = synthesiseProject(
      [
        interview(
          'a',
          said('a1', 'They want the plots shown in this order', 'Give the user a way to provide their own feature importance list.', 'That might be a very niche use case.'),
          said('a2', 'They sort the plots by feature importance', 'I sort the plots by feature importance first.'),
          said('a3', 'Feature importance plots were useful', 'The feature importance plots were useful to start with.'),
          said('a4', 'The export loses the filters', 'Exporting to a spreadsheet drops every filter we set.'),
        ),
        interview(
          'b',
          said('b1', 'The data they need is niche', 'There are a lot of data sets out there but the data I need require some more niche information.'),
          said('b2', 'Onboarding took a whole afternoon', 'The first setup was long and confusing.'),
          said('b3', 'Pricing is fair for a small team', 'We would pay more for the team plan.'),
          said('b4', 'Search finds the right interview quickly', 'I search by participant name every day.'),
        ),
      ],
      { vectors: await loadWordVectors() },
    ).consolidatedInsights;
    // "niche" is rare in the project and both say it, of a use case and of the data they need: no finding of both.
    expect(findings.filter((finding) => finding.documentIds.length > 1).map((finding) => finding.sourceInsightIds)).toEqual([]);
  });

  it('reads what was said, not the transcriber’s marks: "(unintelligible)" and "XXXX" are no words two insights share', () => {
    expect(spoken('I think (unintelligible) we went through so much [REDACTED] at XXXX.')).toBe('I think   we went through so much   at  .');
    // A bracketed aside that is no mark stays.
    expect(spoken('We use the (new) export.')).toBe('We use the (new) export.');
  });

  it('keeps a problem and a thing that works apart, however alike their words', () => {
    const filed = (id: string, theme: string, title: string): SynthesisInterview => ({
      documentId: id,
      documentName: id,
      insights: [insight(`${id}1`, id, 'clustering', [0], title)],
      groupedTags: groups({ [theme]: ['clustering'] }),
    });
    const findings = (...documents: SynthesisInterview[]) => synthesiseProject(documents).consolidatedInsights.map((finding) => finding.sourceInsightIds);
    expect(findings(filed('a', 'What works well', 'The cluster descriptions were helpful'), filed('b', 'Pain points', 'They do not understand the clustering'))).toEqual([['a1'], ['b1']]);
    expect(findings(filed('a', 'What works well', 'The cluster descriptions were helpful'), filed('b', 'What works well', 'Clustering was useful'))).toEqual([['a1', 'b1']]);
  });

  it('tags a finding by what its insights say in common, not by one interview’s tag', async () => {
    const said = (id: string, tag: string, title: string, text: string): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, tag, [], title), quotes: [quote(id, 0, text)] }],
      groupedTags: [],
    });
    const documents = [
      said('a', 'highest price car', 'Highlighting was very useful', 'Highlighting the highest price car in the plots was very useful.'),
      said('b', 'line similarity', 'They sorted by line similarity after highlighting', 'Highlighting the points and sorting by line similarity was useful.'),
      said('c', 'histograms', 'They found the highlighted histograms useful', 'I found highlighting the histograms quite useful.'),
    ];
    const [finding] = synthesiseProject(documents, { vectors: await loadWordVectors() }).consolidatedInsights;
    expect(finding.sourceInsightIds).toEqual(['a1', 'b1', 'c1']);
    // "useful" is said by all three too, but says how, not what.
    expect(finding.tag).toBe('highlighting');
  });

  it('tags a finding its insights share no phrase of by the tag its title says, not by a common verb they share ("finds", "find")', async () => {
    const said = (id: string, tag: string, title: string, ...texts: string[]): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, tag, [], title), quotes: texts.map((text, k) => quote(id, 100 * k, text)) }],
      groupedTags: [],
    });
    const documents = [
      said('a', 'dataset', 'They did not find anything obvious beyond a few samples', 'I did not find anything obvious that was not because of a few samples.'),
      said('b', 'ICE plot', 'The team finds ICE plots hard to read', 'We find ICE plots very hard to read.', 'Our sample size is so huge, we have to down sample.'),
    ];
    const [finding] = synthesiseProject(documents, { vectors: await loadWordVectors() }).consolidatedInsights;
    expect(finding.sourceInsightIds).toEqual(['a1', 'b1']);
    expect(finding.title).toBe('The team finds ICE plots hard to read');
    expect(finding.tag).toBe('ICE plot');
  });

  it('titles a finding of two interviews by the insight the other one says too', async () => {
    const said = (id: string, title: string, ...texts: string[]): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, 'course', [], title), quotes: texts.map((text, k) => quote(id, 100 * k, text)) }],
      groupedTags: [],
    });
    const documents = [
      said('a', 'They are happy to pay 200', 'I am happy to pay 200 for a course.', 'The course made me learn about the different historical periods.'),
      said('b', 'Learning about the different historical periods was hard work', 'Learning about the different historical periods of the course was hard work.'),
    ];
    const [finding] = synthesiseProject(documents, { vectors: await loadWordVectors() }).consolidatedInsights;
    expect(finding.sourceInsightIds).toEqual(['a1', 'b1']);
    expect(finding.title).toBe('Learning about the different historical periods was hard work');
  });

  it('gives a finding a tag that no stronger finding has, where its insights have one', () => {
    const documents: SynthesisInterview[] = ['a', 'b'].map((id) => ({
      documentId: id,
      documentName: id,
      insights: [insight(`${id}1`, id, 'ICE plot', [0, 10]), insight(`${id}2`, id, id === 'a' ? 'ICE plot' : 'ICE plot reading', [20])],
      groupedTags: [],
    }));
    const findings = synthesiseProject(documents).consolidatedInsights;
    expect(findings.map((finding) => finding.sourceInsightIds)).toEqual([['a1', 'b1'], ['a2', 'b2']]);
    expect(findings.map((finding) => finding.tag)).toEqual(['ICE plot', 'ICE plot reading']);
  });

  it('sums up the findings most interviews share, each with how many interviews support it; a finding of one interview is not the headline', () => {
    // Interview B's insight about "plots" makes a related point, without saying "ICE plot": a finding of one interview,
    // left out of a summary led by one all three share.
    expect(synthesiseProject(PROJECT).summarySentence).toBe('Across 3 interviews: about export (3 of 3 interviews).');
    expect(synthesiseProject([PROJECT[0]]).summarySentence).toBe('In 1 interview, the strongest findings: about export; about pricing; about ICE plot.');
    const said = (id: string, title: string): SynthesisInterview => ({
      documentId: id,
      documentName: id,
      insights: [insight(`${id}1`, id, 'ICE plot', [1], title)],
      groupedTags: groups({ 'Pain points': ['ICE plot'] }),
    });
    expect(
      synthesiseProject([said('a', 'They find ICE plots hard to read'), said('b', 'ICE plots are hard to read'), said('c', 'Reading ICE plots is hard')]).summarySentence,
    ).toMatch(/^Across 3 interviews: 3 of 3 participants find ICE plots hard to read/);
    // Sharing a light verb ("try to see") is not saying the same thing.
    expect(
      synthesiseProject([said('a', 'They try to see if there are correlations'), said('b', 'They should have tried to see more hypothesis testing')]).summarySentence,
    ).toMatch(/^Across 2 interviews, no finding is shared by two interviews yet; the strongest, each from one interview: participants try to see if there are correlations \(1 of 2 interviews; related points in 1 more\)/);
    // One word in common ("samples") is not one claim: the title is not put in the mouth of every participant.
    expect(synthesiseProject([said('a', "They don't want it in the samples"), said('b', 'They were trying to understand what a sample looked like')]).summarySentence).toMatch(
      /^Across 2 interviews, no finding is shared by two interviews yet; the strongest, each from one interview: participants don't want it in the samples \(1 of 2 interviews; related points in 1 more\)/,
    );
    // Nor is one of a short title's two words ("features" of "what features are important").
    expect(synthesiseProject([said('a', 'They can look at what features are important'), said('b', 'They take all the model input features')]).summarySentence).toMatch(
      /^Across 2 interviews, no finding is shared by two interviews yet; the strongest, each from one interview: participants can look at what features are important \(1 of 2 interviews; related points in 1 more\)/,
    );
    // Alike insights that do not all say what the title says: how many say it, and how many more make related points.
    expect(synthesiseProject([said('a', 'They find ICE plots hard to read'), said('b', 'ICE plots are hard to read'), said('c', 'x')]).summarySentence).toMatch(
      /^Across 3 interviews: 2 of 3 participants find ICE plots hard to read \(related points in 1 more interview\)/,
    );
    const quoted = (id: string, title: string, text: string): SynthesisInterview => ({
      ...said(id, title),
      insights: [{ ...insight(`${id}1`, id, 'ICE plot', [], title), quotes: [quote(id, 0, text)] }],
    });
    // A wish is a claim: a quote about the same things that wishes nothing does not make it.
    const wish = synthesiseProject([
      quoted('a', 'They want to look at all the other interactions', 'I want to look at all the other interactions with it.'),
      quoted('b', 'They had a brief look at the interactions', 'I just had a brief look at how the feature was interacting with other features.'),
    ]).summarySentence;
    expect(wish).toMatch(/^Across 2 interviews, no finding is shared by two interviews yet; the strongest, each from one interview: participants want to look at all the other interactions \(1 of 2 interviews; related points in 1 more\)/);
    // Two interviews find highlighting useful; the third's insight (`title`, `text`) does not say it.
    const highlighting = (title: string, text: string) =>
      synthesiseProject([
        quoted('a', 'Highlighting was very useful', 'Highlighting the outliers was very useful.'),
        quoted('b', title, text),
        quoted('c', 'They found highlighting useful', 'Highlighting was useful to spot the outliers.'),
      ]).summarySentence;
    const twoOfThree = /^Across 3 interviews: 2 of 3 participants found highlighting very useful \(related points in 1 more interview\)/;
    // Its words said in denial are not its claim: "I don't think I used highlighting very much".
    expect(highlighting('They started with importance', "I don't think I used highlighting very much.")).toMatch(twoOfThree);
    // Sharing only the word that judges is not saying it: "The importance ranking is useful".
    expect(highlighting('The importance ranking is useful', 'The importance ranking is useful to start with.')).toMatch(twoOfThree);
  });

  it('says a judgement of a thing as what the participants found, a name keeping its capital', () => {
    const judgedIn = (id: string, title: string, text: string): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, 'judged', [], title), quotes: [quote(id, 0, text)] }],
      groupedTags: [],
    });
    const judged = (title: string, text: string) => synthesiseProject([judgedIn('a', title, text), judgedIn('b', title, text)]).summarySentence;
    expect(judged('The cluster descriptions were helpful', 'The cluster descriptions were helpful to me.')).toBe(
      'Across 2 interviews: 2 of 2 participants found the cluster descriptions helpful.',
    );
    expect(judged('PDPilot is really easy', 'PDPilot is really easy to pick up.')).toBe('Across 2 interviews: 2 of 2 participants find PDPilot really easy.');
    expect(judged('Looker was quick', 'We moved to Looker and it was quick.')).toBe('Across 2 interviews: 2 of 2 participants found Looker quick.');
    expect(judged('Highlighting is quick', 'Highlighting is quick.')).toBe('Across 2 interviews: 2 of 2 participants find highlighting quick.');
    // A pronoun says nothing of what was judged; a claim that is no judgement stays as said.
    expect(judged('It was very useful', 'It was very useful for the export.')).toBe('Across 2 interviews: it was very useful (2 of 2 interviews).');
    expect(judged('The export loses the filters', 'The export loses the filters.')).toBe('Across 2 interviews: the export loses the filters (2 of 2 interviews).');
  });

  it('says each finding in plain words, never a title in quotation marks: a title is not what a participant said', () => {
    const titled = (id: string, title: string, text: string): SynthesisInterview => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [{ ...insight(`${id}1`, id, 'plain', [], title), quotes: [quote(id, 0, text)] }],
      groupedTags: [],
    });
    const summary = (title: string, text = `${title}.`) => synthesiseProject([titled('a', title, text), titled('b', title, text)]).summarySentence;
    expect(summary("They're generating PDPs for every feature")).toBe('Across 2 interviews: 2 of 2 participants are generating PDPs for every feature.');
    expect(summary("They've never used two-way plots")).toBe('Across 2 interviews: 2 of 2 participants have never used two-way plots.');
    expect(summary("They'd love to eject the widget")).toBe('Across 2 interviews: 2 of 2 participants would love to eject the widget.');
    expect(summary("They'd tried the widget before")).toBe('Across 2 interviews: 2 of 2 participants had tried the widget before.');
    expect(summary('Their eyes keep getting cross-eyed between rows')).toBe("Across 2 interviews: 2 of 2 participants' eyes keep getting cross-eyed between rows.");
    expect(summary('The team finds ICE plots very hard to read')).toBe('Across 2 interviews: the team finds ICE plots very hard to read (2 of 2 interviews).');
    expect(summary('ICE plots take them a while to read')).toBe('Across 2 interviews: ICE plots take them a while to read (2 of 2 interviews).');
    // A title that is the participant's own sentence, in its quotation marks, is shown as it is: no marks added.
    expect(summary('“Anything above 4000, I don’t want it in the samples”', 'Anything above 4000, I don’t want it in the samples, so I filter them.')).toBe(
      'Across 2 interviews: “Anything above 4000, I don’t want it in the samples” (2 of 2 interviews).',
    );
    expect(summary('“I don’t want it in the samples.”', 'I don’t want it in the samples.')).toBe('Across 2 interviews: “I don’t want it in the samples.” (2 of 2 interviews).');
    // Nor in an interview of its own.
    expect(synthesiseProject([titled('a', 'They find ICE plots hard to read', 'We find ICE plots hard to read.')]).summarySentence).toBe(
      'In 1 interview, the strongest findings: participants find ICE plots hard to read.',
    );
  });

  it('names first, among findings of as many interviews, the ones each of those interviews says', () => {
    const documents: SynthesisInterview[] = [
      {
        documentId: 'a',
        documentName: 'A',
        insights: [insight('a1', 'a', 'export', [0, 10, 20], 'The export loses their filters'), insight('a2', 'a', 'pricing', [30], 'Pricing is too high')],
        groupedTags: [],
      },
      {
        documentId: 'b',
        documentName: 'B',
        insights: [insight('b1', 'b', 'export', [0], 'Onboarding was slow'), insight('b2', 'b', 'pricing', [10], 'Pricing is too high for them')],
        groupedTags: [],
      },
    ];
    const synthesis = synthesiseProject(documents);
    expect(synthesis.consolidatedInsights.map((c) => c.tag)).toEqual(['export', 'pricing']);
    expect(synthesis.summarySentence).toBe(
      'Across 2 interviews: pricing is too high (2 of 2 interviews).',
    );
  });

  it('names a claim two interviews make before a loose grouping of more interviews that only one of them makes', () => {
    const documents: SynthesisInterview[] = ['a', 'b', 'c'].map((id) => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [
        insight(`${id}1`, id, 'export', [0, 10, 20], { a: 'The export loses their filters', b: 'Onboarding was slow', c: 'Search is fast' }[id]),
        ...(id === 'c' ? [] : [insight(`${id}2`, id, 'pricing', [30], 'Pricing is too high')]),
      ],
      groupedTags: [],
    }));
    expect(synthesiseProject(documents).summarySentence).toBe(
      'Across 3 interviews: pricing is too high (2 of 3 interviews).',
    );
  });

  it('names, among findings as strong, a problem or a wish before an account of how they work', () => {
    const documents: SynthesisInterview[] = ['a', 'b'].map((id) => ({
      documentId: id,
      documentName: id.toUpperCase(),
      insights: [
        insight(`${id}1`, id, 'notebook', [0, 10, 20, 30], 'They keep their plots in notebooks'),
        insight(`${id}2`, id, 'deadline', [40, 50, 60], 'They rush the analysis before deadlines'),
        insight(`${id}3`, id, 'export', [70], 'Exporting the plots takes them too long'),
      ],
      groupedTags: groups({ 'How they work today': ['notebook', 'deadline'], 'Pain points': ['export'] }),
    }));
    const synthesis = synthesiseProject(documents);
    // The findings stay ranked by their quotes; the summary reads the problem first.
    expect(synthesis.consolidatedInsights.map((c) => c.tag)).toEqual(['notebook', 'deadline', 'export']);
    expect(synthesis.summarySentence).toBe(
      'Across 2 interviews: exporting the plots takes them too long (2 of 2 interviews). 2 of 2 participants keep their plots in notebooks. 2 of 2 participants rush the analysis before deadlines.',
    );
  });

  it('shows a finding of two interviews that themed it apart under the theme of the insight whose title it carries', () => {
    const documents: SynthesisInterview[] = [
      {
        documentId: 'a',
        documentName: 'A',
        insights: [insight('a1', 'a', 'export', [0, 10, 20], "That's why the export matters")],
        groupedTags: groups({ 'Pain points': ['export'] }),
      },
      {
        documentId: 'b',
        documentName: 'B',
        insights: [insight('b1', 'b', 'export', [0], 'They export the board every week')],
        groupedTags: groups({ 'How they work today': ['export'] }),
      },
    ];
    const synthesis = synthesiseProject(documents);
    // The title that reads without its interview is B's; so is the theme.
    expect(synthesis.consolidatedInsights.map((c) => c.title)).toEqual(['They export the board every week']);
    expect(synthesis.consolidatedGroupedTags.map((group) => group.groupLabel)).toEqual(['How they work today']);
  });

  it('is deterministic, with ids stable across runs and unique', () => {
    const first = synthesiseProject(PROJECT);
    expect(synthesiseProject(PROJECT)).toEqual(first);
    const ids = first.consolidatedInsights.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^consolidated-[0-9a-f]{8}$/);
  });

  it('gives unsaved insights (no id yet) distinct ids too', () => {
    const unsaved = PROJECT.map((document) => ({ ...document, insights: document.insights.map((i) => ({ ...i, id: '' })) }));
    const ids = synthesiseProject(unsaved).consolidatedInsights.map((c) => c.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('consolidates the local analyser’s insights over the four PDPilot interviews', async () => {
    const analyser = createLocalAnalyser();
    const names = [
      '01_pdpilot_P2_user-study-interview.pdf',
      '18_pdpilot_P1_user-study-interview.pdf',
      '19_pdpilot_P3_user-study-interview.pdf',
      '20_pdpilot_P4_user-study-interview.pdf',
    ];
    const texts = new Map<string, string>();
    const documents: SynthesisInterview[] = [];
    for (const name of names) {
      const input = inputFromParsed(await parseFixture(name), name.slice(0, 2), name);
      texts.set(input.documentId, input.text);
      const analysis = await analyser.analyse(input);
      const anchored = anchorAnalysis(input, analysis);
      documents.push({
        documentId: input.documentId,
        documentName: name,
        groupedTags: analysis.groupedTags,
        insights: anchored.insights.map((a, k) => ({ ...a, id: `${input.documentId}-${k}`, documentId: input.documentId, source: 'local', createdAt: CREATED })),
      });
    }
    const synthesis = synthesiseProject(documents, { vectors: await loadWordVectors() });
    // Grouped by meaning: the strongest findings are said in several interviews, one insight per interview at most.
    expect(synthesis.summarySentence).toMatch(/^Across 4 interviews: (?:[234] of 4 |[^;(]+ \(1 of 4 interviews; related points in [123] more\))/);
    expect(synthesis.consolidatedInsights).toHaveLength(20);
    expect(synthesis.consolidatedInsights.filter((c) => c.documentIds.length >= 2).length).toBeGreaterThanOrEqual(5);
    for (const consolidated of synthesis.consolidatedInsights) expect(consolidated.sourceInsightIds).toHaveLength(consolidated.documentIds.length);
    for (const consolidated of synthesis.consolidatedInsights) {
      expect(consolidated.quotes.length).toBeLessThanOrEqual(MAX_QUOTES_PER_INSIGHT);
      for (const q of consolidated.quotes) {
        expect(consolidated.documentIds).toContain(q.documentId);
        expect(texts.get(q.documentId)?.slice(q.start, q.end)).toBe(q.text);
      }
      // Quotes are spread: with several interviews, the first quotes come from different ones.
      const firstDocuments = consolidated.quotes.slice(0, consolidated.documentIds.length).map((q) => q.documentId);
      expect(new Set(firstDocuments).size).toBe(Math.min(consolidated.documentIds.length, consolidated.quotes.length));
    }
  }, 20_000);
});
