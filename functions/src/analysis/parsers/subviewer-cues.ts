/**
 * `.sub` captions → cues. SubViewer: a timing line `00:00:01.000,00:00:06.520`, then text lines (`[br]` breaks a
 * line) up to a blank line; `[INFORMATION]`-style header lines are skipped. MicroDVD: `{start}{end}text|line 2`,
 * frame numbers converted to seconds only when the file states its frame rate (`{1}{1}23.976`).
 */
import type { Cue } from './caption-segments';
import { clockToSeconds } from './timestamps';

const SUBVIEWER_TIMING = /^\s*(\d{1,2}:\d{2}:\d{2}(?:[.,:]\d{1,3})?)\s*,\s*(\d{1,2}:\d{2}:\d{2}(?:[.,:]\d{1,3})?)\s*$/;
const MICRODVD = /^\s*\{(\d+)\}\{(\d*)\}(.*)$/;

export function isSubViewerTiming(line: string): boolean {
  return SUBVIEWER_TIMING.test(line);
}

export function isMicroDvdLine(line: string): boolean {
  return MICRODVD.test(line);
}

function subViewerSeconds(time: string): number | undefined {
  // SubViewer 1 writes hundredths after a third colon: 00:00:01:50.
  const normalised = time.replace(/^(\d{1,2}:\d{2}:\d{2}):(\d{1,3})$/, '$1.$2');
  return clockToSeconds(normalised) ?? undefined;
}

function readSubViewerCues(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | null = null;
  for (const line of lines) {
    const timing = SUBVIEWER_TIMING.exec(line);
    if (timing) {
      current = { lines: [] };
      const start = subViewerSeconds(timing[1]);
      if (start !== undefined) current.start = start;
      cues.push(current);
      continue;
    }
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (!current) continue; // header ([INFORMATION], [TITLE]…, [END INFORMATION], [SUBTITLE]) or stray text
    for (const part of line.split(/\[br\]/i)) current.lines.push({ text: part });
  }
  return cues;
}

function readMicroDvdCues(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  let fps: number | null = null;
  lines.forEach((line, index) => {
    const m = MICRODVD.exec(line);
    if (!m) return;
    const body = m[3];
    if (index === 0 && /^\d+(\.\d+)?$/.test(body.trim())) {
      fps = Number(body.trim()); // frame-rate declaration, not a caption
      return;
    }
    const text = body.replace(/\{[^}]*\}/g, ''); // {y:i} style codes
    const cue: Cue = { lines: text.split('|').map((part) => ({ text: part.replace(/^\//, '') })) };
    if (fps !== null && fps > 0) cue.start = Math.round((Number(m[1]) / fps) * 1000) / 1000;
    cues.push(cue);
  });
  return cues;
}

/** Parses `.sub` text (decoded, newline-normalised) into cues. */
export function readSubCaptions(text: string): Cue[] {
  const lines = text.split('\n');
  const firstContent = lines.find((line) => line.trim() !== '') ?? '';
  return isMicroDvdLine(firstContent) ? readMicroDvdCues(lines.filter((line) => line.trim() !== '')) : readSubViewerCues(lines);
}
