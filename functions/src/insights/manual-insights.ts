import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { anchorAnalysis } from '../analysis/anchoring';
import { AppError } from '@verbatim/contract/app-error';
import type { Insight, Quote } from '@verbatim/contract/insight';
import { createInsightBody, mergeInsightsBody, passageBody, requireBody, type PassageRequest } from '@verbatim/contract/request-bodies';
import { ownedInterview } from '../interviews/ownership';
import { ownedProject } from '../projects/ownership';
import { loadAnalysisInput } from '../analysis-runs/analyse-interview';
import { insightsCollection } from './refs';
import { interviewRef } from '../interviews/interview-refs';

/**
 * Turns a passage the researcher selected into a quote, anchored like any analyser's: it must be
 * the transcript's own text inside one participant's turn. The interviewer's words are refused.
 * Also says which version of the transcript it was anchored in (see `assertTranscriptUnchanged`).
 */
export async function anchorPassage(db: Firestore, uid: string, projectId: string, passage: PassageRequest): Promise<{ quote: Quote; transcriptVersion: number }> {
  const { start, end } = passage;
  const doc = await ownedInterview(db, uid, projectId, passage.documentId);
  if (doc.status !== 'ready' && doc.status !== 'parsed' && doc.status !== 'analyzing') {
    throw new AppError('conflict', 'This interview has no transcript to quote yet.');
  }
  const input = await loadAnalysisInput(db, doc);
  const selected = input.text.slice(start, end);
  if (selected.trim() === '') throw new AppError('invalid', 'Select some words of the transcript, not just spaces.');
  const result = anchorAnalysis(input, {
    insights: [{ title: '', description: '', tag: '', quotes: [{ text: selected.trim(), startHint: start }] }],
  });
  if (result.stats.droppedInterviewer > 0) {
    throw new AppError('invalid', "That passage is the interviewer's; only participants' words can be quoted.");
  }
  const quote = result.insights[0]?.quotes[0];
  if (!quote) throw new AppError('invalid', 'That passage crosses speakers or is not in the transcript; select words from one turn.');
  return { quote, transcriptVersion: doc.transcriptVersion ?? 0 };
}

/**
 * Inside the transaction that stores a new quote: refuses it (409) when the interview's transcript was corrected since
 * the quote was anchored in it, so a stored quote is always a span of the transcript as it now reads.
 */
async function assertTranscriptUnchanged(db: Firestore, tx: Transaction, projectId: string, quote: Quote, transcriptVersion: number): Promise<void> {
  const doc = (await tx.get(interviewRef(db, projectId, quote.documentId))).data();
  if (!doc) throw new AppError('not-found', 'This interview does not exist.');
  if ((doc.transcriptVersion ?? 0) !== transcriptVersion) throw new AppError('conflict', TRANSCRIPT_CORRECTED_MEANWHILE);
}

const TRANSCRIPT_CORRECTED_MEANWHILE = 'This transcript was corrected meanwhile (in another tab or window), so its words moved. Select the passage again.';

/** A researcher's own insight, from a selected passage. */
export async function createManualInsight(
  db: Firestore,
  uid: string,
  projectId: string,
  body: unknown,
): Promise<Insight> {
  await ownedProject(db, uid, projectId);
  const { title, description, tag, theme, passage } = requireBody(createInsightBody, body);
  const { quote, transcriptVersion } = await anchorPassage(db, uid, projectId, passage);
  const ref = insightsCollection(db, projectId).doc();
  const now = new Date();
  const insight: Insight = {
    id: ref.id,
    title,
    description,
    tag,
    documentId: quote.documentId,
    quotes: [quote],
    source: 'manual',
    createdAt: now,
    theme,
    editedAt: now,
    deletedAt: null,
    mergedInto: null,
    mergedFrom: [],
  };
  await db.runTransaction(async (tx) => {
    await assertTranscriptUnchanged(db, tx, projectId, quote, transcriptVersion);
    tx.set(ref, insight);
  });
  return insight;
}

async function ownedInsight(db: Firestore, uid: string, projectId: string, insightId: unknown) {
  await ownedProject(db, uid, projectId);
  if (typeof insightId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(insightId)) throw new AppError('not-found', 'No such insight.');
  const ref = insightsCollection(db, projectId).doc(insightId);
  const insight = (await ref.get()).data();
  if (!insight) throw new AppError('not-found', 'No such insight.');
  return { ref, insight };
}

