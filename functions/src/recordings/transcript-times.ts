import type { Firestore } from 'firebase-admin/firestore';
import type { TranscriptPart } from '@verbatim/contract/transcript-parts';
import { transcriptCollection } from '../interviews/interview-refs';

/**
 * The last timestamp of an interview's stored transcript, in seconds (its turns' and time marks'), or null when the
 * transcript has none: then no recording can be synced to it. Reads the turns and marks parts only, not the text.
 */
export async function lastTranscriptSecond(db: Firestore, projectId: string, documentId: string): Promise<number | null> {
  const parts = await transcriptCollection(db, projectId, documentId).where('kind', 'in', ['turns', 'marks']).get();
  let last: number | null = null;
  const see = (ts: number | undefined) => {
    if (typeof ts === 'number' && Number.isFinite(ts)) last = last === null ? ts : Math.max(last, ts);
  };
  for (const doc of parts.docs) {
    const part = doc.data() as TranscriptPart;
    if (part.kind === 'turns') part.turns.forEach((turn) => see(turn.t));
    if (part.kind === 'marks') part.marks.forEach((mark) => see(mark.ts));
  }
  return last;
}
