/**
 * Finds a speaker-label candidate at the start of one line. Whether a candidate really is a label is decided over the
 * whole transcript by `label-resolver.ts`; this module only reads the shape of a line.
 *
 * Shapes: `Name: text`, `Name:` alone, `**Name:** text`, `**Name**: text`, `[id1] text`, `>> Name: text`,
 * `Name (00:01:02): text`, `[00:01:02] Name: text`, `Name  00:01` or `**Name**  00:01` alone (Otter style),
 * `@0:04 - Name` or `0:04 - Name` alone (Fathom). A name may carry what meeting tools add after it: `Name (Host):`,
 * `Name (she/her):`, `Name (Besu):`, `Name | Org:`; the speaker is the name, the addition is kept as `suffix`. In
 * captions a handle (`nflaig:`, `jochem-brouwer:`) is a candidate too (`handle`), trusted only when it recurs.
 */
import { CLOCK, clockToSeconds, takeLeadingStamp, takeLoneStamp } from './timestamps';

export type LabelStyle = 'plain' | 'bold' | 'bracket' | 'voice';

export interface LabelCandidate {
  /** The label as written, trimmed, inner spaces collapsed. */
  name: string;
  style: LabelStyle;
  /** The line after the label (and after any timestamp that follows it); '' when the label stands alone. */
  rest: string;
  /** A timestamp written next to the label, in seconds. */
  ts?: number;
  /** What the tool wrote after the name, without its brackets: `Host`, `she/her`, `Besu`. */
  suffix?: string;
  /** A lower-case handle rather than a name-shaped label. */
  handle?: true;
}

/** Result of reading the start of a line. */
export interface LineStart {
  /** A label candidate, if the line starts with one. */
  label: LabelCandidate | null;
  /** The line starts with `>>`, the captioning mark for "someone else speaks now". */
  speakerChange: boolean;
  /** The line without the `>>` mark (the full line when there is no label). */
  body: string;
}

const BOLD_COLON_INSIDE = /^(\*\*|__)([^*_\n]{1,40}?)\s*[:：]\s*\1\s*/u;
const BOLD_COLON_OUTSIDE = /^(\*\*|__)([^*_\n]{1,40}?)\1\s*[:：]\s*/u;
const BRACKET_ID = /^\[([^\]\n]{1,30})\]\s*/u;
/**
 * What a meeting tool or a writer puts after a name: `(Host)`, `(she/her)`, `(Besu)`, `| Org`, ` - Org` (a dash between
 * spaces; never a time: no colon).
 */
const SUFFIX = String.raw`\([^()\n:：]{1,30}\)|\|\s*[^:：|\n()]{1,30}?|\s[-–—]\s+[^:：|\n()\-–—]{1,30}?`;
const NAME_AND_SUFFIX = new RegExp(String.raw`^(.+?)\s*(${SUFFIX})$`, 'u');
const PLAIN = new RegExp(
  String.raw`^([^:：\[\](){}<>*"“”=#|/\\]{1,40}?(?:\s*(?:${SUFFIX}))?)\s*(?:[\[(](${CLOCK})[\])])?\s*[:：](?=\s|$|[^/\d])\s*`,
  'u',
);
const BOLD_NAME_THEN_CLOCK_ALONE = new RegExp(String.raw`^(\*\*|__)([^*_\n]{1,40}?)\1\s+[\[(]?(${CLOCK})[\])]?$`, 'u');
const CLOCK_DASH_NAME_ALONE = new RegExp(String.raw`^@?(${CLOCK})\s+[-–—]\s+(.{1,60})$`, 'u');
/** A handle as a meeting tool shows it: one lower-case token, letters and digits with `.`, `_` or `-` inside. */
const HANDLE = /^[\p{Ll}\p{N}][\p{Ll}\p{N}._-]{1,30}[\p{Ll}\p{N}]$/u;
const NAME_THEN_CLOCK_ALONE = new RegExp(String.raw`^([^:：\[\](){}<>*"“”=#|/\\\d][^:：\[\]{}<>*"“”=#/\\]{0,59}?)\s+[\[(]?(${CLOCK})[\])]?$`, 'u');
const LEADING_CLOCK = new RegExp(String.raw`^[\[(]?(${CLOCK})[\])]?\s+`);
const SPEAKER_CHANGE = /^>>+\s*/;

const ABBREVIATIONS = new Set(['dr.', 'mr.', 'mrs.', 'ms.', 'mx.', 'prof.', 'st.', 'jr.', 'sr.', 'rev.', 'sra.', 'sr.', 'dra.']);
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'la', 'le', 'van', 'von', 'der', 'den', 'ter', 'bin', 'al', 'ibn', 'y', 'e']);

/** Words that are speaker labels even in lower case. */
const LOWERCASE_OK = /^(interviewer|interviewee|moderator|facilitator|participant|respondent|speaker|user|assistant|ai|host|guest|researcher|entrevistador|entrevistado|entrevistadora|entrevistada|participante)(\s*\d+)?$/i;

