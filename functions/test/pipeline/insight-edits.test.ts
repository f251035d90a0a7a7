import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyser } from '../../src/analysis/local';
import { analyseInterview, loadAnalysisInput } from '../../src/analysis-runs/analyse-interview';
import { addQuote, createManualInsight, mergeInsights, unmergeInsight } from '../../src/insights/manual-insights';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview, updateInterview } from '../../src/interviews/interview-service';
import { reanalyseInterview } from '../../src/analysis-runs/reanalyse';
import { createProject } from '../../src/projects/project-service';
import { interviewRef } from '../../src/interviews/interview-refs';
import { ROLE_CHANGE_WHILE_ANALYSING_MESSAGE } from '@verbatim/contract/app-error';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();
const local = () => ({ analyser: createLocalAnalyser(), notes: [] });

async function readyInterview(uid: string, file: string) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
  const project = await createProject(db(), uid, 'Edits');
  const bytes = fixture(file);
  const { document } = await reserveInterview(db(), uid, project.id, { fileName: file, size: bytes.length });
  await ingestInterview(db(), { uid, projectId: project.id, documentId: document.id, bytes, fileName: file });
  await analyseInterview({ db: db(), chooseAnalyser: local }, project.id, document.id);
  const doc = (await interviewRef(db(), project.id, document.id).get()).data()!;
  const input = await loadAnalysisInput(db(), doc);
  return { projectId: project.id, documentId: document.id, input };
}

/** The offsets of a phrase inside the first turn of `speaker`. */
function passage(input: Awaited<ReturnType<typeof loadAnalysisInput>>, speaker: string, phrase: string) {
  const turn = input.turns.find((t) => t.speaker === speaker && input.text.slice(t.start, t.end).includes(phrase))!;
  const start = input.text.indexOf(phrase, turn.start);
  return { documentId: input.documentId, start, end: start + phrase.length };
}

beforeEach(async () => {
  await clearFirestore();
});

describe('manual insights from a selected passage', () => {
  it("creates an insight whose quote is the participant's own words at those offsets, an exact match", async () => {
    const { projectId, documentId, input } = await readyInterview('m1', '04_anthropic-interviewer_science_0012.txt');
    const selected = passage(input, 'User', 'literature review and combined data analysis');
    const insight = await createManualInsight(db(), 'm1', projectId, { title: 'Lit review plus analysis', tag: 'method', passage: selected });
    expect(insight.source).toBe('manual');
    expect(insight.quotes).toEqual([
      { text: 'literature review and combined data analysis', documentId, speaker: 'User', start: selected.start, end: selected.end, match: 'exact' },
    ]);
  });

  it("refuses the interviewer's words", async () => {
    const { projectId, input } = await readyInterview('m2', '04_anthropic-interviewer_science_0012.txt');
    const selected = passage(input, 'AI', "Let's dive right in.");
    await expect(createManualInsight(db(), 'm2', projectId, { title: 'Nope', passage: selected })).rejects.toThrow(
      "That passage is the interviewer's; only participants' words can be quoted.",
    );
  });

  it('refuses a passage that crosses speakers, and one of another owner', async () => {
    const { projectId, input } = await readyInterview('m3', '04_anthropic-interviewer_science_0012.txt');
    const user = input.turns.find((t) => t.speaker === 'User')!;
    const next = input.turns[input.turns.indexOf(user) + 1];
    await expect(
      createManualInsight(db(), 'm3', projectId, { title: 'Across', passage: { documentId: input.documentId, start: user.start, end: next.end } }),
    ).rejects.toThrow(/crosses speakers|interviewer/);
    await expect(
      createManualInsight(db(), 'intruder', projectId, { title: 'Mine', passage: passage(input, 'User', 'literature review') }),
    ).rejects.toThrow('This project does not exist or is not yours.');
  });

  it('adds a passage as a further quote, once', async () => {
    const { projectId, input } = await readyInterview('m4', '04_anthropic-interviewer_science_0012.txt');
    const first = await createManualInsight(db(), 'm4', projectId, { title: 'T', passage: passage(input, 'User', 'literature review') });
    const more = passage(input, 'User', 'road salt');
    const updated = await addQuote(db(), 'm4', projectId, first.id, more);
    expect(updated.quotes.map((q) => q.text)).toEqual(['literature review', 'road salt']);
    await expect(addQuote(db(), 'm4', projectId, first.id, more)).rejects.toThrow('This passage is already a quote of that insight.');
  });
});

describe('merging insights', () => {
  it('combines quotes with their sources, hides the merged ones, and undoes exactly', async () => {
    const { projectId } = await readyInterview('g1', '10_changelog_founders-talk-91.md');
    const all = (await db().collection(`projects/${projectId}/insights`).get()).docs.map((d) => ({ id: d.id, ...d.data() }));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const [a, b] = all as { id: string; quotes: { start: number }[] }[];
    const merged = await mergeInsights(db(), 'g1', projectId, [a.id, b.id]);
    expect(merged.quotes.length).toBe(new Set([...a.quotes, ...b.quotes].map((q) => q.start)).size);
    expect((await db().doc(`projects/${projectId}/insights/${b.id}`).get()).get('mergedInto')).toBe(a.id);

    const undone = await unmergeInsight(db(), 'g1', projectId, a.id);
    expect(undone.quotes).toEqual(a.quotes);
    expect((await db().doc(`projects/${projectId}/insights/${b.id}`).get()).get('mergedInto')).toBeNull();
  });

  it('edited and manual insights survive a re-analysis of their interview', async () => {
    const { projectId, documentId, input } = await readyInterview('g2', '10_changelog_founders-talk-91.md');
    const insights = await db().collection(`projects/${projectId}/insights`).get();
    const edited = insights.docs[0];
    await edited.ref.update({ title: 'My wording', editedAt: new Date() });
    const manual = await createManualInsight(db(), 'g2', projectId, { title: 'Mine', passage: passage(input, 'Jack Dorsey', 'the') });
    await interviewRef(db(), projectId, documentId).update({ status: 'parsed' });
    await analyseInterview({ db: db(), chooseAnalyser: local }, projectId, documentId);
    const after = await db().collection(`projects/${projectId}/insights`).get();
    expect(after.docs.find((d) => d.id === edited.id)?.get('title')).toBe('My wording');
    expect(after.docs.some((d) => d.id === manual.id)).toBe(true);
    // The engine's own insights were replaced, not duplicated: the edited one stands for its own.
    expect(after.size).toBe(insights.size + 1);
    const spans = after.docs.flatMap((d) => d.get('quotes').map((q: { start: number; end: number }) => `${q.start}:${q.end}`));
    expect(spans.filter((s) => edited.get('quotes').some((q: { start: number; end: number }) => `${q.start}:${q.end}` === s))).toHaveLength(
      edited.get('quotes').length,
    );
  });
});

