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

// A timing line already in strict form (two-digit or three-digit hours, no leading space, one space either side of
// the arrow): rewriting it changes only the milliseconds separator and, for SRT, drops what follows the end time.
const STRICT_TIMING_LINE = /^(\d{2,3}:\d{2}:\d{2})[.,](\d{3}) --> (\d{2,3}:\d{2}:\d{2})[.,](\d{3})/;

/**
 * One timing line in strict WebVTT form; `keepSettings` keeps cue settings (VTT) or drops them (SRT). Null when its
 * times cannot be read.
 */
function normalizeTimingLine(line: string, keepSettings: boolean): string | null {
  const strict = STRICT_TIMING_LINE.exec(line);
  if (strict) {
    // Already with `.` separators and its settings kept: nothing to rewrite.
    if (keepSettings && line.charCodeAt(strict[1].length) === 0x2e && line.charCodeAt(strict[0].length - 4) === 0x2e) return line;
    const settings = keepSettings ? line.slice(strict[0].length) : '';
    return `${strict[1]}.${strict[2]} --> ${strict[3]}.${strict[4]}${settings}`;
  }
  const m = TIMING_LINE.exec(line);
  if (!m) return null;
  const start = m[1];
  const end = m[6];
  const settings = m[11] ?? '';
  return `${padTime(start)} --> ${padTime(end)}${keepSettings ? settings : ''}`;
}

const SIDE_TIME = new RegExp(`^\\s*${TIME.source}\\s*$`);

/** Seconds of one side of a timing line, or null when it cannot be read (`0:0:-6.-820`). */
function sideSeconds(side: string): number | null {
  const m = SIDE_TIME.exec(side);
  if (!m) return null;
  const [, h, mi, s, frac] = m;
  return Number(h ?? 0) * 3600 + Number(mi) * 60 + Number(s) + (frac ? Number(`0.${frac}`) : 0);
}

function strictTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * Rewrites timing lines into strict WebVTT form (see `normalizeTimingLine`). A timing line whose times cannot be read
 * (Teams has written `0:0:-6.-820 --> 0:0:8.970`) would make the reader drop its cue: it is given the end time of
 * the caption before instead, and named in `notes` with its line in the file (`added`: lines put before the file's
 * own), so no words are lost.
 */
function normalizeTimingLines(lines: string[], keepSettings: boolean, notes?: string[], added = 0): string[] {
  let lastGood: string | null = null;
  const unread: string[] = [];
  const out = lines.map((line, index) => {
    if (!line.includes('-->')) return line;
    const strict = normalizeTimingLine(line, keepSettings);
    if (strict !== null) {
      lastGood = strict;
      return strict;
    }
    if (!/\d/.test(line)) return line; // text with an arrow in it, not a timing line
    // Where the caption before ends, for both times: the cues are sorted by time, and this keeps it in its place.
    unread.push(`line ${index + 1 - added}: ${line.trim()}`);
    const before = lastGood === null ? 0 : (sideSeconds(lastGood.split('-->')[1].trim().split(/\s+/)[0]) ?? 0);
    return `${strictTime(before)} --> ${strictTime(before)}`;
  });
  if (unread.length > 0 && notes) {
    const shown = unread.slice(0, 3).join('; ');
    notes.push(
      `${unread.length === 1 ? 'One caption has a time' : `${unread.length} captions have times`} that could not be read; ${unread.length === 1 ? 'its words are' : 'their words are'} kept, timed from the caption before. ${unread.length === 1 ? 'The timing line' : 'The timing lines'}, ${shown}${unread.length > 3 ? '; …' : ''}`,
    );
  }
  return out;
}

export function isTimingLine(line: string): boolean {
  return line.includes('-->') && TIMING_LINE.test(line);
}

const CUE_NUMBER = /^\s*\d+\s*$/;

/** SRT → WebVTT text. */
export function srtToWebVtt(srt: string): string {
  return srtToWebVttLines(srt).join('\n');
}