/** Short, capitalised, name-shaped: up to 4 words, each capitalised (or a number or a name particle). */
export function isNameLike(name: string): boolean {
  if (name.length === 0 || name.length > 40) return false;
  if (LOWERCASE_OK.test(name)) return true;
  const words = name.split(' ');
  if (words.length > 4) return false;
  if (!/^[\p{Lu}\p{Lt}\p{Lo}]/u.test(words[0])) return false;
  for (const word of words) {
    if (/[.]/.test(word)) {
      const isInitial = /^\p{Lu}\.$/u.test(word);
      if (!isInitial && !ABBREVIATIONS.has(word.toLowerCase())) return false;
      continue;
    }
    if (!/^[\p{L}\p{M}\p{N}'’-]+$/u.test(word)) return false;
    if (/^[\p{Lu}\p{Lt}\p{Lo}\p{N}]/u.test(word)) continue;
    if (NAME_PARTICLES.has(word)) continue;
    return false;
  }
  return true;
}

function collapse(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** A name and what a tool wrote after it in brackets (`Ada Lovelace (Host)`), split; the name alone when none. */
function splitNameSuffix(written: string): { name: string; suffix?: string } {
  const m = NAME_AND_SUFFIX.exec(collapse(written));
  if (!m) return { name: collapse(written) };
  return { name: m[1], suffix: collapse(m[2].replace(/^\(|\)$|^\||^\s*[-–—]/g, '')) };
}

function withRest(name: string, style: LabelStyle, after: string, ts: number | undefined, suffix?: string): LabelCandidate {
  // A time alone after the label (Zoom's saved captions: `[Ana Lima] 19:29:15`, the words on the next line).
  const lone = takeLoneStamp(after.trim());
  if (lone !== null) return withRest(name, style, '', ts ?? lone, suffix);
  const stamp = takeLeadingStamp(after);
  const candidate: LabelCandidate = { name: collapse(name), style, rest: stamp.rest.trim() };
  const time = ts ?? stamp.ts;
  if (time !== undefined) candidate.ts = time;
  if (suffix) candidate.suffix = collapse(suffix);
  return candidate;
}

/** A bold label's name, with any suffix split off, when it is name-shaped. */
function boldLabel(written: string, after: string, ts: number | undefined): LabelCandidate | null {
  const { name, suffix } = splitNameSuffix(written);
  return isNameLike(name) ? withRest(name, 'bold', after, ts, suffix) : null;
}

function matchAfterClock(line: string, ts: number | undefined): LabelCandidate | null {
  let m = BOLD_COLON_INSIDE.exec(line) ?? BOLD_COLON_OUTSIDE.exec(line);
  if (m) return boldLabel(m[2], line.slice(m[0].length), ts);
  m = BOLD_NAME_THEN_CLOCK_ALONE.exec(line);
  if (m) return boldLabel(m[2], '', clockToSeconds(m[3]) ?? ts);

  m = BRACKET_ID.exec(line);
  if (m) {
    if (clockToSeconds(m[1]) !== null) return null; // "[12:34] text" is a timestamp, not a label
    // An id without spaces (`[id1]`), or a name (`[Speaker 1]`, `[Ana Lima]`): not a bracketed remark (`[long pause]`).
    if (/\s/.test(m[1].trim()) && !isNameLike(collapse(m[1]))) return null;
    return withRest(m[1], 'bracket', line.slice(m[0].length), ts);
  }

  m = PLAIN.exec(line);
  if (m) {
    const { name, suffix } = splitNameSuffix(m[1]);
    const labelTs = m[2] !== undefined ? (clockToSeconds(m[2]) ?? undefined) : ts;
    if (isNameLike(name)) return withRest(name, 'plain', line.slice(m[0].length), labelTs, suffix);
    if (HANDLE.test(name)) return { ...withRest(name, 'plain', line.slice(m[0].length), labelTs, suffix), handle: true };
  }

  m = NAME_THEN_CLOCK_ALONE.exec(line);
  if (m) {
    const { name, suffix } = splitNameSuffix(m[1]);
    if (isNameLike(name)) return withRest(name, 'plain', '', clockToSeconds(m[2]) ?? ts, suffix);
  }
  m = CLOCK_DASH_NAME_ALONE.exec(line);
  if (m) {
    const { name, suffix } = splitNameSuffix(m[2]);
    if (isNameLike(name)) return withRest(name, 'plain', '', clockToSeconds(m[1]) ?? ts, suffix);
  }
  return null;
}

/** Reads the start of a cleaned line (see `cleanLine`). */
export function readLineStart(line: string): LineStart {
  const change = SPEAKER_CHANGE.exec(line);
  const body = change ? line.slice(change[0].length) : line;
  let label = matchAfterClock(body, undefined);
  if (!label) {
    const clock = LEADING_CLOCK.exec(body);
    if (clock) label = matchAfterClock(body.slice(clock[0].length), clockToSeconds(clock[1]) ?? undefined);
  }
  return { label, speakerChange: change !== null, body };
}
