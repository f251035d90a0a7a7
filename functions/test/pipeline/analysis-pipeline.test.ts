import { beforeEach, describe, expect, it } from 'vitest';
import { AnalysisError, type Analyser, type InterviewAnalysis } from '@verbatim/contract/insight';
import { analyseInterview } from '../../src/analysis-runs/analyse-interview';
import { requestSynthesis } from '../../src/analysis-runs/project-synthesis';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject, deleteProject } from '../../src/projects/project-service';
import type { FileStore } from '../../src/storage/file-store';
import { testRecordingStore } from '../support/recording-store';
import { createLocalAnalyser } from '../../src/analysis/local';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();

async function seedUser(uid: string, creditsRemaining = 10) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
}

/** A parsed interview, ready for the engine (without the trigger: the pipeline is called directly). */
async function parsedInterview(uid: string, projectId: string, file: string) {
  const bytes = fixture(file);
  const { document } = await reserveInterview(db(), uid, projectId, { fileName: file, size: bytes.length });
  const outcome = await ingestInterview(db(), { uid, projectId, documentId: document.id, bytes, fileName: file });
  expect(outcome.status).toBe('parsed');
  return document.id;
}

const fixedAnalyser = (analysis: InterviewAnalysis | Error): Analyser => ({
  name: 'gemini',
  async analyse() {
    if (analysis instanceof Error) throw analysis;
    return analysis;
  },
});

beforeEach(async () => {
  await clearFirestore();
});

describe('insight engine on a parsed interview', () => {
  it('writes anchored insights and marks the interview ready', async () => {
    await seedUser('r1');
    const project = await createProject(db(), 'r1', 'Engine');
    const documentId = await parsedInterview('r1', project.id, '10_changelog_founders-talk-91.md');
    const outcome = await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);
    expect(outcome.status).toBe('ready');

    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc?.status).toBe('ready');
    expect(doc?.analysis.analyser).toBe('local');
    const insights = (await db().collection(`projects/${project.id}/insights`).get()).docs.map((d) => d.data());
    expect(insights.length).toBe(doc?.analysis.insightCount);
    expect(insights.length).toBeGreaterThan(0);
    const parts = (await db().collection(`projects/${project.id}/documents/${documentId}/transcript`).get()).docs;
    const text = parts.filter((p) => p.get('kind') === 'text').sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
    for (const insight of insights) {
      expect(insight.documentId).toBe(documentId);
      for (const quote of insight.quotes) {
        expect(text.slice(quote.start, quote.end)).toBe(quote.text);
        expect(quote.speaker).toBe('Jack Dorsey');
      }
    }
  });

  it('drops invented, paraphrased and interviewer quotes and counts them', async () => {
    await seedUser('r2');
    const project = await createProject(db(), 'r2', 'Anchoring');
    const documentId = await parsedInterview('r2', project.id, '04_anthropic-interviewer_science_0012.txt');
    const analysis: InterviewAnalysis = {
      insights: [
        {
          title: 'Invented only',
          description: 'Should vanish',
          tag: 'invented',
          quotes: [{ text: 'I absolutely adore spreadsheets more than my own family.', speaker: 'User' }],
        },
        {
          title: 'Interviewer only',
          description: 'Should vanish too',
          tag: 'interviewer',
          quotes: [{ text: "Let's dive right in.", speaker: 'User' }],
        },
      ],
      groupedTags: [{ groupLabel: 'Noise', tags: [{ originalTag: 'invented', refinedTag: 'invented' }] }],
      notes: [],
    };
    const outcome = await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: fixedAnalyser(analysis), notes: [] }) }, project.id, documentId);
    expect(outcome.status).toBe('ready');
    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc?.analysis.quoteStats.proposed).toBe(2);
    expect(doc?.analysis.quoteStats.anchored).toBe(0);
    expect(doc?.analysis.quoteStats.droppedUnanchored).toBe(1);
    expect(doc?.analysis.quoteStats.droppedInterviewer).toBe(1);
    expect(doc?.analysis.quoteStats.droppedInsights).toBe(2);
    expect((await db().collection(`projects/${project.id}/insights`).get()).size).toBe(0);
  });

  it('a failure that is not the file\'s fault marks it failed and refunds the credit', async () => {
    await seedUser('r3');
    const project = await createProject(db(), 'r3', 'Refund');
    const documentId = await parsedInterview('r3', project.id, '04_anthropic-interviewer_science_0012.txt');
    expect((await db().doc('users/r3').get()).data()?.creditsRemaining).toBe(9);
    const outcome = await analyseInterview(
      { db: db(), chooseAnalyser: () => ({ analyser: fixedAnalyser(new AnalysisError('rate-limited', 'busy')), notes: [] }) },
      project.id,
      documentId,
    );
    expect(outcome).toMatchObject({ status: 'failed', code: 'rate-limited', refunded: true });
    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc).toMatchObject({
      status: 'failed',
      error: 'The AI service is busy right now. Your credit was returned; please try again in a few minutes.',
      creditSpent: false,
    });
    expect((await db().doc('users/r3').get()).data()?.creditsRemaining).toBe(10);
  });
});

