/**
 * The wording check (the wording benchmark's rules, the product's one implementation): it finds each defect a reader
 * named in real runs, passes titles a reader keeps, and no title the built-in analyser puts on the board has a defect
 * it names, on any shared fixture.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { falseQuotes, wordingDefects, wordingSource, type WordingDefect } from '../../../../src/analysis/wording-check';
import { createLocalAnalyser } from '../../../../src/analysis/local';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { parseFixture } from '../../parsers/helpers/fixtures';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});
const defects = (title: string, transcript?: string): WordingDefect[] =>
  wink.use((nlp) => wordingDefects(nlp, title, transcript === undefined ? undefined : wordingSource(transcript)), title.length);

describe('the wording check', () => {
  it.each([
    ['They have a client with strange', 'cut-off'],
    ['The first table … is how the predicted value varies', 'ellipsis'],
    ["They'll they're excited to touse it in their work", 'stutter'],
    ["They can't and usually the clusters were separated enough", 'broken-clause'],
    ['They would look at like two different scatter plots', 'filler'],
    ['and then the export failed on every large file', 'opener'],
    ["They're not sure", 'names-nothing'],
    ['They never found a single plot in the whole dashboard that showed them anything useful at all', 'too-long'],
    ['Pricing matters', 'too-short'],
    ["There's a. Negative correlation between the two features", 'two-sentences'],
    ['The plots were fine -- until the export broke', 'interrupted'],
    ['The model was [unintelligible 00:27:03] on the test set', 'transcriber-mark'],
    ['What they say about residual plots', 'topic-only'],
    ["It's mostly random forest for the churn model", 'unnamed-subject'],
    ["They'd like to try this at work", 'unnamed-reference'],
  ])('finds what is wrong with "%s" (%s)', (title, defect) => {
    expect(defects(title)).toContain(defect);
  });

  const transcript =
    "We couldn't find a storage engine that was able to keep up with the writes. I wanted to see the multiple clust-, " +
    'like the automated clusters, on the ICE plots. I built a toy model and it\'s like a demo of the whole thing. We export every report to PowerPoint by hand.';
  it.each([
    ["They couldn't find a storage engine that was able", 'phrase-goes-on'],
    ['They wanted to see the multiple clust', 'broken-word'],
    ['“A toy model and it’s like”', 'quoted-part-sentence'],
  ])('reads "%s" against its transcript (%s)', (title, defect) => {
    expect(defects(title, transcript)).toContain(defect);
  });

  it.each([
    "They couldn't find a storage engine able to keep up with the writes",
    'They wanted to see the automated clusters on the ICE plots',
    '“We export every report to PowerPoint by hand”',
    'The team finds ICE plots very hard to read and not useful',
    "It's nice to have the clusters on the ICE plots",
    'Wish: automated clusters on the ICE plots',
  ])('passes a title a reader keeps: "%s"', (title) => {
    expect(defects(title, transcript)).toEqual([]);
  });

  it('finds words in quotation marks that are not the participant’s', () => {
    const source = wordingSource(transcript);
    expect(falseQuotes('They say “we export every report” weekly.', source)).toEqual([]);
    expect(falseQuotes('They say “we email every report” weekly.', source)).toEqual(['we email every report']);
  });

  it('is the floor of the analyser’s own check: whatever it finds, the title check finds too', () => {
    const check = titleChecker(wink, transcript);
    for (const title of ["They couldn't find a storage engine that was able", 'What they say about residual plots', "They'd like to try this at work"]) {
      const floor = defects(title, transcript);
      expect(floor.length).toBeGreaterThan(0);
      expect(check(title)).toEqual(expect.arrayContaining(floor));
    }
  });
});

describe('titles on the board', () => {
  const FIXTURES = [
    '18_pdpilot_P1_user-study-interview.pdf',
    '01_pdpilot_P2_user-study-interview.pdf',
    '19_pdpilot_P3_user-study-interview.pdf',
    '20_pdpilot_P4_user-study-interview.pdf',
    '04_anthropic-interviewer_science_0012.txt',
    '06_gvc_eBay-FarhangKassei-Interview-v4.srt',
    '07_gvc_CodeConversations-ChrisDiBona.srt',
    '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt',
    '10_changelog_founders-talk-91.md',
    '14_qualcoder_transcript_focus-group.txt',
    '15_qualcoder_ID1_student-response.docx',
  ];
  it.each(FIXTURES)('never have a defect the wording check names, read against their transcript (%s)', async (name) => {
    const parsed = await parseFixture(name);
    const input = { documentId: name, documentName: name, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
    const analysis = await createLocalAnalyser({ yieldBetweenBatches: false }).analyse(input);
    expect(analysis.insights.length).toBeGreaterThan(0);
    for (const insight of analysis.insights) expect(defects(insight.title, parsed.text), insight.title).toEqual([]);
  }, 60_000);
});
