/** Clock timestamps written in transcripts: `12:34`, `1:02:03`, `00:01:02.500`, `00:01:02,500`. */

/** Source pattern of a clock time (no anchors, no groups). */
export const CLOCK = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;

/** Seconds of a clock time (`mm:ss`, `h:mm:ss`, optional fraction), rounded to milliseconds; null if malformed. */
export function clockToSeconds(clock: string): number | null {
  const m = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(clock.trim());
  if (!m) return null;
  const hours = m[1] ? Number(m[1]) : 0;
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  if (minutes >= 60 || seconds >= 60) return null;
  const fraction = m[4] ? Number(`0.${m[4]}`) : 0;
  return roundMs(hours * 3600 + minutes * 60 + seconds + fraction);
}

export function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

// A stamp standing alone at the start of a paragraph: `[12:34]`, `(12:34)`, `\[12:34\]` (escaped Markdown), and the
// colon a continuation of the same speaker carries after it (Rev: `(12:30): words`).
const LEADING_STAMP = new RegExp(String.raw`^\\?[\[(](${CLOCK})\\?[\])]\s*(?:[:：]\s*)?`);
// A bare clock and a space in front of a line's words (Otter's export with a time before every line: `0:04 words`).
const BARE_LEADING_STAMP = new RegExp(String.raw`^(${CLOCK})\s+(?=\S)`);

/** Removes a bare clock at the start of `text` (`0:04 words`); only where a whole file writes its lines so. */
export function takeBareLeadingStamp(text: string): { rest: string; ts?: number } {
  const m = BARE_LEADING_STAMP.exec(text);
  if (!m) return takeLeadingStamp(text);
  const ts = clockToSeconds(m[1]);
  if (ts === null) return { rest: text };
  return { rest: text.slice(m[0].length), ts };
}

/** Whether `text` starts with a bare clock and a space. */
export function hasBareLeadingStamp(text: string): boolean {
  return BARE_LEADING_STAMP.test(text);
}

/** Removes a bracketed timestamp at the start of `text`; returns the rest and the time in seconds. */
export function takeLeadingStamp(text: string): { rest: string; ts?: number } {
  const m = LEADING_STAMP.exec(text);
  if (!m) return { rest: text };
  const ts = clockToSeconds(m[1]);
  if (ts === null) return { rest: text };
  return { rest: text.slice(m[0].length), ts };
}

const LONE_STAMP = new RegExp(String.raw`^\\?[\[(]?(${CLOCK})\\?[\])]?$`);

/** The time of a line that holds nothing but a timestamp (`00:05:00`, `[12:34]`), in seconds; null for any other line. */
export function takeLoneStamp(line: string): number | null {
  const m = LONE_STAMP.exec(line);
  return m ? clockToSeconds(m[1]) : null;
}
