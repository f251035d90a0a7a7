import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { adminDb } from '../../functions/test/support/admin';

/** Where the run leaves screenshots for review (gitignored). */
export const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url).pathname;

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface StoredQuote {
  text: string;
  documentId: string;
  speaker: string;
  start: number;
  end: number;
  ts?: number;
}

export interface StoredInsightFull {
  id: string;
  title: string;
  description: string;
  tag: string;
  documentId: string;
  source: string;
  theme: string | null;
  quotes: StoredQuote[];
  deleted: boolean;
  mergedInto: string | null;
  mergedFrom: string[];
  edited: boolean;
}

/** A project's insights as the server stored them, with the researcher's edits (admin read). */
export async function insightsOf(projectId: string): Promise<StoredInsightFull[]> {
  const snap = await adminDb().collection(`projects/${projectId}/insights`).get();
  return snap.docs.map((d) => ({
    id: d.id,
    title: d.get('title'),
    description: d.get('description') ?? '',
    tag: d.get('tag') ?? '',
    documentId: d.get('documentId'),
    source: d.get('source'),
    theme: d.get('theme') ?? null,
    quotes: d.get('quotes') ?? [],
    deleted: Boolean(d.get('deletedAt')),
    mergedInto: d.get('mergedInto') ?? null,
    mergedFrom: d.get('mergedFrom') ?? [],
    edited: Boolean(d.get('editedAt')),
  }));
}

export const visible = (i: StoredInsightFull) => !i.deleted && !i.mergedInto;

/**
 * Selects characters [from, to) of a turn's text with the mouse, as a researcher would: press at the left edge of
 * the first character, move, release at the right edge of the last. Positions are found from the rendered text
 * (a TreeWalker over the turn's text nodes), not from the view's own offset attributes.
 */
export async function dragSelect(page: Page, turnStart: number, from: number, to: number): Promise<void> {
  const points = await page.evaluate(
    ({ turnStart, from, to }) => {
      const p = document.querySelector(`p[data-turn="${turnStart}"]`)!;
      p.scrollIntoView({ block: 'center' });
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let pos = 0;
      const charRect = (at: number) => {
        walker.currentNode = p;
        pos = 0;
        for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
          if (at < pos + n.data.length) {
            const r = document.createRange();
            r.setStart(n, at - pos);
            r.setEnd(n, at - pos + 1);
            const rects = r.getClientRects();
            const rect = rects[rects.length - 1] ?? r.getBoundingClientRect();
            return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
          }
          pos += n.data.length;
        }
        throw new Error(`No character ${at} in turn ${turnStart}`);
      };
      const a = charRect(from);
      const b = charRect(to - 1);
      return { x1: a.left + 0.5, y1: (a.top + a.bottom) / 2, x2: b.right - 0.5, y2: (b.top + b.bottom) / 2 };
    },
    { turnStart, from, to },
  );
  await page.mouse.move(points.x1, points.y1);
  await page.mouse.down();
  await page.mouse.move((points.x1 + points.x2) / 2, (points.y1 + points.y2) / 2, { steps: 4 });
  await page.mouse.move(points.x2, points.y2, { steps: 4 });
  await page.mouse.up();
}

/** The text the browser holds as selected. */
export function selectedText(page: Page): Promise<string> {
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}
