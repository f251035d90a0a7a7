import { anchorAnalysis } from '../../src/analysis/anchoring/anchor-analysis';
import { createLocalAnalyser } from '../../src/analysis/local';
import { parseTranscript } from '../../src/analysis/parsers';
import type { Insight } from '@verbatim/contract/insight';
import type { Interview } from '@verbatim/contract/project';
import { buildExportModel, type ExportInsight, type ExportInterview, type ExportModel, type ExportQuote, type ExportSource } from '../../src/exports/export-model';
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
    const doc: Interview = {
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
      rolesVersion: 0,
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

/** An exported quote of `needle`, found in the interview's text (timestamped when `ts` is given). */
export function quoteOf(interview: ExportInterview, needle: string, speaker: string, ts?: number): ExportQuote {
  const start = interview.text.indexOf(needle);
  if (start < 0) throw new Error(`not in the transcript: ${needle}`);
  const time = ts === undefined ? null : `00:${String(ts).padStart(2, '0')}`;
  return {
    text: needle,
    documentId: interview.id,
    speaker,
    start,
    end: start + needle.length,
    ...(ts === undefined ? {} : { ts }),
    documentName: interview.name,
    time,
    citation: `— ${speaker}, ${interview.name}${time ? ` · ${time}` : ''}`,
  };
}

/** A model made by hand from interviews and themes (each insight filed under its theme), with the counts filled in. */
export function handExportModel(input: {
  projectId: string;
  projectName: string;
  summary?: string;
  generatedAt?: Date;
  interviews: ExportInterview[];
  insights: ExportInsight[];
}): ExportModel {
  const { interviews, insights } = input;
  const themeNames = [...new Set(insights.map((i) => i.theme))];
  const quotes = insights.flatMap((i) => i.quotes);
  const themes = themeNames.map((name) => {
    const filed = insights.filter((i) => i.theme === name);
    return {
      name,
      insights: filed,
      interviewCount: new Set(filed.flatMap((i) => i.documentIds)).size,
      quoteCount: filed.reduce((n, i) => n + i.quotes.length, 0),
    };
  });
  const dates = interviews.map((i) => i.uploadedAt.getTime());
  return {
    projectId: input.projectId,
    projectName: input.projectName,
    generatedAt: input.generatedAt ?? new Date(Date.UTC(2026, 1, 3, 4, 5, 6)),
    summary: input.summary ?? `${insights.length} insights.`,
    themes,
    interviews,
    counts: {
      interviews: interviews.length,
      participants: interviews.reduce((n, i) => n + i.speakers.filter((s) => s.role === 'participant').length, 0),
      insights: insights.length,
      quotes: quotes.length,
      themes: themes.length,
    },
    heatmap: {
      themes: themeNames,
      interviews: interviews.map((i) => i.name),
      cells: themes.map((t) => interviews.map((iv) => t.insights.reduce((n, i) => n + i.quotes.filter((q) => q.documentId === iv.id).length, 0))),
    },
    period: dates.length ? { first: new Date(Math.min(...dates)), last: new Date(Math.max(...dates)) } : null,
    droppedQuotes: 0,
    leftOut: [],
    findings: [],
  };
}

/** An interview made by hand, with an interviewer and P1; its format is its file name's ending. */
export function handInterview(fields: Pick<ExportInterview, 'id' | 'name' | 'fileName' | 'text' | 'language'>): ExportInterview {
  const ending = /\.([a-z]+)$/i.exec(fields.fileName)?.[1].toLowerCase();
  return {
    ...fields,
    format: (ending ?? null) as ExportInterview['format'],
    uploadedAt: new Date(Date.UTC(2026, 0, 2)),
    wordCount: fields.text.split(/\s+/).filter(Boolean).length,
    speakers: [
      { label: 'Interviewer', role: 'interviewer' },
      { label: 'P1', role: 'participant' },
    ],
    insightCount: 0,
    quoteCount: 0,
  };
}

/** What P1 says in the paraphrased project's interview: every word a deliverable may show in quotation marks. */
export const PARAPHRASED_TEXT = [
  'Interviewer: How does the team use the dashboard?',
  'P1: We never open the dashboard on Fridays. Everyone is busy closing tickets, so the numbers wait until Monday.',
  'Interviewer: And getting data out of it?',
  'P1: I copy the table into a spreadsheet because the export button is hidden. Honestly, I gave up on the "smart" filters.',
].join('\n');

/**
 * A project whose insight titles, descriptions, tags, themes and summary are the researcher's or the analyser's
 * words, not the participant's (one title is a sentence P1 said, in quotation marks of its own): a deliverable
 * that puts any of them in quotation marks shows it as if a participant had said it.
 */
export function paraphrasedExportModel(): ExportModel {
  const interview = handInterview({ id: 'para-doc', name: 'Ops lead', fileName: 'ops-lead.txt', text: PARAPHRASED_TEXT, language: 'en' });
  const fridays = quoteOf(interview, 'We never open the dashboard on Fridays. Everyone is busy closing tickets, so the numbers wait until Monday.', 'P1');
  const copy = quoteOf(interview, 'I copy the table into a spreadsheet because the export button is hidden.', 'P1');
  const filters = quoteOf(interview, 'Honestly, I gave up on the "smart" filters.', 'P1');
  const insight = (id: string, fields: Pick<ExportInsight, 'title' | 'description' | 'tag' | 'theme' | 'quotes'>): ExportInsight => ({
    id,
    ...fields,
    source: 'local',
    documentIds: [interview.id],
  });
  return handExportModel({
    projectId: 'paraphrased',
    projectName: 'Dashboard habits',
    summary: 'Reporting waits for Monday, and data leaves the product by copy and paste.',
    interviews: [{ ...interview, insightCount: 3, quoteCount: 3 }],
    insights: [
      insight('fridays', {
        title: '“We never open the dashboard on Fridays”',
        description: 'Weekly reporting slips because the team is busy at the end of the week.',
        tag: 'reporting rhythm',
        theme: 'Timing of work',
        quotes: [fridays],
      }),
      insight('exports', {
        title: 'Exports are hard to find, so people copy tables by hand',
        description: 'A hidden export button pushes participants to a manual workaround.',
        tag: 'workarounds',
        theme: 'Getting data out',
        quotes: [copy, filters],
      }),
      insight('trust', {
        title: 'Automatic filters are not trusted',
        description: '',
        tag: 'filter trust',
        theme: 'Getting data out',
        quotes: [],
      }),
    ],
  });
}

/** The words a deliverable of `model` may show in quotation marks: its quotes, each a span of a participant's turn. */
export const verbatimSources = (model: ExportModel): string[] => model.themes.flatMap((t) => t.insights.flatMap((i) => i.quotes.map((q) => q.text)));
