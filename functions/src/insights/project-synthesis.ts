import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { synthesiseProject } from '../analysis/synthesis';
import { isVisibleInsight, type Insight, type TagGroup } from '../domain/insight';
import { logs } from '../lib/logs';
import { documentConverter } from '../projects/converters';
import { projectRef } from '../projects/refs';
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
 * Debounced, last-write-wins recompute of the project's synthesis. Each request stamps the
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

  const synthesis = await computeSynthesis(db, projectId);
  const written = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('synthesisToken') !== token) return false;
    tx.set(synthesisRef(db, projectId), { ...synthesis, generation, updatedAt: new Date() });
    return true;
  });
  if (!written) {
    logs.synthesisSuperseded(projectId, generation);
    return { status: 'superseded', generation };
  }
  logs.synthesisWritten(projectId, generation, synthesis.consolidatedInsights.length);
  return { status: 'written', generation };
}

async function computeSynthesis(db: Firestore, projectId: string) {
  const [docs, insights] = await Promise.all([
    projectRef(db, projectId).collection('documents').withConverter(documentConverter).where('status', '==', 'ready').get(),
    insightsCollection(db, projectId).get(),
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
  return { ...synthesiseProject(documents), documentCount: documents.length };
}