/** SRT → the lines of WebVTT text; a timing line that cannot be read is repaired and named in `notes`. */
export function srtToWebVttLines(srt: string, notes?: string[]): string[] {
  const lines = normalizeTimingLines(srt.split('\n'), false, notes);
  const timing = lines.map(isTimingLine);
  const isCueNumber = (index: number) => timing[index + 1] === true && CUE_NUMBER.test(lines[index] ?? '');
  const out: string[] = ['WEBVTT', ''];
  const ensureBlank = () => {
    if (out[out.length - 1].trim() !== '') out.push('');
  };
  lines.forEach((line, index) => {
    // A cue (its number, or its timing line when unnumbered) must follow a blank line.
    if (isCueNumber(index) || (timing[index] && !isCueNumber(index - 1))) ensureBlank();
    // A line of spaces only is blank in SubRip: it ends the cue, or the next cue's number would be read as its words.
    if (line.trim() === '') out.push('');
    // SSA override tags ({\an8}) are formatting, not words.
    else out.push(line.includes('{\\') ? line.replace(/\{\\[^}]*\}/g, '') : line);
  });
  return out;
}

/**
 * A line of spaces only before a cue (its timing line, or its identifier and then its timing line) made blank: WebVTT
 * would read it as words of the cue before, and the next cue's identifier with them. Elsewhere (the first line of a
 * rolling auto-caption cue is often a space) it stays.
 */
function blankBeforeCues(lines: string[]): string[] {
  const timing = (index: number) => index < lines.length && TIMING_LINE.test(lines[index]);
  return lines.map((line, index) =>
    line !== '' && line.trim() === '' && (timing(index + 1) || (lines[index + 1]?.trim() !== '' && timing(index + 2))) ? '' : line,
  );
}

interface Run {
  text: string;
  voice?: string;
}

interface WalkFlags {
  wordTimed: boolean;
  /** The latest in-cue word time (`<00:05:04.199>`), in seconds. */
  lastWordAt?: number;
}

function walk(nodes: readonly WebVTTNode[], voice: string | undefined, runs: Run[], flags: WalkFlags): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      if (typeof node.value === 'string') runs.push(voice === undefined ? { text: node.value } : { text: node.value, voice });
    } else if (node.type === 'timestamp') {
      flags.wordTimed = true;
      if (typeof node.value === 'number' && (flags.lastWordAt === undefined || node.value > flags.lastWordAt)) flags.lastWordAt = roundMs(node.value);
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
  // The line being gathered, kept in two variables (an object whose `voice` comes and goes would be slow to use).
  let text = '';
  let voice: string | undefined;
  const flush = () => {
    if (text.trim().length > 0) lines.push(voice === undefined ? { text } : { text, voice });
  };
  for (const run of runs) {
    if (run.voice !== voice && text.trim().length > 0) {
      flush();
      text = '';
    }
    voice = run.voice;
    const parts = run.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) {
        flush();
        text = '';
      }
      text += part;
    });
  }
  flush();
  return lines;
}

/** Parses WebVTT text (already decoded and newline-normalised) into cues; what could not be read goes in `notes`. */
export function readWebVtt(vtt: string, notes?: string[]): Cue[] {
  return readWebVttFromLines(blankBeforeCues(vtt.split('\n')), notes);
}

/** The same from the text's lines (SRT converted by `srtToWebVttLines`, without joining and splitting again). */
export function readWebVttFromLines(input: string[], notes?: string[]): Cue[] {
  let lines = input;
  const added = /^\uFEFF?WEBVTT/.test(lines[0] ?? '') ? 0 : 2;
  if (added > 0) lines = ['WEBVTT', '', ...lines];
  lines = normalizeTimingLines(lines, true, notes, added);
  try {
    return readWebVttLines(lines, webvttEntityTable(), (cue) => {
      const runs: Run[] = [];
      const flags: WalkFlags = { wordTimed: false };
      walk(cue.tree.children, undefined, runs, flags);
      const parsed: Cue = { start: roundMs(cue.startTime), lines: runsToLines(runs) };
      if (cue.endTime >= cue.startTime) parsed.end = roundMs(cue.endTime);
      if (flags.wordTimed) parsed.wordTimed = true;
      if (flags.lastWordAt !== undefined) parsed.lastWordAt = flags.lastWordAt;
      return parsed;
    });
  } catch {
    throw new ParseError('corrupt', 'These captions could not be read; check that the file is valid WebVTT or SubRip and upload it again.');
  }
}
