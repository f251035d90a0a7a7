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

// A stamp standing alone at the start of a paragraph: `[12:34]`, `(12:34)`, `\[12:34\]` (escaped Markdown).
const LEADING_STAMP = new RegExp(String.raw`^\\?[\[(](${CLOCK})\\?[\])]\s*`);

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
