/** Caption formats → speaker segments: WebVTT, SubRip (via WebVTT), SubViewer/MicroDVD. */
import type { TranscriptFormat } from '@verbatim/contract/transcript';
import { segmentCues, type CaptionSegments, type Cue } from './caption-segments';
import { readSubCaptions } from './subviewer-cues';
import { readWebVtt, readWebVttFromLines, srtToWebVttLines } from './webvtt-cues';

export type CaptionFormat = Extract<TranscriptFormat, 'vtt' | 'srt' | 'sub'>;

export function readCaptionCues(format: CaptionFormat, text: string): Cue[] {
  if (format === 'vtt') return readWebVtt(text);
  if (format === 'srt') return readWebVttFromLines(srtToWebVttLines(text));
  return readSubCaptions(text);
}

/** `text` is the decoded, newline-normalised file. */
export function readCaptions(format: CaptionFormat, text: string): CaptionSegments {
  return segmentCues(readCaptionCues(format, text));
}