describe('analysing an interview again', () => {
  it('a role change on an analysed interview re-runs the engine, charged like an upload', async () => {
    const { projectId, documentId } = await readyInterview('r1', '04_anthropic-interviewer_science_0012.txt');
    expect((await db().doc('users/r1').get()).get('creditsRemaining')).toBe(9);
    const result = await updateInterview(db(), 'r1', projectId, documentId, { speakers: [{ label: 'AI', role: 'participant' }], rolesVersion: 0 });
    expect(result.reanalysing).toBe(true);
    const doc = (await interviewRef(db(), projectId, documentId).get()).data();
    expect(doc?.status).toBe('parsed');
    expect(doc?.speakers.find((s) => s.label === 'AI')?.role).toBe('participant');
    expect((await db().doc('users/r1').get()).get('creditsRemaining')).toBe(8);
  });

  it('without credits, a role change is refused and nothing changes', async () => {
    const { projectId, documentId } = await readyInterview('r2', '04_anthropic-interviewer_science_0012.txt');
    await db().doc('users/r2').update({ creditsRemaining: 0 });
    await expect(updateInterview(db(), 'r2', projectId, documentId, { speakers: [{ label: 'AI', role: 'participant' }], rolesVersion: 0 })).rejects.toThrow(
      "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews.",
    );
    const doc = (await interviewRef(db(), projectId, documentId).get()).data();
    expect(doc?.status).toBe('ready');
    expect(doc?.speakers.find((s) => s.label === 'AI')?.role).toBe('interviewer');
  });

  it('a role change while the interview is waiting for or under analysis is refused (409), and roles and insights stay in step', async () => {
    const uid = 'r4';
    const now = new Date();
    await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
    const project = await createProject(db(), uid, 'Roles during analysis');
    const file = '04_anthropic-interviewer_science_0012.txt';
    const bytes = fixture(file);
    const { document } = await reserveInterview(db(), uid, project.id, { fileName: file, size: bytes.length });
    await ingestInterview(db(), { uid, projectId: project.id, documentId: document.id, bytes, fileName: file });
    const makeAIParticipant = () => updateInterview(db(), uid, project.id, document.id, { speakers: [{ label: 'AI', role: 'participant' }], rolesVersion: 0 });
    const roleOfAI = async () => (await interviewRef(db(), project.id, document.id).get()).data()?.speakers.find((s) => s.label === 'AI')?.role;

    // Parsed, waiting for the engine.
    await expect(makeAIParticipant()).rejects.toMatchObject({ kind: 'conflict', message: ROLE_CHANGE_WHILE_ANALYSING_MESSAGE });
    // Under analysis: an analyser held until the change has been tried.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const engine = createLocalAnalyser();
    const running = analyseInterview(
      { db: db(), chooseAnalyser: () => ({ analyser: { name: engine.name, analyse: async (input, progress) => (await held, engine.analyse(input, progress)) }, notes: [] }) },
      project.id,
      document.id,
    );
    await expect.poll(async () => (await interviewRef(db(), project.id, document.id).get()).get('status')).toBe('analyzing');
    await expect(makeAIParticipant()).rejects.toMatchObject({ kind: 'conflict', message: ROLE_CHANGE_WHILE_ANALYSING_MESSAGE });
    release();
    expect((await running).status).toBe('ready');
    expect(await roleOfAI()).toBe('interviewer');
    expect((await db().doc(`users/${uid}`).get()).get('creditsRemaining')).toBe(9);

    // Once ready, the same change runs the engine again, charged once.
    expect((await makeAIParticipant()).reanalysing).toBe(true);
    expect(await roleOfAI()).toBe('participant');
    expect((await db().doc(`users/${uid}`).get()).get('creditsRemaining')).toBe(8);
  });

  it('retry after an analysis failure; a parsing failure cannot be retried', async () => {
    const { projectId, documentId } = await readyInterview('r3', '04_anthropic-interviewer_science_0012.txt');
    await interviewRef(db(), projectId, documentId).update({ status: 'failed', errorCode: 'analysis-timeout' });
    await reanalyseInterview(db(), 'r3', projectId, documentId);
    expect((await interviewRef(db(), projectId, documentId).get()).get('status')).toBe('parsed');
    await interviewRef(db(), projectId, documentId).update({ status: 'failed', errorCode: 'corrupt' });
    await expect(reanalyseInterview(db(), 'r3', projectId, documentId)).rejects.toThrow('This interview is failed and cannot be analysed again now.');
  });
});
