import type { TranscriptDocument } from '@verbatim/contract/project';
import type { ReactNode } from 'react';

/** What the transcript page says of a machine-made transcript; null for one the researcher uploaded. */
export function transcriptOriginSentence(doc: Pick<TranscriptDocument, 'transcriptOrigin' | 'transcriptVersion'>): string | null {
  if (doc.transcriptOrigin !== 'machine') return null;
  const corrected = (doc.transcriptVersion ?? 0) > 0;
  return corrected
    ? 'Transcribed by Gemini from the recording, and corrected since. Check any quote against the recording before you rely on it.'
    : 'Transcribed by Gemini from the recording: words and speaker names may be wrong. Listen to a passage and correct what was misheard.';
}

/**
 * Above a machine-made transcript: it was transcribed by Gemini and can be corrected. `children` is where the way
 * to correct it goes (editing a turn's words, renaming a speaker).
 */
export function TranscriptOriginNote({ document: doc, children }: { document: TranscriptDocument; children?: ReactNode }) {
  const sentence = transcriptOriginSentence(doc);
  if (!sentence) return null;
  return (
    <aside className="transcript-origin" aria-label="How this transcript was made" data-testid="transcript-origin">
      <p className="transcript-origin__text">{sentence}</p>
      {children && <div className="transcript-origin__actions">{children}</div>}
    </aside>
  );
}
