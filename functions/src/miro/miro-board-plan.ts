import { createHash } from 'node:crypto';
import type { ExportModel } from '../exports/export-model';

/**
 * The project's board laid out for Miro: one frame per theme, left to right in the export's theme order; inside
 * each frame one column per insight (strongest first), the insight's title on a yellow sticky at the top and
 * each of its quotes below it on a pale one, verbatim with its citation. Pure: the Miro client places what
 * this plans. Sticky content is Miro's simple HTML, so the text is escaped and line breaks become <br>.
 */

/** Miro's palette names for sticky notes. */
export type MiroStickyColour = 'yellow' | 'light_yellow';

export interface MiroFramePlan {
  title: string;
  /** Board coordinates of the frame's centre. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MiroStickyPlan {
  /** Index into `frames`: the sticky sits inside that frame. */
  frame: number;
  content: string;
  colour: MiroStickyColour;
  kind: 'insight' | 'quote';
  /** The sticky's centre, relative to its frame's top-left corner (how Miro positions a child item). */
  x: number;
  y: number;
}

export interface MiroBoardPlan {
  /** At most 60 characters (Miro's limit for a board name). */
  boardName: string;
  /** At most 300 characters (Miro's limit for a board description). */
  boardDescription: string;
  frames: MiroFramePlan[];
  stickies: MiroStickyPlan[];
  /** A fingerprint of the whole plan: a push resumed later checks the board has not changed in between. */
  planId: string;
}

export const STICKY_WIDTH = 200;
/** A square sticky of width 200 is about 228 tall, shadow included. */
export const STICKY_HEIGHT = 228;
const COLUMN = STICKY_WIDTH + 40;
const ROW = STICKY_HEIGHT + 24;
const PADDING = 60;
/** Room under the frame's title before the first row. */
const TOP = 100;
const FRAME_GAP = 400;
const BOARD_NAME_MAX = 60;
const BOARD_DESCRIPTION_MAX = 300;

export function planMiroBoard(model: ExportModel): MiroBoardPlan {
  const frames: MiroFramePlan[] = [];
  const stickies: MiroStickyPlan[] = [];
  let left = 0;
  model.themes.forEach((theme, frame) => {
    const columns = Math.max(1, theme.insights.length);
    const rows = 1 + Math.max(0, ...theme.insights.map((i) => i.quotes.length));
    const width = PADDING * 2 + columns * COLUMN - (COLUMN - STICKY_WIDTH);
    const height = TOP + rows * ROW - (ROW - STICKY_HEIGHT) + PADDING;
    frames.push({ title: theme.name, x: left + width / 2, y: height / 2, width, height });
    left += width + FRAME_GAP;
    theme.insights.forEach((insight, column) => {
      const x = PADDING + column * COLUMN + STICKY_WIDTH / 2;
      const at = (row: number) => TOP + row * ROW + STICKY_HEIGHT / 2;
      stickies.push({ frame, kind: 'insight', colour: 'yellow', content: `<p><strong>${stickyHtml(insight.title)}</strong></p>`, x, y: at(0) });
      insight.quotes.forEach((quote, i) => {
        stickies.push({
          frame,
          kind: 'quote',
          colour: 'light_yellow',
          content: `<p>“${stickyHtml(quote.text)}”</p><p>${stickyHtml(quote.citation)}</p>`,
          x,
          y: at(i + 1),
        });
      });
    });
  });
  const boardName = clip(`Verbatim · ${model.projectName}`, BOARD_NAME_MAX);
  const boardDescription = clip(model.summary, BOARD_DESCRIPTION_MAX);
  const planId = createHash('sha256').update(JSON.stringify({ frames, stickies })).digest('base64url').slice(0, 22);
  return { boardName, boardDescription, frames, stickies, planId };
}

/** Text as Miro sticky content: markup characters escaped, line breaks kept as <br>. */
export function stickyHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n?|\n/g, '<br>');
}

/** Names and descriptions only (never quotes): cut at a word and marked “…” when longer than Miro takes. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Never half of a character outside the Basic Multilingual Plane (an emoji).
  const cut = flat.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
