import type { Firestore } from 'firebase-admin/firestore';
import type { Interview } from '@verbatim/contract/project';
import { joinTranscript, type TranscriptContent, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { transcriptCollection } from './interview-refs';

/** The interview's transcript as stored now: its text, turns (with its speakers' labels) and time marks. */
export async function interviewTranscript(db: Firestore, doc: Pick<Interview, 'projectId' | 'id' | 'speakers'>): Promise<TranscriptContent> {
  const parts = await transcriptCollection(db, doc.projectId, doc.id).get();
  return joinTranscript(
    parts.docs.map((d) => d.data() as TranscriptPart),
    doc.speakers.map((s) => s.label),
  );
}
