import { beforeEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import type { Quote } from '@verbatim/contract/insight';
import { CORRECTION_MESSAGES } from '@verbatim/contract/transcript-correction';
import { createLocalAnalyser } from '../../src/analysis/local';
import { analyseInterview, loadAnalysisInput } from '../../src/analysis-runs/analyse-interview';
import { requestSynthesis } from '../../src/analysis-runs/project-synthesis';
import { addQuote, createManualInsight, mergeInsights, unmergeInsight } from '../../src/insights/manual-insights';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { interviewRef } from '../../src/interviews/interview-refs';
import { correctTranscript } from '../../src/transcripts/correct-transcript';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture, smallInterview } from '../support/fixtures';

const db = () => adminDb();
const local = () => ({ analyser: createLocalAnalyser(), notes: [] });
const SCIENCE = '04_anthropic-interviewer_science_0012.txt';

async function addInterview(uid: string, projectId: string, file: string, bytes: Buffer) {
  const { document } = await reserveInterview(db(), uid, projectId, { fileName: file, size: bytes.length });
  await ingestInterview(db(), { uid, projectId, documentId: document.id, bytes, fileName: file });
  await analyseInterview({ db: db(), chooseAnalyser: local }, projectId, document.id);
  return document.id;
}

/** A project with the science interview analysed, a manual insight quoting `phrase`, and its synthesis and public views. */
async function readyProject(uid: string, phrase = 'literature review and combined data analysis') {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
  const project = await createProject(db(), uid, 'Corrections', { settings: { analyser: 'local' } });
  const documentId = await addInterview(uid, project.id, SCIENCE, fixture(SCIENCE));
  const input = await inputOf(project.id, documentId);
  const manual = await createManualInsight(db(), uid, project.id, { title: 'Reviews and data together', tag: 'method', passage: passage(input, phrase) });
  await requestSynthesis({ db: db(), debounceMs: 0, gemini: null }, project.id);
  return { projectId: project.id, documentId, input, manual };
}

async function inputOf(projectId: string, documentId: string) {
  return loadAnalysisInput(db(), (await interviewRef(db(), projectId, documentId).get()).data()!);
}

type Input = Awaited<ReturnType<typeof inputOf>>;

function passage(input: Input, phrase: string) {
  const start = input.text.indexOf(phrase);
  if (start < 0) throw new Error(`“${phrase}” is not in the transcript`);
  return { documentId: input.documentId, start, end: start + phrase.length };
}

/** The turn holding `phrase`: its index and words. */
function turnWith(input: Input, phrase: string) {
  const index = input.turns.findIndex((t) => input.text.slice(t.start, t.end).includes(phrase));
  const turn = input.turns[index];
  return { index, text: input.text.slice(turn.start, turn.end) };
}

/** Every quote stored anywhere in the project: insights (and what an undo would restore), synthesis, public views. */
async function everyStoredQuote(projectId: string): Promise<Array<Quote & { where: string }>> {
  const found: Array<Quote & { where: string }> = [];
  const add = (where: string, quotes: unknown) => {
    for (const q of (quotes as Quote[] | undefined) ?? []) found.push({ ...q, where });
  };
  for (const insight of (await db().collection(`projects/${projectId}/insights`).get()).docs) {
    add(`insight ${insight.id}`, insight.get('quotes'));
    add(`undo of ${insight.id}`, insight.get('lastMerge')?.quotesBefore);
  }
  const synthesis = (await db().doc(`projects/${projectId}/synthesis/current`).get()).data();
  for (const c of synthesis?.consolidatedInsights ?? []) add(`consolidated ${c.id}`, c.quotes);
  for (const kind of ['summary', 'interviews'] as const) {
    const view = JSON.parse(gunzipSync((await db().doc(`projects/${projectId}/publicViews/${kind}`).get()).get('gzip')).toString('utf8'));
    for (const i of view.consolidatedInsights ?? view.insights) add(`${kind} view ${i.id}`, i.quotes);
  }
  return found;
}

