import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { loadWordVectors } from '../analysis/meaning';
import { synthesiseProject } from '../analysis/synthesis';
import { isVisibleInsight, type Insight, type TagGroup } from '../domain/insight';
import { logs } from '../lib/logs';
import { documentConverter } from '../projects/converters';
import { projectRef } from '../projects/refs';
import { buildInterviewsView, buildSummaryView } from '../share/public-views';
import { gzipView, publicViewRef } from '../share/public-view-store';
import { insightsCollection, synthesisRef } from './refs';

export interface SynthesisDeps {
  db: Firestore;
  /** How long to wait for more changes before recomputing. */
  debounceMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type SynthesisOutcome = { status: 'written'; generation: number } | { status: 'superseded'; generation: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Debounced, last-write-wins recompute of the project's synthesis and its public views. Each request stamps the
 * project with its own token (a blind write: no transaction, so requests never contend); after a
 * short wait only the request whose token is still there computes, and its result is written only
 * if no newer request arrived meanwhile. Ten uploads finishing together cause one recompute, and
 * an older result never overwrites a newer one.
 */
export async function requestSynthesis(deps: SynthesisDeps, projectId: string): Promise<SynthesisOutcome> {
  const { db } = deps;
  const ref = projectRef(db, projectId);
  const token = randomUUID();
  try {
    await ref.update({ synthesisToken: token, synthesisRequested: FieldValue.increment(1) });
  } catch {
    return { status: 'superseded', generation: 0 }; // the project is gone
  }

  await (deps.sleep ?? defaultSleep)(deps.debounceMs ?? 1500);
  const current = await ref.get();
  const generation = (current.get('synthesisRequested') as number | undefined) ?? 0;
  if (current.get('synthesisToken') !== token) {
    logs.synthesisSuperseded(projectId, generation);
    return { status: 'superseded', generation };
  }

  const { synthesis, views } = await computeSynthesis(db, projectId);
  const gzipped = { summary: gzipView(views.summary), interviews: gzipView(views.interviews) };
  const written = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('synthesisToken') !== token) return false;
    const updatedAt = new Date();
    tx.set(synthesisRef(db, projectId), { ...synthesis, generation, updatedAt });
    tx.set(publicViewRef(db, projectId, 'summary'), { gzip: gzipped.summary, bytes: gzipped.summary.length, generation, updatedAt });
    tx.set(publicViewRef(db, projectId, 'interviews'), { gzip: gzipped.interviews, bytes: gzipped.interviews.length, generation, updatedAt });
    return true;
  });
  if (!written) {
    logs.synthesisSuperseded(projectId, generation);
    return { status: 'superseded', generation };
  }
  logs.synthesisWritten(projectId, generation, synthesis.consolidatedInsights.length);
  return { status: 'written', generation };
}

/** The project's synthesis and its two public views, from its ready interviews' visible insights. */
async function computeSynthesis(db: Firestore, projectId: string) {
  const [project, docs, insights, vectors] = await Promise.all([
    projectRef(db, projectId).get(),
    projectRef(db, projectId).collection('documents').withConverter(documentConverter).where('status', '==', 'ready').get(),
    insightsCollection(db, projectId).get(),
    loadWordVectors(),
  ]);
  const byDocument = new Map<string, { documentId: string; documentName: string; insights: Insight[]; groupedTags: TagGroup[] }>(
    docs.docs.map((d) => {
      const doc = d.data();
      return [d.id, { documentId: d.id, documentName: doc.name, insights: [], groupedTags: doc.analysis?.groupedTags ?? [] }];
    }),
  );
  for (const snap of insights.docs) {
    const insight = snap.data();
    if (!isVisibleInsight(insight)) continue;
    byDocument.get(insight.documentId)?.insights.push(insight);
  }
  const documents = [...byDocument.values()].sort(
    (a, b) => a.documentName.localeCompare(b.documentName) || a.documentId.localeCompare(b.documentId),
  );
  const synthesis = synthesiseProject(documents, { vectors });
  const projectName = project.data()?.name ?? '';
  const publicDocuments = documents.map((d) => ({ id: d.documentId, name: d.documentName }));
  const views = {
    summary: buildSummaryView(projectName, synthesis, publicDocuments),
    interviews: buildInterviewsView(
      projectName,
      documents.flatMap((d) => d.insights),
      documents.map((d) => d.groupedTags),
      publicDocuments,
    ),
  };
  return { synthesis: { ...synthesis, documentCount: documents.length }, views };
}
