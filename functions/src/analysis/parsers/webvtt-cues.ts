/**
 * WebVTT (and SRT, converted first) → cues, read by webvtt-reader.ts (webvtt-parser's parsing in linear time).
 *
 * Pre-passes (see TOOLCHAIN.md): zero-pad timings written like Teams does (`0:0:0.570`); for SRT, prepend `WEBVTT`,
 * use `.` for milliseconds, drop anything after the end time, and separate cues that lack a blank line.
 * The parser drops the header (`Kind:`, `Language:`), NOTE and STYLE blocks and cue settings (`align:`, `position:`);
 * the cue tree walk drops inline word timestamps and formatting tags and reads `<v Name>` voices.
 */
import type { WebVTTNode } from 'webvtt-parser';
import { ParseError } from '@verbatim/contract/transcript';
import type { Cue, CueLine } from './caption-segments';
import { webvttEntityTable } from './html-entities';
import { roundMs } from './timestamps';
import { readWebVttLines } from './webvtt-reader';

const TIME = /(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?/;
const WHOLE_TIME = new RegExp(`^${TIME.source}$`);
const TIMING_LINE = new RegExp(String.raw`^\s*(${TIME.source})\s*-->\s*(${TIME.source})(.*)$`);

function padTime(time: string): string {
  const m = WHOLE_TIME.exec(time.trim());
  if (!m) return time;
  const [, h, mi, s, frac] = m;
  return `${(h ?? '0').padStart(2, '0')}:${mi.padStart(2, '0')}:${s.padStart(2, '0')}.${(frac ?? '0').padEnd(3, '0')}`;
}

/** Rewrites timing lines into strict WebVTT form; `keepSettings` keeps cue settings (VTT) or drops them (SRT). */
function normalizeTimingLines(lines: string[], keepSettings: boolean): string[] {
  return lines.map((line) => {
    const m = line.includes('-->') ? TIMING_LINE.exec(line) : null;
    if (!m) return line;
    const start = m[1];
    const end = m[6];
    const settings = m[11] ?? '';
    return `${padTime(start)} --> ${padTime(end)}${keepSettings ? settings : ''}`;
  });
}

export function isTimingLine(line: string): boolean {
  return line.includes('-->') && TIMING_LINE.test(line);
}

/** SRT → WebVTT text. */
export function srtToWebVtt(srt: string): string {
  const lines = normalizeTimingLines(srt.split('\n'), false);
  const isCueNumber = (index: number) => /^\s*\d+\s*$/.test(lines[index] ?? '') && isTimingLine(lines[index + 1] ?? '');
  const out: string[] = ['WEBVTT', ''];
  const ensureBlank = () => {
    if (out[out.length - 1].trim() !== '') out.push('');
  };
  lines.forEach((line, index) => {
    // A cue (its number, or its timing line when unnumbered) must follow a blank line.
    if (isCueNumber(index) || (isTimingLine(line) && !isCueNumber(index - 1))) ensureBlank();
    // SSA override tags ({\an8}) are formatting, not words.
    out.push(line.replace(/\{\\[^}]*\}/g, ''));
  });
  return out.join('\n');
}

interface Run {
  text: string;
  voice?: string;
}

function walk(nodes: readonly WebVTTNode[], voice: string | undefined, runs: Run[], flags: { wordTimed: boolean }): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      if (typeof node.value === 'string') runs.push(voice === undefined ? { text: node.value } : { text: node.value, voice });
    } else if (node.type === 'timestamp') {
      flags.wordTimed = true;
    } else if (node.name === 'rt') {
      // ruby annotations (pronunciation) are not spoken words
    } else {
      const inner = node.name === 'v' && typeof node.value === 'string' && node.value.trim() ? node.value.trim() : voice;
      walk(node.children ?? [], inner, runs, flags);
    }
  }
}

function runsToLines(runs: readonly Run[]): CueLine[] {
  const lines: CueLine[] = [];
  let current: CueLine = { text: '' };
  const flush = () => {
    if (current.text.trim().length > 0) lines.push(current);
  };
  for (const run of runs) {
    if (run.voice !== current.voice && current.text.trim().length > 0) {
      flush();
      current = { text: '' };
    }
    if (run.voice !== undefined) current.voice = run.voice;
    else delete current.voice;
    const parts = run.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) {
        flush();
        current = run.voice === undefined ? { text: '' } : { text: '', voice: run.voice };
      }
      current.text += part;
    });
  }
  flush();
  return lines;
}

/** Parses WebVTT text (already decoded and newline-normalised) into cues. */
export function readWebVtt(vtt: string): Cue[] {
  let lines = vtt.split('\n');
  if (!/^\uFEFF?WEBVTT/.test(lines[0] ?? '')) lines = ['WEBVTT', '', ...lines];
  lines = normalizeTimingLines(lines, true);
  try {
    return readWebVttLines(lines, webvttEntityTable(), (cue) => {
      const runs: Run[] = [];
      const flags = { wordTimed: false };
      walk(cue.tree.children, undefined, runs, flags);
      const parsed: Cue = { start: roundMs(cue.startTime), lines: runsToLines(runs) };
      if (flags.wordTimed) parsed.wordTimed = true;
      return parsed;
    });
  } catch {
    throw new ParseError('corrupt', 'These captions could not be read; check that the file is valid WebVTT or SubRip and upload it again.');
  }
}
