import { anchorAnalysis } from '../../src/analysis/anchoring/anchor-analysis';
import { createLocalAnalyser } from '../../src/analysis/local';
import { parseTranscript } from '../../src/analysis/parsers';
import type { Insight } from '../../src/domain/insight';
import type { TranscriptDocument } from '../../src/domain/project';
import { buildExportModel, type ExportModel, type ExportSource } from '../../src/exports/export-model';
import { fixture } from './fixtures';

/** Interviews of the shared corpus with timestamps (srt) and without (txt, pdf), and a speaker-rich one. */
export const EXPORT_FIXTURES = [
  '04_anthropic-interviewer_science_0012.txt',
  '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt',
  '18_pdpilot_P1_user-study-interview.pdf',
] as const;

/**
 * A project as the app stores it, made the way the app makes it: each fixture parsed, analysed by the local
 * analyser and anchored; one insight edited by the researcher (own title, theme), one deleted.
 */
export async function sampleExportSource(files: readonly string[] = EXPORT_FIXTURES): Promise<ExportSource> {
  const documents: ExportSource['documents'][number][] = [];
  const insights: Insight[] = [];
  const analyser = createLocalAnalyser();
  for (const [index, fileName] of files.entries()) {
    const parsed = await parseTranscript({ fileName, bytes: fixture(fileName) });
    const id = `doc${index + 1}`;
    const createdAt = new Date(Date.UTC(2026, 9, 5 + index, 10));
    const input = {
      documentId: id,
      documentName: fileName,
      text: parsed.text,
      turns: parsed.turns,
      timeMarks: parsed.timeMarks ?? [],
      speakers: parsed.speakers,
      language: parsed.language,
    };
    const analysis = await analyser.analyse(input);
    const anchored = anchorAnalysis(input, analysis);
    const doc: TranscriptDocument = {
      id,
      projectId: 'sample-project',
      ownerId: 'sample-owner',
      name: fileName.replace(/\.[a-z]+$/, ''),
      fileName,
      format: parsed.format,
      size: fixture(fileName).length,
      status: 'ready',
      progress: 1,
      error: null,
      errorCode: null,
      notes: parsed.notes,
      speakers: parsed.speakers,
      wordCount: parsed.wordCount,
      language: parsed.language,
      turnCount: parsed.turns.length,
      creditSpent: true,
      analysis: {
        analyser: 'local',
        groupedTags: analysis.groupedTags,
        quoteStats: anchored.stats,
        insightCount: anchored.insights.length,
        notes: analysis.notes,
        usage: null,
        completedAt: createdAt,
      },
      createdAt,
      updatedAt: createdAt,
    };
    documents.push({ doc, text: parsed.text });
    anchored.insights.forEach((insight, i) =>
      insights.push({ id: `${id}-i${i + 1}`, ...insight, documentId: id, source: 'local', createdAt }),
    );
  }
  if (insights.length > 2) {
    insights[0] = { ...insights[0], title: 'Researchers want the model’s reasoning, not only its answer', theme: 'Trust in AI tools', editedAt: new Date() };
    insights[1] = { ...insights[1], deletedAt: new Date() };
  }
  return {
    project: { id: 'sample-project', name: 'Explaining ML models: user study', createdAt: new Date(Date.UTC(2026, 9, 1)) },
    documents,
    insights,
    synthesis: { summarySentence: 'Participants trust explanations they can check against the data, and distrust the rest.' },
    generatedAt: new Date(Date.UTC(2026, 10, 20, 9, 30)),
  };
}

export async function sampleExportModel(files?: readonly string[]): Promise<ExportModel> {
  return buildExportModel(await sampleExportSource(files));
}
