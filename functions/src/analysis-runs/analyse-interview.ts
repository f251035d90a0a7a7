import type { Firestore } from 'firebase-admin/firestore';
import { anchorAnalysis } from '../analysis/anchoring';
import { AnalysisError, isResearcherOwned, type Analyser, type AnalysisInput, type Insight, type TokenUsage } from '@verbatim/contract/insight';
import type { InterviewAnalysisSummary, ProjectSettings, Interview } from '@verbatim/contract/project';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { applyTransition, writeTransition, type InterviewKey } from '../interviews/apply-transition';
import { transition } from '../interviews/lifecycle';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { interviewRef, transcriptCollection } from '../interviews/interview-refs';
import { insightsCollection } from '../insights/refs';
import { addUsage, noUsage, usageBeyond, usageSpentBefore } from '../analysis/gemini';
import { FAILURE_MESSAGES } from '../analysis/gemini-failure-messages';
import { ceilingReached, recordGeminiUsage, type UsageScope } from './gemini-usage';
import { ALLOWANCE_MESSAGES } from '@verbatim/contract/allowance-messages';

/** Picks the analyser a project asked for; notes say when it had to fall back. */
export type AnalyserChoice = (settings: ProjectSettings) => { analyser: Analyser; notes: string[] };

export interface AnalyseDeps {
  db: Firestore;
  chooseAnalyser: AnalyserChoice;
  /** Gemini tokens a project may use per month (default: none checked). */
  tokenCeiling?: number;
  /** Gemini tokens an account may use per month over all its projects (default: none checked). */
  accountTokenCeiling?: number;
  now?: () => Date;
  /** The run's deadline (epoch ms), from the time its function has left: every Gemini call and retry ends by it. */
  deadlineAtMs?: number;
}

export type AnalyseOutcome =
  | { status: 'ready'; insightCount: number; summary: InterviewAnalysisSummary }
  | { status: 'failed'; code: string; message: string; refunded: boolean }
  | { status: 'skipped'; message: string };

/**
 * Runs the insight engine on one parsed interview: status `analyzing` with progress, the chosen
 * analyser proposes, every quote is anchored against the stored text (unanchored and interviewer
 * quotes are dropped and counted), insights are written, status `ready`. A failure that is not
 * the file's fault marks the interview `failed` and refunds its credit.
 */
export async function analyseInterview(deps: AnalyseDeps, projectId: string, documentId: string): Promise<AnalyseOutcome> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const docRef = interviewRef(db, projectId, documentId);

  const claimed = await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    if (!doc) return null;
    const started = await applyTransition(db, tx, keyOf(doc), doc, { type: 'start-analysis' }, now());
    return started ? doc : null;
  });
  if (!claimed) return { status: 'skipped', message: 'The interview is not waiting for analysis.' };

  try {
    const project = (await projectRef(db, projectId).get()).data();
    if (!project) return { status: 'skipped', message: 'The project no longer exists.' };
    const input = await loadAnalysisInput(db, claimed);
    const { analyser, notes: choiceNotes } = deps.chooseAnalyser(project.settings);
    const scope: UsageScope = { ownerId: project.ownerId, projectId };
    if (analyser.name === 'gemini') {
      const reached = await ceilingReached(db, scope, { project: deps.tokenCeiling, account: deps.accountTokenCeiling }, now());
      if (reached === 'account') throw new AnalysisError('account-token-ceiling', 'The account reached its monthly Gemini token ceiling.');
      if (reached === 'project') throw new AnalysisError('token-ceiling', 'The project reached its monthly Gemini token ceiling.');
    }
    const record = async (usage: TokenUsage | null | undefined) => {
      if (analyser.name !== 'gemini' || !usage) return;
      await recordGeminiUsage(db, scope, 'analysis', usage, now()).catch((err) => logs.usageNotRecorded(projectId, err));
    };
    // Each call is recorded as soon as it is settled, so a run its function stops later has recorded what it spent;
    // what the analyser reports at its end beyond that (nothing, for Gemini's) is recorded then.
    const live = noUsage();
    let recording: Promise<void> = Promise.resolve();
    const onSpent = (spent: TokenUsage) => {
      addUsage(live, spent);
      recording = recording.then(() => record(spent));
    };
    const beyondLive = (usage: TokenUsage | null | undefined) => (usage ? usageBeyond(usage, live) : null);

    let lastWrite = 0;
    const analysis = await analyser
      .analyse(input, ({ done, total }) => {
        const t = Date.now();
        if (t - lastWrite < 500 || total === 0) return;
        lastWrite = t;
        void docRef.update({ progress: Math.min(0.95, done / total) }).catch(() => undefined);
      }, { onSpent, ...(deps.deadlineAtMs === undefined ? {} : { deadlineAtMs: deps.deadlineAtMs }) })
      .catch(async (error: unknown) => {
        // A failed analysis still cost its calls, and the tokens of every answer it got.
        await recording;
        await record(beyondLive(usageSpentBefore(error)));
        throw error;
      });
    await recording;
    await record(beyondLive(analysis.usage));
    const anchored = anchorAnalysis(input, analysis);
    const createdAt = now();
    const insights: Insight[] = anchored.insights.map((insight) => ({
      ...insight,
      id: '',
      documentId,
      source: analyser.name,
      createdAt,
    }));
    const summary: InterviewAnalysisSummary = {
      analyser: analyser.name,
      model: analyser.model ?? null,
      groupedTags: analysis.groupedTags,
      quoteStats: anchored.stats,
      insightCount: insights.length,
      notes: [...choiceNotes, ...analysis.notes],
      usage: analysis.usage ?? null,
      completedAt: createdAt,
    };
    const written = await writeInsights(db, projectId, documentId, insights, summary, createdAt);
    if (!written) return { status: 'skipped', message: 'The interview was removed during its analysis.' };
    logs.interviewAnalysed(documentId, analyser.name, insights.length, anchored.stats);
    return { status: 'ready', insightCount: insights.length, summary };
  } catch (err) {
    const code = err instanceof AnalysisError ? err.code : 'internal';
    const message =
      code === 'account-token-ceiling'
        ? ALLOWANCE_MESSAGES.analysis('account', deps.accountTokenCeiling ?? 0, now())
        : code === 'token-ceiling'
          ? ALLOWANCE_MESSAGES.analysis('project', deps.tokenCeiling ?? 0, now())
          : FAILURE_MESSAGES[code];
    logs.analysisFailed(documentId, code, err);
    const refunded = await db
      .runTransaction(async (tx) => {
        const doc = (await tx.get(docRef)).data();
        if (!doc) return false;
        const failed = await applyTransition(db, tx, keyOf(doc), doc, { type: 'fail-analysis', code: `analysis-${code}`, message }, now());
        return failed?.refund ?? false;
      })
      .catch(() => false);
    return { status: 'failed', code, message, refunded };
  }
}