/** Quotes are sacred: every stored quote of the interview is exactly its span of the stored text, in one turn of its speaker. */
async function expectEveryQuoteVerbatim(projectId: string, documentId: string) {
  const input = await inputOf(projectId, documentId);
  const quotes = (await everyStoredQuote(projectId)).filter((q) => q.documentId === documentId);
  expect(quotes.length).toBeGreaterThan(0);
  for (const q of quotes) {
    expect(input.text.slice(q.start, q.end), q.where).toBe(q.text);
    expect(input.turns.find((t) => t.start <= q.start && q.end <= t.end)?.speaker, q.where).toBe(q.speaker);
  }
  return quotes;
}

beforeEach(async () => {
  await clearFirestore();
});

describe('correcting a word of a transcript', () => {
  it('stores the corrected words and re-anchors every quote of them: insights, synthesis and public views', async () => {
    const { projectId, documentId, input, manual } = await readyProject('c1');
    const insightIds = async () => (await db().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.id).sort();
    const idsBefore = await insightIds();
    const turn = turnWith(input, 'literature review and combined');
    const result = await correctTranscript(db(), 'c1', projectId, documentId, {
      transcriptVersion: 0,
      turns: [{ index: turn.index, text: turn.text.replace('literature review and combined', 'literature reviews and combined') }],
    });
    expect(result).toMatchObject({ transcriptVersion: 1, wordCount: (await interviewRef(db(), projectId, documentId).get()).get('wordCount') });
    expect(result.quotes.changed).toBeGreaterThan(0);
    expect(result.quotes.removed).toBe(0);

    const stored = (await db().doc(`projects/${projectId}/insights/${manual.id}`).get()).get('quotes');
    expect(stored.map((q: Quote) => q.text)).toEqual(['literature reviews and combined data analysis']);
    const quotes = await expectEveryQuoteVerbatim(projectId, documentId);
    expect(new Set(quotes.map((q) => q.where.split(' ')[0]))).toEqual(new Set(['insight', 'consolidated', 'summary', 'interviews']));
    expect(quotes.some((q) => q.where.startsWith('interviews view') && q.text === 'literature reviews and combined data analysis')).toBe(true);

    const doc = (await interviewRef(db(), projectId, documentId).get()).data()!;
    expect(doc).toMatchObject({ status: 'ready', transcriptVersion: 1, rolesVersion: 0 });
    const parts = (await db().collection(`projects/${projectId}/documents/${documentId}/transcript`).get()).docs;
    expect(parts.map((p) => p.get('version'))).toEqual(parts.map(() => 1));
    // No credit, no analysis: the engine's insights are the same ones.
    expect((await db().doc('users/c1').get()).get('creditsRemaining')).toBe(9);
    expect(await insightIds()).toEqual(idsBefore);
    // The search data is rebuilt for the corrected text.
    const chunks = (await db().collection(`projects/${projectId}/documents/${documentId}/searchData`).get()).docs;
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.get('source')).toMatch(/\|v1$/);
  });

  it('counts the words again, in the interview, its speaker and the project', async () => {
    const { projectId, documentId, input } = await readyProject('c2');
    const before = (await interviewRef(db(), projectId, documentId).get()).data()!;
    const turn = turnWith(input, 'Sounds good, go ahead');
    await correctTranscript(db(), 'c2', projectId, documentId, { transcriptVersion: 0, turns: [{ index: turn.index, text: 'Sounds good, please go right ahead' }] });
    const after = (await interviewRef(db(), projectId, documentId).get()).data()!;
    expect(after.wordCount).toBe(before.wordCount + 2);
    expect(after.speakers.find((s) => s.label === 'User')!.wordCount).toBe(before.speakers.find((s) => s.label === 'User')!.wordCount + 2);
    expect((await db().doc(`projects/${projectId}`).get()).get('counts.words')).toBe(after.wordCount);
  });

  it('a quote whose words were all deleted is removed; its insight is kept, marked, and off the public pages until it has a new quote', async () => {
    const { projectId, documentId, input, manual } = await readyProject('c3', 'road salt');
    const turn = turnWith(input, 'such as road salt');
    const result = await correctTranscript(db(), 'c3', projectId, documentId, {
      transcriptVersion: 0,
      turns: [{ index: turn.index, text: turn.text.replace(' such as road salt', '') }],
    });
    expect(result.quotes.removed).toBeGreaterThanOrEqual(1);
    expect(result.quotes.insightsWithoutQuotes).toBeGreaterThanOrEqual(1);
    const kept = await db().doc(`projects/${projectId}/insights/${manual.id}`).get();
    expect(kept.exists).toBe(true);
    expect(kept.get('quotes')).toEqual([]);
    expect(kept.get('quotesRemovedAt')).toBeTruthy();
    expect((await everyStoredQuote(projectId)).some((q) => q.text.includes('road salt'))).toBe(false);
    await expectEveryQuoteVerbatim(projectId, documentId);

    const again = await addQuote(db(), 'c3', projectId, manual.id, passage(await inputOf(projectId, documentId), 'anthropogenic contaminants'));
    expect(again.quotes.map((q) => q.text)).toEqual(['anthropogenic contaminants']);
    expect((await db().doc(`projects/${projectId}/insights/${manual.id}`).get()).get('quotesRemovedAt')).toBeNull();
  });

  it('re-anchors a quote of the interview kept in another interview’s insight, and what an undone merge restores', async () => {
    const { projectId, documentId, input, manual } = await readyProject('c4');
    const otherId = await addInterview('c4', projectId, 'course.txt', smallInterview());
    const other = await createManualInsight(db(), 'c4', projectId, { title: 'Slides', passage: passage(await inputOf(projectId, otherId), 'too busy') });
    await addQuote(db(), 'c4', projectId, other.id, passage(input, 'road salt'));
    await mergeInsights(db(), 'c4', projectId, [manual.id, other.id]);

    const turn = turnWith(input, 'literature review and combined');
    await correctTranscript(db(), 'c4', projectId, documentId, {
      transcriptVersion: 0,
      turns: [{ index: turn.index, text: `Well, ${turn.text.replace('road salt', 'road de-icing salt')}` }],
    });
    const merged = (await db().doc(`projects/${projectId}/insights/${manual.id}`).get()).get('quotes') as Quote[];
    expect(merged.map((q) => q.text)).toEqual(['literature review and combined data analysis', 'too busy', 'road de-icing salt']);
    await expectEveryQuoteVerbatim(projectId, documentId);
    const undone = await unmergeInsight(db(), 'c4', projectId, manual.id);
    expect(undone.quotes.map((q) => q.text)).toEqual(['literature review and combined data analysis']);
    const text = (await inputOf(projectId, documentId)).text;
    expect(text.slice(undone.quotes[0].start, undone.quotes[0].end)).toBe(undone.quotes[0].text);
    const otherQuotes = (await db().doc(`projects/${projectId}/insights/${other.id}`).get()).get('quotes') as Quote[];
    expect(otherQuotes.map((q) => q.text)).toEqual(['too busy', 'road de-icing salt']);
  });
});

