import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import type { TestUser } from '../test/support/emulators';
import { startMiroStandIn } from '../test/support/miro-stand-in.mjs';
import { holdRequests } from './support/billing';
import { downloadedBytes, useBrowser } from './support/browser';
import { logInOwner, projectWithPublicViews } from './support/public';

const newPage = useBrowser();
const FIXTURE = '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt';
const PROJECT_NAME = 'BuddyPoke case study';

let owner: TestUser;
let projectId: string;
let quotes: string[];

beforeAll(async () => {
  ({ user: owner, projectId } = await projectWithPublicViews(FIXTURE, PROJECT_NAME));
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
  quotes = insights.flatMap((i) => (i.quotes as { text: string }[]).map((q) => q.text));
});

async function openDeliverables(page: Page) {
  await logInOwner(page, owner);
  await page.goto(`/projects/${projectId}/insights`);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Deliverables' }).click();
  await page.waitForURL(`**/projects/${projectId}/deliverable`);
  await expect.poll(() => page.getByRole('heading', { name: 'Deliverables' }).count()).toBe(1);
}

/** Clicks an export's button and returns the file the browser saved, by name and bytes. */
async function downloadVia(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: label }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

describe('deliverables', () => {
  it('lists the exports and what goes in them', async () => {
    const page = await newPage();
    await openDeliverables(page);
    expect(await page.getByTestId('export-card').locator('h3').allTextContents()).toEqual(['Report', 'Slide deck', 'Whiteboard', 'REFI-QDA project', 'Spreadsheet']);
    // How formula-like cells are kept inert is the server's business, not a note on the cards.
    expect(await page.getByTestId('export-card').allTextContents()).not.toContainEqual(expect.stringMatching(/formula|apostrophe/i));
    await expect.poll(() => page.getByTestId('deliverable-contents').textContent()).toMatch(
      new RegExp(`^Each file holds the board as it is now: \\d+ insights with ${quotes.length} quotes from 1 interview\\.`),
    );
  });

  it('each download arrives named after the project, with every quote in it', async () => {
    const page = await newPage();
    await openDeliverables(page);

    // The report: a progress bar while the server makes it, then the file.
    const hold = await holdRequests(page, `**/api/projects/${projectId}/exports/report.docx`);
    const reportFile = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download report (.docx)' }).click();
    await hold.arrived;
    await expect.poll(() => page.getByRole('progressbar', { name: 'Making the report' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Download report (.docx)' }).isDisabled()).toBe(true);
    hold.release();
    const report = await reportFile;
    expect(report.suggestedFilename()).toBe(`${PROJECT_NAME} - report.docx`);
    const { value: reportText } = await mammoth.extractRawText({ buffer: await downloadedBytes(report) });
    for (const quote of quotes) expect(reportText).toContain(quote);
    await expect.poll(() => page.locator('[data-format="report.docx"] [role="status"]').textContent()).toBe('Downloaded.');
    expect(await page.getByRole('progressbar').count()).toBe(0);

    const deck = await downloadVia(page, 'Download slides (.pptx)');
    expect(deck.name).toBe(`${PROJECT_NAME} - slides.pptx`);
    expect(Object.keys((await JSZip.loadAsync(deck.bytes)).files).some((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))).toBe(true);

    // The key findings slides, beside the full deck: a few slides where the full deck has many.
    const slideCount = async (bytes: Buffer) => Object.keys((await JSZip.loadAsync(bytes)).files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
    const keyFindings = await downloadVia(page, 'Download key findings slides (.pptx)');
    expect(keyFindings.name).toBe(`${PROJECT_NAME} - key findings.pptx`);
    expect(await slideCount(keyFindings.bytes)).toBeGreaterThanOrEqual(3);
    expect(await slideCount(keyFindings.bytes)).toBeLessThanOrEqual(16);
    expect(await slideCount(keyFindings.bytes)).toBeLessThan(await slideCount(deck.bytes));

    const stickies = await downloadVia(page, 'Download sticky notes (.csv)');
    expect(stickies.name).toBe(`${PROJECT_NAME} - whiteboard.csv`);
    const stickyText = stickies.bytes.toString('utf8');
    for (const quote of quotes) expect(stickyText).toContain(quote.replaceAll('"', '""'));

    const qdpx = await downloadVia(page, 'Download REFI-QDA project (.qdpx)');
    expect(qdpx.name).toBe(`${PROJECT_NAME} - project.qdpx`);
    const qde = await (await JSZip.loadAsync(qdpx.bytes)).file('project.qde')!.async('string');
    expect(qde.match(/<Coding\b/g)?.length).toBe(quotes.length);

    const sheet = await downloadVia(page, 'Download insights (.csv)');
    expect(sheet.name).toBe(`${PROJECT_NAME} - insights.csv`);
    const rows: Record<string, string>[] = parse(sheet.bytes.toString('utf8').replace(/^\uFEFF/, ''), { columns: true });
    for (const quote of quotes) expect(rows.some((row) => Object.values(row).includes(quote))).toBe(true);
  }, 120_000);

  it('opens the printable report in a new tab, and copies the sticky notes for a whiteboard', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDeliverables(page);

    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Open printable report' }).click();
    const printable = await tab;
    await expect.poll(() => printable.url(), { timeout: 30_000 }).toMatch(/^blob:/);
    await printable.waitForLoadState();
    const printed = await printable.locator('body').innerText();
    expect(printed).toContain(PROJECT_NAME);
    expect(printed).toContain(quotes[0]);

    await page.getByRole('button', { name: 'Copy sticky notes' }).click();
    await expect.poll(() => page.locator('[data-format="whiteboard.txt"] [role="status"]').textContent()).toBe('Copied: paste onto your Miro or FigJam board.');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    for (const quote of quotes) expect(clipboard).toContain(quote);
  });

  it('sends the board to a new Miro board: progress, a link to it, every quote on a sticky; a refused token says so and a stopped push resumes', async () => {
    const miro = await startMiroStandIn({ port: Number(process.env.MIRO_STAND_IN_PORT ?? 9314) });
    try {
      const page = await newPage();
      await openDeliverables(page);
      const card = page.locator('[data-export="whiteboard"]');
      await card.getByRole('button', { name: 'Send to Miro…' }).click();
      const token = card.getByLabel('Miro access token');
      expect(await token.getAttribute('type')).toBe('password');

      // A token Miro does not know: its message, no board.
      await token.fill('not-a-miro-token');
      await card.getByRole('button', { name: 'Make the Miro board' }).click();
      await expect.poll(() => card.getByRole('alert').textContent(), { timeout: 30_000 }).toBe(
        'Miro did not accept this access token. Copy it again from your Miro app’s settings; it needs the boards:write scope.',
      );
      expect(miro.boardIds()).toEqual([]);

      // Miro stays rate-limited through every retry of the first stickies: the board is there, the push offers to resume.
      for (let i = 0; i < 4; i++) miro.answerNext({ status: 429, path: '/items/bulk', retryAfter: 0 });
      await token.fill(miro.accessToken);
      const hold = await holdRequests(page, `**/api/projects/${projectId}/miro/boards`);
      await card.getByRole('button', { name: 'Make the Miro board' }).click();
      await hold.arrived;
      await expect.poll(() => card.getByRole('progressbar', { name: 'Making the Miro board and its theme frames' }).count()).toBe(1);
      hold.release();
      await expect.poll(() => card.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/^Miro is limiting how fast this token may add stickies\./);
      const resume = card.getByRole('button', { name: /^Resume \(0 of \d+ placed\)$/ });
      expect(await resume.count()).toBe(1);
      await resume.click();
      await expect.poll(() => card.getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/^Done: \d+ stickies in \d+ theme frames?\.$/);

      const [boardId] = miro.boardIds();
      expect(miro.boardIds()).toHaveLength(1);
      expect(await card.getByTestId('miro-board-link').getAttribute('href')).toBe(`https://miro.com/app/board/${boardId}/`);
      const board = miro.board(boardId)!;
      expect(board.name).toBe(`Verbatim · ${PROJECT_NAME}`);
      const onBoard = board.stickies.map((s) => s.content.replace(/<br>/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).join('\n');
      for (const quote of quotes) expect(onBoard).toContain(quote);
      // The token reached Miro only in the Authorization header, and the page keeps it nowhere.
      expect(miro.requests.filter((r) => r.authorization === `Bearer ${miro.accessToken}`).length).toBeGreaterThan(1);
      const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      expect(kept).not.toContain(miro.accessToken);
    } finally {
      await miro.close();
    }
  }, 90_000);
});
