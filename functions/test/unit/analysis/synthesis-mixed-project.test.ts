/**
 * Project synthesis over a project that holds several studies: four interviews of one user study (PDPilot, data
 * scientists on an ML explainability tool), a founder's podcast interview, and two interviews of another study (a
 * scientist and a creative professional on their use of AI). Findings join insights that mean the same, never two
 * studies through a word they happen to share.
 */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../src/analysis/anchoring';
import { createLocalAnalyser } from '../../../src/analysis/local';
import { loadWordVectors } from '../../../src/analysis/meaning';
import { synthesiseProject, type SynthesisInterview } from '../../../src/analysis/synthesis';
import type { ProjectSynthesis } from '@verbatim/contract/insight';
import { parseFixture } from '../parsers/helpers/fixtures';
import { inputFromParsed } from './helpers/transcripts';

const CREATED = new Date('2025-01-01T00:00:00Z');

/** Each interview's id, with the study it belongs to. */
const INTERVIEWS: ReadonlyArray<{ id: string; study: string; file: string }> = [
  { id: 'P1', study: 'pdpilot', file: '18_pdpilot_P1_user-study-interview.pdf' },
  { id: 'P2', study: 'pdpilot', file: '01_pdpilot_P2_user-study-interview.pdf' },
  { id: 'P3', study: 'pdpilot', file: '19_pdpilot_P3_user-study-interview.pdf' },
  { id: 'P4', study: 'pdpilot', file: '20_pdpilot_P4_user-study-interview.pdf' },
  { id: 'FT', study: 'founders-talk', file: '10_changelog_founders-talk-91.md' },
  { id: 'SC', study: 'ai-at-work', file: '04_anthropic-interviewer_science_0012.txt' },
  { id: 'CR', study: 'ai-at-work', file: 'derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx' },
];
const STUDY = new Map(INTERVIEWS.map(({ id, study }) => [id, study]));

interface Project {
  documents: SynthesisInterview[];
  texts: Map<string, string>;
  synthesis: ProjectSynthesis;
}

let analysed: Promise<Project> | undefined;

/** The seven interviews analysed by the built-in analyser and anchored, then synthesised (once for the file). */
function project(): Promise<Project> {
  analysed ??= (async () => {
    const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
    const documents: SynthesisInterview[] = [];
    const texts = new Map<string, string>();
    for (const { id, file } of INTERVIEWS) {
      const input = inputFromParsed(await parseFixture(file), id, id);
      texts.set(id, input.text);
      const analysis = await analyser.analyse(input);
      const anchored = anchorAnalysis(input, analysis);
      documents.push({
        documentId: id,
        documentName: id,
        groupedTags: analysis.groupedTags,
        insights: anchored.insights.map((insight, k) => ({ ...insight, id: `${id}-${k}`, documentId: id, source: 'local', createdAt: CREATED })),
      });
    }
    return { documents, texts, synthesis: synthesiseProject(documents, { vectors: await loadWordVectors() }) };
  })();
  return analysed;
}

describe('synthesis of a project holding several studies', () => {
  it('joins no insight of one study to an insight of another', async () => {
    const { synthesis, documents } = await project();
    const titleOf = new Map(documents.flatMap((document) => document.insights.map((insight) => [insight.id, `${document.documentId}: ${insight.title}`])));
    const spanning = synthesis.consolidatedInsights
      .filter((finding) => new Set(finding.documentIds.map((id) => STUDY.get(id))).size > 1)
      .map((finding) => finding.sourceInsightIds.map((id) => titleOf.get(id)));
    expect(spanning).toEqual([]);
  }, 30_000);

  it('still finds what several interviews of one study say', async () => {
    const { synthesis } = await project();
    const across = synthesis.consolidatedInsights.filter((finding) => finding.documentIds.length >= 2);
    expect(across.length).toBeGreaterThanOrEqual(3);
    for (const finding of across) expect(finding.sourceInsightIds).toHaveLength(finding.documentIds.length);
  }, 30_000);

  it('puts in quotation marks only what a participant said, word for word', async () => {
    const { synthesis, documents, texts } = await project();
    const said = [...texts.values(), ...documents.flatMap((document) => document.insights.flatMap((insight) => insight.quotes.map((quote) => quote.text)))];
    const shown = [synthesis.summarySentence, ...synthesis.consolidatedInsights.flatMap((finding) => [finding.title, finding.description])];
    for (const text of shown) {
      for (const [, curly, straight] of text.matchAll(/“([^”]*)”|"([^"]*)"/g)) {
        const inside = (curly ?? straight).replace(/[.,;:!?]$/, '');
        // A participant's sentence as a title may have its first letter raised to a capital.
        const lowered = inside.charAt(0).toLowerCase() + inside.slice(1);
        expect(said.some((words) => words.includes(inside) || words.includes(lowered)), `${JSON.stringify(inside)} in ${text}`).toBe(true);
      }
    }
    // The summary names the findings in plain words: no title of theirs in quotation marks.
    for (const finding of synthesis.consolidatedInsights) expect(synthesis.summarySentence).not.toContain(`“${finding.title}`);
  }, 30_000);

  it('counts, for each finding the summary names, the interviews that say it and those that make related points', async () => {
    const { synthesis } = await project();
    const match = /^Across 7 interviews: (.+)\.$/.exec(synthesis.summarySentence);
    expect(match, synthesis.summarySentence).not.toBeNull();
    // One sentence per finding, at most three, each shared by at least two interviews.
    const parts = (match as RegExpExecArray)[1].split(/\. (?=\d|\p{Lu})/u);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(parts.length).toBeLessThanOrEqual(3);
    const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);
    for (const part of parts) {
      const byParticipants = /^(\d+) of 7 (participants .+?)(?: \(related points in (\d+) more interviews?\))?$/.exec(part);
      const byInterviews = /^(.+?) \((\d+) of 7 interviews(?:; related points in (\d+) more)?\)$/.exec(part);
      expect(byParticipants ?? byInterviews, part).not.toBeNull();
      const [saying, claim, more] = byParticipants ? [byParticipants[1], byParticipants[2], byParticipants[3]] : [byInterviews?.[2], byInterviews?.[1] ?? '', byInterviews?.[3]];
      // The finding it names: the one whose title has the most words of the claim.
      const claimed = words(claim);
      const overlap = (title: string) => [...words(title)].filter((word) => claimed.has(word)).length;
      const finding = [...synthesis.consolidatedInsights].sort((a, b) => overlap(b.title) - overlap(a.title))[0];
      expect(Number(saying)).toBeGreaterThanOrEqual(2);
      expect(Number(saying) + Number(more ?? 0), `${part} / ${finding.title}`).toBe(finding.documentIds.length);
    }
    // The strongest finding is said in, or related across, more than one interview.
    const first = /^(\d+) of 7 participants .+?(?: \(related points in (\d+) more interviews?\))?$|\((\d+) of 7 interviews(?:; related points in (\d+) more)?\)$/.exec(parts[0]) as RegExpExecArray;
    expect(Number(first[1] ?? first[3]) + Number(first[2] ?? first[4] ?? 0)).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
