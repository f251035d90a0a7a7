import { OFFICE_FONT } from '../office-font';

/**
 * The deck's look and its limits: a 16:9 page, white, one accent colour, one sans-serif font, consistent
 * margins, and how much goes on a slide before the rest continues on the next. Pure constants and helpers.
 */

/** PowerPoint's 16:9 widescreen page, in inches. */
export const PAGE = { w: 13.333, h: 7.5 } as const;
export const MARGIN_X = 0.6;
export const CONTENT_W = PAGE.w - 2 * MARGIN_X;
/** Top of the kicker line (small accent label above a slide title). */
export const HEADER_Y = 0.45;
/** Nothing but the footer goes below this line. */
export const CONTENT_BOTTOM = 6.8;
export const FOOTER_Y = 6.98;

export const FONT = OFFICE_FONT.name;

export const COLOURS = {
  background: 'FFFFFF',
  accent: '3B5BDB',
  text: '1F2933',
  muted: '5F6B7A',
  rule: 'D9DEE5',
  empty: 'F3F4F6',
  white: 'FFFFFF',
} as const;

/** Font sizes in points. None is below MIN_FONT_PT (fit-text). */
export const FONT_PT = {
  cover: 40,
  coverSubtitle: 24,
  coverMeta: 16,
  divider: 40,
  dividerMeta: 18,
  kicker: 12,
  title: 28,
  headline: 24,
  /** A summary too long for three lines at the headline size, before it moves to slides of its own. */
  headlineSmall: 20,
  description: 14,
  quote: 16,
  citation: 12,
  body: 16,
  label: 12,
  tableHeader: 11,
  tableCell: 12,
  heatmapHeader: 10,
  heatmapCount: 14,
  legend: 11,
  footer: 10,
} as const;

/** Lines a text may take before it is shortened with an ellipsis (quotes: a verbatim prefix and "…"). */
export const MAX_LINES = {
  cover: 2,
  title: 2,
  headline: 3,
  headlineSmall: 4,
  description: 3,
  quote: 8,
  citation: 2,
  dividerName: 2,
  topInsight: 1,
  tableCell: 2,
  heatmapHeader: 3,
  heatmapTheme: 2,
} as const;

/** How much goes on one slide; the rest continues on "(continued)" slides. */
export const PER_SLIDE = {
  quotes: 3,
  summaryThemes: 8,
  heatmapThemes: 7,
  heatmapInterviews: 8,
  appendixInterviews: 8,
  topInsights: 3,
} as const;

export const CONTINUED = ' (continued)';

/** A quote's clip on its slide, in inches: a video at 16:9, or sound behind a play button. */
export const CLIP_VIDEO = { w: 2.4, h: 1.35 } as const;
export const CLIP_SOUND = { w: 0.75, h: 0.75 } as const;

/** Fill of a heatmap cell holding `count` quotes when the busiest cell holds `max`: white-ish to accent. */
export function heatFill(count: number, max: number): string {
  if (count <= 0 || max <= 0) return COLOURS.empty;
  const t = Math.min(1, count / max);
  return mix('E0E7FF', '2A45B8', 0.15 + 0.85 * t);
}

/** Text colour that reads on a heatmap cell. */
export function heatText(count: number, max: number): string {
  return max > 0 && count / max > 0.45 ? COLOURS.white : COLOURS.text;
}

function mix(from: string, to: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return [0, 2, 4]
    .map((i) => Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * t))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}
