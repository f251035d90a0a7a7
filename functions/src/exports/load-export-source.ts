import type { Firestore } from 'firebase-admin/firestore';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { insightsCollection, synthesisRef } from '../insights/refs';
import { ownedProject } from '../projects/ownership';
import { transcriptCollection } from '../interviews/interview-refs';
import type { ExportSource } from './export-model';
import { interviewsCollection } from '../interviews/interview-refs';

/** Interviews whose transcript an export cites (the others are listed by the model as absent). */
const WITH_TEXT = new Set(['parsed', 'analyzing', 'ready']);

/**
 * Everything an export of `projectId` needs, read at once for its owner: the project, its interviews with their
 * transcripts (read in parallel), its insights and its synthesis. Not the owner → not-found.
 */
export async function loadExportSource(db: Firestore, uid: string, projectId: string, now = new Date()): Promise<ExportSource> {
  const project = await ownedProject(db, uid, projectId);
  const [documents, insights, synthesis] = await Promise.all([
    interviewsCollection(db, projectId).get(),
    insightsCollection(db, projectId).get(),
    synthesisRef(db, projectId).get(),
  ]);
  const withText = await Promise.all(
    documents.docs.map(async (snapshot) => {
      const doc = snapshot.data();
      if (!WITH_TEXT.has(doc.status)) return { doc, text: '' };
      const parts = await transcriptCollection(db, projectId, doc.id).get();
      const content = joinTranscript(
        parts.docs.map((p) => p.data() as TranscriptPart),
        doc.speakers.map((s) => s.label),
      );
      return { doc, text: content.text };
    }),
  );
  return {
    project: { id: project.id, name: project.name, createdAt: project.createdAt },
    documents: withText,
    insights: insights.docs.map((d) => d.data()),
    synthesis: synthesis.data() ?? null,
    generatedAt: now,
  };
}