describe('project synthesis', () => {
  it('ten requests at once: one recompute, by the newest request', async () => {
    await seedUser('s1');
    const project = await createProject(db(), 's1', 'Synthesis');
    const documentId = await parsedInterview('s1', project.id, '04_anthropic-interviewer_science_0012.txt');
    await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => requestSynthesis({ db: db(), debounceMs: 1000 }, project.id)));
    const written = outcomes.filter((o) => o.status === 'written').map((o) => o.generation);
    expect(written).toEqual([10]);
    const synthesis = (await db().doc(`projects/${project.id}/synthesis/current`).get()).data();
    expect(synthesis?.generation).toBe(10);
    expect(synthesis?.documentCount).toBe(1);
    expect(typeof synthesis?.summarySentence).toBe('string');
    expect(synthesis?.summarySentence.length).toBeGreaterThan(20);
  });

  it('a synthesis finishing while its project is being deleted writes nothing, and nothing of the project is left', async () => {
    await seedUser('s2');
    const project = await createProject(db(), 's2', 'Going away');
    const documentId = await parsedInterview('s2', project.id, '04_anthropic-interviewer_science_0012.txt');
    await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);

    // The deletion starts during the synthesis's wait and is held at its first step (the uploaded files).
    let releaseFiles = () => {};
    let filesReached = () => {};
    const held = new Promise<void>((resolve) => (releaseFiles = resolve));
    const reached = new Promise<void>((resolve) => (filesReached = resolve));
    const files: FileStore = {
      read: async () => Buffer.alloc(0),
      deletePrefix: async () => {
        filesReached();
        await held;
        return 0;
      },
    };
    let deletion: Promise<unknown> = Promise.resolve();
    const sleep = async () => {
      deletion = deleteProject(db(), files, 's2', project.id, testRecordingStore());
      await reached;
    };
    const outcome = await requestSynthesis({ db: db(), sleep }, project.id);
    expect(outcome.status).toBe('superseded');
    expect((await db().doc(`projects/${project.id}/synthesis/current`).get()).exists).toBe(false);
    expect((await db().doc(`projects/${project.id}/publicViews/summary`).get()).exists).toBe(false);

    releaseFiles();
    await deletion;
    expect((await db().doc(`projects/${project.id}`).get()).exists).toBe(false);
    expect(await db().doc(`projects/${project.id}`).listCollections()).toEqual([]);
  });

  it('a deletion whose files cannot be removed leaves the project as it was, synthesis included', async () => {
    await seedUser('s3');
    const project = await createProject(db(), 's3', 'Staying');
    const documentId = await parsedInterview('s3', project.id, '04_anthropic-interviewer_science_0012.txt');
    await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);
    const failing: FileStore = {
      read: async () => Buffer.alloc(0),
      deletePrefix: async () => {
        throw new Error('Storage is unavailable');
      },
    };
    await expect(deleteProject(db(), failing, 's3', project.id, testRecordingStore())).rejects.toThrow('Storage is unavailable');
    expect((await db().doc(`projects/${project.id}`).get()).get('deletingAt')).toBeUndefined();
    expect(await requestSynthesis({ db: db(), debounceMs: 0 }, project.id)).toMatchObject({ status: 'written' });
  });
});