describe('renaming a speaker', () => {
  it('renames them in the interview and in every quote of theirs', async () => {
    const { projectId, documentId } = await readyProject('s1');
    await correctTranscript(db(), 's1', projectId, documentId, { transcriptVersion: 0, speakers: [{ from: 'User', to: '  Dr.  Rivera ' }] });
    const doc = (await interviewRef(db(), projectId, documentId).get()).data()!;
    expect(doc.speakers.map((s) => s.label)).toContain('Dr. Rivera');
    expect(doc.speakers.map((s) => s.label)).not.toContain('User');
    expect(doc).toMatchObject({ transcriptVersion: 1, rolesVersion: 1 });
    const quotes = await expectEveryQuoteVerbatim(projectId, documentId);
    expect(new Set(quotes.map((q) => q.speaker))).toEqual(new Set(['Dr. Rivera']));
    expect((await inputOf(projectId, documentId)).turns.filter((t) => t.speaker === 'Dr. Rivera').length).toBe(doc.speakers.find((s) => s.label === 'Dr. Rivera')!.turnCount);

    // Both at once: the participant merged into a new name, the interviewer renamed (two renames, no merge).
    await correctTranscript(db(), 's1', projectId, documentId, {
      transcriptVersion: 1,
      speakers: [
        { from: 'AI', to: 'Claude' },
        { from: 'Dr. Rivera', to: 'Dana Rivera' },
      ],
    });
    const renamed = (await interviewRef(db(), projectId, documentId).get()).data()!;
    expect(renamed.speakers.map((s) => [s.label, s.role, s.turnCount])).toEqual(doc.speakers.map((s) => [s.label === 'AI' ? 'Claude' : 'Dana Rivera', s.role, s.turnCount]));
    expect(renamed).toMatchObject({ transcriptVersion: 2, rolesVersion: 2 });
    expect(new Set((await expectEveryQuoteVerbatim(projectId, documentId)).map((q) => q.speaker))).toEqual(new Set(['Dana Rivera']));
  });
});

