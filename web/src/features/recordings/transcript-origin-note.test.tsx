import type { TranscriptDocument } from '@verbatim/contract/project';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TranscriptOriginNote } from './transcript-origin-note';

const doc = (extra: Partial<TranscriptDocument>) => ({ ...extra }) as TranscriptDocument;
const shown = (d: TranscriptDocument, children?: string) => renderToStaticMarkup(<TranscriptOriginNote document={d}>{children}</TranscriptOriginNote>).replace(/<[^>]*>/g, ' ');

describe('how a transcript was made, on its page', () => {
  it('says a machine-made transcript was transcribed by Gemini and can be corrected, with the place for correcting it', () => {
    const text = shown(doc({ transcriptOrigin: 'machine' }), 'Correct the transcript');
    expect(text).toContain('Transcribed by Gemini from the recording: words and speaker names may be wrong.');
    expect(text).toContain('correct what was misheard');
    expect(text).toContain('Correct the transcript');
  });

  it('says a corrected one was corrected', () => {
    expect(shown(doc({ transcriptOrigin: 'machine', transcriptVersion: 2 }))).toContain('Transcribed by Gemini from the recording, and corrected since.');
  });

  it('says nothing of a transcript the researcher uploaded', () => {
    expect(shown(doc({}))).toBe('');
    expect(shown(doc({ transcriptOrigin: 'file' }))).toBe('');
  });
});
