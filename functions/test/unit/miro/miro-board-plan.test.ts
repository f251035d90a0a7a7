import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportModel } from '../../../src/exports/export-model';
import { MIRO_FAILURES } from '../../../src/miro/miro-failures';
import { planMiroBoard, STICKY_HEIGHT, STICKY_WIDTH, stickyHtml, type MiroBoardPlan } from '../../../src/miro/miro-board-plan';
import { paraphrasedExportModel, sampleExportModel, verbatimSources } from '../../support/export-fixtures';
import { unverbatimQuotedSpans } from '../../support/quotation-marks';

let model: ExportModel;
let plan: MiroBoardPlan;

beforeAll(async () => {
  model = await sampleExportModel();
  plan = planMiroBoard(model);
}, 60_000);

/** Sticky content back to the text a researcher reads on the board. */
const readable = (content: string) =>
  content
    .replace(/<br>/g, '\n')
    .replace(/<\/p><p>/g, '\n')
    .replace(/<\/?(p|strong)>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the Miro board plan', () => {
  it('one frame per theme in the export’s order; per insight its title, then each quote verbatim with its citation', () => {
    expect(model.themes.length).toBeGreaterThan(1);
    expect(plan.frames.map((f) => f.title)).toEqual(model.themes.map((t) => t.name));
    const expected = model.themes.flatMap((theme, frame) =>
      theme.insights.flatMap((insight) => [
        { frame, kind: 'insight', text: insight.title },
        ...insight.quotes.map((q) => ({ frame, kind: 'quote', text: `“${q.text}”\n${q.citation}` })),
      ]),
    );
    expect(plan.stickies.map((s) => ({ frame: s.frame, kind: s.kind, text: readable(s.content) }))).toEqual(expected);
    expect(plan.stickies.filter((s) => s.kind === 'quote')).toHaveLength(model.counts.quotes);
    expect(new Set(plan.stickies.filter((s) => s.kind === 'insight').map((s) => s.colour))).toEqual(new Set(['yellow']));
    expect(new Set(plan.stickies.filter((s) => s.kind === 'quote').map((s) => s.colour))).toEqual(new Set(['light_yellow']));
  });

  it('every sticky lies inside its frame and none overlaps another; frames do not overlap', () => {
    const boxes = plan.stickies.map((s) => ({ frame: s.frame, left: s.x - STICKY_WIDTH / 2, right: s.x + STICKY_WIDTH / 2, top: s.y - STICKY_HEIGHT / 2, bottom: s.y + STICKY_HEIGHT / 2 }));
    for (const box of boxes) {
      const frame = plan.frames[box.frame];
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(40);
      expect(box.right).toBeLessThanOrEqual(frame.width);
      expect(box.bottom).toBeLessThanOrEqual(frame.height);
    }
    const overlap = (a: typeof boxes[number], b: typeof boxes[number]) =>
      a.frame === b.frame && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)));
    plan.frames.slice(1).forEach((frame, i) => {
      const before = plan.frames[i];
      expect(frame.x - frame.width / 2).toBeGreaterThan(before.x + before.width / 2);
    });
  });

  it('markup in quotes and titles is escaped text, line breaks kept', () => {
    expect(stickyHtml('<script>alert("x")</script> & co\nnext')).toBe('&lt;script&gt;alert("x")&lt;/script&gt; &amp; co<br>next');
    const tricky: ExportModel = {
      ...model,
      themes: [{ ...model.themes[0], name: '<b>Theme</b>', insights: [{ ...model.themes[0].insights[0], title: 'A <img src=x onerror=alert(1)> title' }] }],
    };
    const content = planMiroBoard(tricky).stickies[0].content;
    expect(content).toBe('<p><strong>A &lt;img src=x onerror=alert(1)&gt; title</strong></p>');
  });

  it('the board name and description fit Miro’s limits, cut at a word, never half an emoji', () => {
    expect(plan.boardName).toBe(`Verbatim · ${model.projectName}`);
    expect(plan.boardDescription).toBe(model.summary);
    const long = planMiroBoard({ ...model, projectName: `${'Onboarding '.repeat(5)}😀😀😀 research`, summary: 'word '.repeat(100) });
    expect(long.boardName.length).toBeLessThanOrEqual(60);
    expect(long.boardName.endsWith('…')).toBe(true);
    expect(long.boardName).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(long.boardDescription.length).toBeLessThanOrEqual(300);
    expect(long.boardDescription).toMatch(/word…$/);
  });

  it('the plan id is stable for the same board and changes when the board does', () => {
    expect(planMiroBoard(model).planId).toBe(plan.planId);
    const retitled = { ...model, themes: model.themes.map((t, i) => (i === 0 ? { ...t, insights: [{ ...t.insights[0], title: 'Renamed' }, ...t.insights.slice(1)] } : t)) };
    expect(planMiroBoard(retitled).planId).not.toBe(plan.planId);
  });

  it('an empty project plans no frames and no stickies', () => {
    const empty = planMiroBoard({ ...model, themes: [] });
    expect(empty.frames).toEqual([]);
    expect(empty.stickies).toEqual([]);
  });
});

describe('quotation marks on the Miro board', () => {
  it('hold the quotes, never a frame’s theme, an insight’s title, the board’s name or its description', () => {
    const paraphrased = paraphrasedExportModel();
    const board = planMiroBoard(paraphrased);
    const texts = [board.boardName, board.boardDescription, ...board.frames.map((f) => f.title), ...board.stickies.map((s) => readable(s.content))];
    expect(texts).toContain(`“${paraphrased.themes[0].insights[0].quotes[0].text}”\n${paraphrased.themes[0].insights[0].quotes[0].citation}`);
    expect(texts.flatMap((text) => unverbatimQuotedSpans(text, verbatimSources(paraphrased)))).toEqual([]);
  });

  it('what Miro said when it refused is named as Miro’s, not put in quotation marks', () => {
    const message = MIRO_FAILURES.refused.message('data.content is too long');
    expect(message).toBe('Miro refused part of the board (Miro said: data.content is too long). Try again; if it persists, download the CSV and import it instead.');
    expect(unverbatimQuotedSpans(message, [])).toEqual([]);
  });
});