/** Adds a selected passage to an insight as one more supporting quote. */
export async function addQuote(db: Firestore, uid: string, projectId: string, insightId: string, passage: unknown): Promise<Insight> {
  const { ref } = await ownedInsight(db, uid, projectId, insightId);
  const { quote, transcriptVersion } = await anchorPassage(db, uid, projectId, requireBody(passageBody, passage));
  // Read again beside the interview: a correction meanwhile may have moved its quotes.
  return db.runTransaction(async (tx) => {
    const insight = (await tx.get(ref)).data();
    await assertTranscriptUnchanged(db, tx, projectId, quote, transcriptVersion);
    if (!insight) throw new AppError('not-found', 'No such insight.');
    if (insight.quotes.some((q) => q.documentId === quote.documentId && q.start === quote.start && q.end === quote.end)) {
      throw new AppError('conflict', 'This passage is already a quote of that insight.');
    }
    const quotes = [...insight.quotes, quote];
    const editedAt = new Date();
    tx.update(ref, { quotes, editedAt, quotesRemovedAt: null });
    return { ...insight, quotes, editedAt, quotesRemovedAt: null };
  });
}

/**
 * Merges insights into the first: quotes combined (each keeps its own source), the others hidden
 * with `mergedInto`. The target remembers its quotes from before, so the merge can be undone.
 */
export async function mergeInsights(db: Firestore, uid: string, projectId: string, ids: unknown): Promise<Insight> {
  const { insightIds } = requireBody(mergeInsightsBody, { insightIds: ids });
  const found = await Promise.all(insightIds.map((id) => ownedInsight(db, uid, projectId, id)));
  // Read again in the transaction that writes them: a correction meanwhile may have moved their quotes.
  return db.runTransaction(async (tx) => {
    const snaps = await tx.getAll(...found.map(({ ref }) => ref));
    const loaded = snaps.map((snap, i) => ({ ref: found[i].ref, insight: snap.data() ?? found[i].insight }));
    return mergeLoaded(tx, loaded);
  });
}

type LoadedInsight = Awaited<ReturnType<typeof ownedInsight>>;

function mergeLoaded(tx: Transaction, loaded: LoadedInsight[]): Insight {
  if (loaded.some(({ insight }) => insight.deletedAt || insight.mergedInto)) {
    throw new AppError('conflict', 'One of these insights was deleted or merged already.');
  }
  const [target, ...others] = loaded;
  const seen = new Set<string>();
  const quotes = loaded
    .flatMap(({ insight }) => insight.quotes)
    .filter((q) => {
      const key = `${q.documentId}:${q.start}:${q.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const mergedFrom = [...(target.insight.mergedFrom ?? []), ...others.map(({ insight }) => insight.id)];
  const lastMerge: MergeUndo = { from: others.map(({ insight }) => insight.id), quotesBefore: target.insight.quotes };
  const now = new Date();
  const quotesRemovedAt = quotes.length > 0 ? null : (target.insight.quotesRemovedAt ?? null);
  tx.update(target.ref, { quotes, mergedFrom, lastMerge, editedAt: now, quotesRemovedAt });
  for (const { ref } of others) tx.update(ref, { mergedInto: target.insight.id, editedAt: now });
  return { ...target.insight, quotes, mergedFrom, editedAt: now, quotesRemovedAt };
}

interface MergeUndo {
  from: string[];
  quotesBefore: Quote[];
}

/** Undoes the latest merge into an insight: the merged insights come back, its quotes are as before. */
export async function unmergeInsight(db: Firestore, uid: string, projectId: string, targetId: string): Promise<Insight> {
  const { ref, insight } = await ownedInsight(db, uid, projectId, targetId);
  const now = new Date();
  return db.runTransaction(async (tx) => {
    const lastMerge = (await tx.get(ref)).get('lastMerge') as MergeUndo | null | undefined;
    if (!lastMerge) throw new AppError('conflict', 'This insight has no merge to undo.');
    const sources = lastMerge.from.map((id) => insightsCollection(db, projectId).doc(id));
    const snaps = await Promise.all(sources.map((s) => tx.get(s)));
    for (const snap of snaps) if (snap.data()?.mergedInto === targetId) tx.update(snap.ref, { mergedInto: null, editedAt: now });
    const mergedFrom = (insight.mergedFrom ?? []).filter((id) => !lastMerge.from.includes(id));
    tx.update(ref, { quotes: lastMerge.quotesBefore, mergedFrom, lastMerge: null, editedAt: now });
    return { ...insight, quotes: lastMerge.quotesBefore, mergedFrom, editedAt: now };
  });
}
