import { COLLECTIONS } from '@verbatim/contract/constants';
import { transcriptPartFromData } from '@verbatim/contract/project-data';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import type { PlayableQuote } from '../../lib/quote-playback';
import { quoteClipBounds, type SecondsSpan } from '@verbatim/contract/quote-moments';

interface Times {
  turns: Turn[];
  timeMarks: TimeMark[];
}

/** An interview's turns and time marks, without its words (the parts that hold the times). */
async function readTimes(projectId: string, documentId: string): Promise<Times> {
  // Loaded on the first play: the modules that import this one (the upload queue) need no database until then.
  const [{ collection, getDocs, query, where }, { db }] = await Promise.all([import('firebase/firestore'), import('../../lib/firestore')]);
  const parts = collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId, COLLECTIONS.transcript);
  const snap = await getDocs(query(parts, where('kind', 'in', ['turns', 'marks'])));
  const read = snap.docs.map((d) => transcriptPartFromData(d.data())).filter((p): p is TranscriptPart => p !== null);
  const { turns, timeMarks } = joinTranscript(read, []);
  return { turns, timeMarks };
}

/**
 * When a quote of the project is said, from just before its first word to just after its last (a quote played on the
 * board plays its own words): its interview's times are read once, on the first play of one of its quotes.
 */
export function quoteSpans(projectId: string): (quote: PlayableQuote) => Promise<SecondsSpan | null> {
  const read = new Map<string, Promise<Times>>();
  return async (quote) => {
    let times = read.get(quote.documentId);
    if (!times) {
      times = readTimes(projectId, quote.documentId);
      read.set(quote.documentId, times);
      // A failed read is tried again on the next play.
      times.catch(() => read.delete(quote.documentId));
    }
    const { turns, timeMarks } = await times;
    return quoteClipBounds(quote, turns, timeMarks);
  };
}
