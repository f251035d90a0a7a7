import { isVisibleInsight } from '@verbatim/contract/insight';
import { loadWordVectors } from '../../src/analysis/meaning';
import { synthesiseProject } from '../../src/analysis/synthesis';
import { buildExportModel, type ExportModel } from '../../src/exports/export-model';
import { sampleExportSource } from './export-fixtures';

/** The demo project's four interviews (scripts/seed-demo.mjs), in its upload order, with the names it gives them. */
export const DEMO_INTERVIEWS = [
  ['Participant 1 (P1)', '18_pdpilot_P1_user-study-interview.pdf'],
  ['Participant 2 (P2)', '01_pdpilot_P2_user-study-interview.pdf'],
  ['Participant 3 (P3)', '19_pdpilot_P3_user-study-interview.pdf'],
  ['Participant 4 (P4)', '20_pdpilot_P4_user-study-interview.pdf'],
] as const;

export const DEMO_PROJECT_NAME = 'PDPilot user study: explaining ML models';

/**
 * A summary as long as a written synthesis makes one: three findings, each with its support, in four sentences (the
 * demo's deck cut such a summary off mid-sentence: "…cross-eyed in between…").
 */
export const LONG_SUMMARY =
  'Across 4 interviews: 4 of 4 participants found highlighting and brushing the plots very useful for spotting related features quickly. ' +
  '3 of 4 interviews describe ICE plots as hard to read, with eyes getting cross-eyed in between the rows when many instances are drawn at once. ' +
  '3 of 4 participants tried to recover the code that created their earlier plots, and copied old notebooks by hand to do it. ' +
  '2 of 4 interviews ask for two-way plots that show how features interact, which none of them had used before.';

/**
 * The demo project as an export sees it, made as the seed makes it: the four PDPilot interviews parsed, analysed by
 * the local analyser and anchored, named as the demo names them, and the built-in synthesis's findings across them.
 * `summary` replaces the synthesis's sentence.
 */
export async function demoExportModel(summary = 'Across 4 interviews: 2 of 4 participants found highlighting very useful.'): Promise<ExportModel> {
  const source = await sampleExportSource(DEMO_INTERVIEWS.map(([, file]) => file));
  const names = new Map<string, string>(DEMO_INTERVIEWS.map(([name, file]) => [file, name]));
  const documents = source.documents.map(({ doc, text }) => ({ doc: { ...doc, name: names.get(doc.fileName) ?? doc.name }, text }));
  const synthesis = synthesiseProject(
    documents.map(({ doc }) => ({
      documentId: doc.id,
      documentName: doc.name,
      insights: source.insights.filter((insight) => insight.documentId === doc.id && isVisibleInsight(insight)),
      groupedTags: doc.analysis?.groupedTags ?? [],
    })),
    { vectors: await loadWordVectors() },
  );
  return buildExportModel({
    ...source,
    project: { ...source.project, name: DEMO_PROJECT_NAME },
    documents,
    synthesis: { summarySentence: summary, consolidatedInsights: synthesis.consolidatedInsights },
  });
}