export async function loadAnalysisInput(db: Firestore, doc: Interview): Promise<AnalysisInput> {
  const parts = await transcriptCollection(db, doc.projectId, doc.id).get();
  const content = joinTranscript(
    parts.docs.map((p) => p.data() as TranscriptPart),
    doc.speakers.map((s) => s.label),
  );
  return {
    documentId: doc.id,
    documentName: doc.name,
    text: content.text,
    turns: content.turns,
    timeMarks: content.timeMarks,
    speakers: doc.speakers,
    language: doc.language,
  };
}

/**
 * Replaces the interview's insights and marks it ready in one transaction, so readers never see a
 * ready interview with half its insights (a re-analysis replaces the old ones).
 *
 * The previous insights are found by a query before the transaction and read again by reference inside
 * it (so an edit made meanwhile is seen). A query inside the transaction would lock its whole range: on
 * the emulator every project's insights, so analyses of unrelated projects made each other wait and retry
 * (ten at once: up to 13 s and four attempts). An insight added meanwhile is the researcher's own (this
 * analysis holds the interview's claim), and the researcher's own insights are kept anyway.
 */
async function writeInsights(
  db: Firestore,
  projectId: string,
  documentId: string,
  insights: Insight[],
  summary: InterviewAnalysisSummary,
  at: Date,
): Promise<boolean> {
  const collection = insightsCollection(db, projectId);
  const docRef = interviewRef(db, projectId, documentId);
  const previousRefs = (await collection.where('documentId', '==', documentId).get()).docs.map((d) => d.ref);
  return db.runTransaction(async (tx) => {
    const [docSnap, previousSnaps] = await Promise.all([tx.get(docRef), previousRefs.length > 0 ? tx.getAll(...previousRefs) : []]);
    const doc = docSnap.data();
    const ready = doc && transition(doc, { type: 'finish-analysis', analysis: summary }, at);
    if (!doc || !ready || !ready.allowed) return false;
    const previous = previousSnaps.flatMap((snap) => {
      const insight = snap.data();
      return insight ? [{ ref: snap.ref, insight }] : [];
    });
    // A re-analysis replaces the engine's insights; the researcher's own and edited ones stay,
    // and a new insight quoting a passage a kept one already quotes is not added again.
    const kept = previous.filter((p) => isResearcherOwned(p.insight));
    previous.filter((p) => !isResearcherOwned(p.insight)).forEach((p) => tx.delete(p.ref));
    const keptSpans = new Set(kept.flatMap((p) => p.insight.quotes.map(spanKey)));
    for (const insight of insights) {
      if (insight.quotes.some((q) => keptSpans.has(spanKey(q)))) continue;
      tx.set(collection.doc(), insight);
    }
    writeTransition(db, tx, keyOf(doc), ready.transition, at);
    return true;
  });
}

const spanKey = (q: { documentId: string; start: number; end: number }) => `${q.documentId}:${q.start}:${q.end}`;

const keyOf = (doc: Interview): InterviewKey => ({ projectId: doc.projectId, documentId: doc.id, ownerId: doc.ownerId });
