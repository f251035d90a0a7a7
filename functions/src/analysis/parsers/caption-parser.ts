/** Caption formats → speaker segments: WebVTT, SubRip (via WebVTT), SubViewer/MicroDVD. */
import type { CaptionFormat } from '@verbatim/contract/transcript-formats';
import { segmentCues, type CaptionSegments, type Cue } from './caption-segments';
import { splitCueSentences } from './caption-sentences';
import { readSubCaptions } from './subviewer-cues';
import { readWebVtt, readWebVttFromLines, srtToWebVttLines } from './webvtt-cues';

/** The file's cues; a cue whose time cannot be read is kept and named in `notes`. */
export function readCaptionCues(format: CaptionFormat, text: string, notes?: string[]): Cue[] {
  if (format === 'vtt') return readWebVtt(text, notes);
  if (format === 'srt') return readWebVttFromLines(srtToWebVttLines(text, notes), notes);
  return readSubCaptions(text);
}

/** `text` is the decoded, newline-normalised file. */
export function readCaptions(format: CaptionFormat, text: string): CaptionSegments {
  const notes: string[] = [];
  const captions = segmentCues(readCaptionCues(format, text, notes));
  const sentences = splitCueSentences(captions.segments);
  return { ...captions, notes: [...notes, ...captions.notes, ...(sentences ? [sentences] : [])] };
}
