import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { adminDb } from '../../functions/test/support/admin';

export interface StoredQuote {
  text: string;
  documentId: string;
  speaker: string;
  start: number;
  end: number;
  ts?: number;
}

export interface StoredInsight {
  id: string;
  title: string;
  documentId: string;
  quotes: StoredQuote[];
}

/** A project's insights as the server stored them (admin read). */
export async function storedInsights(projectId: string): Promise<StoredInsight[]> {
  const snap = await adminDb().collection(`projects/${projectId}/insights`).get();
  return snap.docs.map((d) => ({ id: d.id, title: d.get('title'), documentId: d.get('documentId'), quotes: d.get('quotes') ?? [] }));
}

/** One interview's stored text and turns, joined from its transcript parts. */
export async function storedTranscript(projectId: string, documentId: string) {
  const doc = await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get();
  const labels = ((doc.get('speakers') ?? []) as { label: string }[]).map((s) => s.label);
  const parts = (await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).get()).docs.map((d) => d.data() as TranscriptPart);
  return joinTranscript(parts, labels);
}

/** A project's stored analysis settings. */
export async function storedSettings(projectId: string): Promise<{ analyser: string; redactPii: boolean }> {
  return (await adminDb().doc(`projects/${projectId}`).get()).get('settings');
}