describe('a correction that cannot be made', () => {
  it('is refused with a sentence saying why, and nothing changes', async () => {
    const { projectId, documentId, input } = await readyProject('r1');
    const turn = turnWith(input, 'literature review');
    const correct = (body: object) => correctTranscript(db(), 'r1', projectId, documentId, body);
    const unchanged = async () => (await everyStoredQuote(projectId)).map((q) => `${q.where}:${q.start}:${q.text}`).sort();
    const before = await unchanged();

    await correct({ transcriptVersion: 0, turns: [{ index: turn.index, text: 'Corrected once.' }] });
    const after = await unchanged();
    // Made from the transcript before that correction (another tab).
    await expect(correct({ transcriptVersion: 0, turns: [{ index: turn.index, text: 'Corrected twice.' }] })).rejects.toMatchObject({
      kind: 'conflict',
      message: CORRECTION_MESSAGES.changedMeanwhile,
      details: { transcriptVersion: 1 },
    });
    expect(before).not.toEqual(after);
    expect(await unchanged()).toEqual(after);
    await expect(correct({ transcriptVersion: 1, turns: [{ index: turn.index, text: 'So I said\nAI: what?' }] })).rejects.toMatchObject({
      kind: 'invalid',
      message: CORRECTION_MESSAGES.labelInTurn(turn.index, 'AI'),
    });
    await expect(correct({ transcriptVersion: 1, turns: [{ index: turn.index, text: '  \n ' }] })).rejects.toThrow(CORRECTION_MESSAGES.emptyTurn(turn.index));
    await expect(correct({ transcriptVersion: 1, turns: [{ index: 9999, text: 'x' }] })).rejects.toThrow('There is no turn 10000 in this interview.');
    await expect(correct({ transcriptVersion: 1, speakers: [{ from: 'Nobody', to: 'X' }] })).rejects.toThrow('There is no speaker named Nobody in this interview.');
    await expect(correct({ transcriptVersion: 1, speakers: [{ from: 'User', to: 'Dr: X' }] })).rejects.toThrow(CORRECTION_MESSAGES.speakerNameColon);
    await expect(correct({ transcriptVersion: 1, speakers: [{ from: 'User', to: 'x'.repeat(81) }] })).rejects.toThrow(CORRECTION_MESSAGES.speakerNameTooLong);
    await expect(correct({ transcriptVersion: 1 })).rejects.toThrow(CORRECTION_MESSAGES.nothingToCorrect);
    await expect(correct({ turns: [{ index: turn.index, text: 'x' }] })).rejects.toThrow(CORRECTION_MESSAGES.versionNeeded);
    await expect(correctTranscript(db(), 'intruder', projectId, documentId, { transcriptVersion: 1, speakers: [{ from: 'User', to: 'X' }] })).rejects.toThrow(
      'This project does not exist or is not yours.',
    );

    // While the engine works on it.
    await interviewRef(db(), projectId, documentId).update({ status: 'analyzing' });
    await expect(correct({ transcriptVersion: 1, turns: [{ index: turn.index, text: 'Corrected twice.' }] })).rejects.toMatchObject({
      kind: 'conflict',
      message: CORRECTION_MESSAGES.analysing,
    });
    expect(await unchanged()).toEqual(after);
    expect((await interviewRef(db(), projectId, documentId).get()).get('transcriptVersion')).toBe(1);
  });
});
