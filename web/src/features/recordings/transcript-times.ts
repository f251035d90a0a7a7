import { COLLECTIONS } from '@verbatim/contract/constants';
import { transcriptPartFromData } from '@verbatim/contract/project-data';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import type { PlayableQuote } from '../../lib/quote-playback';
import type { SecondsSpan } from '@verbatim/contract/quote-moments';
import { quotePlaySpan } from './recording-moments';

interface Times {
  text: string;
  turns: Turn[];
  timeMarks: TimeMark[];
}

/** An interview's words, turns and time marks (the words place a quote's pauses at its sentence and clause ends). */
async function readTimes(projectId: string, documentId: string, speakers: readonly string[]): Promise<Times> {
  // Loaded on the first play: the modules that import this one (the upload queue) need no database until then.
  const [{ collection, getDocs }, { db }] = await Promise.all([import('firebase/firestore'), import('../../lib/firestore')]);
  const parts = collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId, COLLECTIONS.transcript);
  const snap = await getDocs(parts);
  const read = snap.docs.map((d) => transcriptPartFromData(d.data())).filter((p): p is TranscriptPart => p !== null);
  // With its speakers' labels: each speaker's words are placed at their own pace.
  return joinTranscript(read, speakers);
}

/**
 * When a quote of the project is said, from just before its first word to just after its last (a quote played on the
 * board plays its own words): its interview's times are read once, on the first play of one of its quotes.
 */
export function quoteSpans(projectId: string, interviewOf: (documentId: string) => { duration?: number; speakers: readonly string[] }): (quote: PlayableQuote) => Promise<SecondsSpan | null> {
  const read = new Map<string, Promise<Times>>();
  return async (quote) => {
    let times = read.get(quote.documentId);
    if (!times) {
      times = readTimes(projectId, quote.documentId, interviewOf(quote.documentId).speakers);
      read.set(quote.documentId, times);
      // A failed read is tried again on the next play.
      times.catch(() => read.delete(quote.documentId));
    }
    const { text, turns, timeMarks } = await times;
    return quotePlaySpan(quote, turns, timeMarks, { text, duration: interviewOf(quote.documentId).duration });
  };
}
