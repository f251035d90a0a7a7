/**
 * The parts ("windows") a recording is transcribed in, so each answer fits the model's output limit: `windowSeconds`
 * each (30 minutes by default: about 4,500–6,000 words of speech, 8,000–11,000 tokens of answer), the last absorbing
 * a remainder shorter than a quarter window. A window whose answer still reached the output limit is asked again as
 * its two halves, down to `MIN_WINDOW_SECONDS`. Pure.
 */

/** [start, end) in seconds of the recording. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** A window is not halved below this: its answer would be a few hundred words. */
export const MIN_WINDOW_SECONDS = 120;

export function planWindows(durationSeconds: number, windowSeconds: number): TimeWindow[] {
  const total = Math.max(1, Math.ceil(durationSeconds));
  const count = Math.max(1, Math.floor(total / windowSeconds) + (total % windowSeconds >= windowSeconds / 4 ? 1 : 0));
  const windows: TimeWindow[] = [];
  for (let i = 0; i < count; i++) windows.push({ start: i * windowSeconds, end: i === count - 1 ? total : (i + 1) * windowSeconds });
  return windows;
}

/** The window's two halves (on a whole second), or null when it is too short to halve. */
export function halve(window: TimeWindow): [TimeWindow, TimeWindow] | null {
  if (window.end - window.start < 2 * MIN_WINDOW_SECONDS) return null;
  const middle = Math.round((window.start + window.end) / 2);
  return [
    { start: window.start, end: middle },
    { start: middle, end: window.end },
  ];
}

/** "01:05:09" for 3,909 seconds (hours always written, so a time past an hour is never read as minutes). */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * Seconds of a time as a model writes it: "01:05:09", "1:05:09", "65:09" or "05:09" (minutes and seconds), "309" or
 * "309.5" (seconds), with an optional fraction of a second. Null for anything else.
 */
export function readClockTime(text: string): number | null {
  const match = /^\s*(?:(\d{1,3}):)?(?:(\d{1,3}):)?(\d{1,6}(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const [, first, second, last] = match;
  const seconds = Number(last.replace(',', '.'));
  if (first !== undefined && second !== undefined) {
    if (Number(second) >= 60 || seconds >= 60) return null;
    return Number(first) * 3600 + Number(second) * 60 + seconds;
  }
  if (first !== undefined) {
    if (seconds >= 60) return null;
    return Number(first) * 60 + seconds;
  }
  return seconds;
}
