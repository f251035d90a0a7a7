import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDeckPptx, renderShortDeckPptx } from '../../../../src/exports/deck/deck-pptx';
import { deckClipKey, type DeckClip } from '../../../../src/exports/deck/deck-clips';
import { deckQuotes } from '../../../../src/exports/deck/deck-layout';
import { CONTENT_BOTTOM, FONT_PT, PER_SLIDE } from '../../../../src/exports/deck/deck-style';
import { MIN_FONT_PT } from '../../../../src/exports/deck/fit-text';
import type { ExportInsight, ExportModel, ExportQuote } from '../../../../src/exports/export-model';
import { SHORT_DECK_FINDINGS } from '../../../../src/exports/deck/short-deck-layout';
import { sampleExportModel } from '../../../support/export-fixtures';
import { LONG_SUMMARY } from '../../../support/demo-export-fixture';

// ---------------------------------------------------------------------------------------------------------------
// An independent reader: unzip the .pptx, parse the slide XML, and measure text against boxes with its own rules.

const EMU_PER_PT = 12700;
const EMU_PER_IN = 914400;
/** The spec the renderer promises to respect, restated here (not imported): sans-serif glyphs ≤ 0.55 em (bold
 * 0.6 em), lines 1.2 em apart, greedy wrapping at spaces. */
const GLYPH_EM = 0.55;
const BOLD_GLYPH_EM = 0.6;
const LINE_EM = 1.2;

interface Para {
  text: string;
  /** Largest run size, in points (null when no run says). */
  size: number | null;
  /** Size of the paragraph mark, in points. */
  endSize: number | null;
  bold: boolean;
  spaceBefore: number;
  spaceAfter: number;
}

interface Box {
  kind: 'shape' | 'cell';
  name: string;
  /** Position and size in EMU. */
  x: number;
  y: number;
  w: number;
  h: number;
  insets: { l: number; r: number; t: number; b: number };
  defaultSize: number | null;
  paras: Para[];
}

interface Table {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rows: string[][];
}

/** A media object (a clip, to play on the slide): its frame in EMU. */
interface Media {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface SlideDoc {
  number: number;
  boxes: Box[];
  tables: Table[];
  media: Media[];
  /** Every paragraph's text: shapes in document order, then table cells row by row. */
  texts: string[];
  notes: string;
}

interface Deck {
  page: { cx: number; cy: number };
  slides: SlideDoc[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['p:sp', 'p:pic', 'p:graphicFrame', 'a:p', 'a:r', 'a:fld', 'a:tr', 'a:tc', 'a:gridCol', 'p:sldId', 'Relationship'].includes(name),
});

/** A parsed XML element: fast-xml-parser gives untyped trees. */
type Node = any;

const list = (node: Node): Node[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);
const num = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));
const textOf = (t: Node): string => (typeof t === 'string' ? t : t === undefined ? '' : String(t['#text'] ?? ''));

function readParas(txBody: Node): { paras: Para[]; defaultSize: number | null } {
  const lvl1 = txBody?.['a:lstStyle']?.['a:lvl1pPr']?.['a:defRPr'];
  const defaultSize = lvl1?.['@sz'] ? Number(lvl1['@sz']) / 100 : null;
  const paras = list(txBody?.['a:p']).map((p: Node): Para => {
    const runs = [...list(p['a:r']), ...list(p['a:fld'])];
    const sizes = runs.map((r) => r['a:rPr']?.['@sz']).filter((s) => s !== undefined).map((s) => Number(s) / 100);
    const pPr = p['a:pPr'] ?? {};
    return {
      text: runs.map((r) => textOf(r['a:t'])).join(''),
      size: sizes.length ? Math.max(...sizes) : null,
      endSize: p['a:endParaRPr']?.['@sz'] ? Number(p['a:endParaRPr']['@sz']) / 100 : null,
      bold: runs.some((r) => r['a:rPr']?.['@b'] === '1' || r['a:rPr']?.['@b'] === 'true'),
      spaceBefore: num(pPr['a:spcBef']?.['a:spcPts']?.['@val'], 0) / 100,
      spaceAfter: num(pPr['a:spcAft']?.['a:spcPts']?.['@val'], 0) / 100,
    };
  });
  return { paras, defaultSize };
}

function readSlide(xml: string, number: number, notes: string): SlideDoc {
  const tree = parser.parse(xml)['p:sld']['p:cSld']['p:spTree'];
  const boxes: Box[] = [];
  const tables: Table[] = [];
  const texts: string[] = [];
  for (const sp of list(tree['p:sp'])) {
    if (!sp['p:txBody']) continue;
    const xfrm = sp['p:spPr']['a:xfrm'];
    const body = sp['p:txBody']['a:bodyPr'] ?? {};
    const { paras, defaultSize } = readParas(sp['p:txBody']);
    if (!paras.some((p) => p.text)) continue;
    texts.push(...paras.map((p) => p.text));
    boxes.push({
      kind: 'shape',
      name: sp['p:nvSpPr']['p:cNvPr']['@name'],
      x: Number(xfrm['a:off']['@x']),
      y: Number(xfrm['a:off']['@y']),
      w: Number(xfrm['a:ext']['@cx']),
      h: Number(xfrm['a:ext']['@cy']),
      insets: { l: num(body['@lIns'], 91440), r: num(body['@rIns'], 91440), t: num(body['@tIns'], 45720), b: num(body['@bIns'], 45720) },
      defaultSize,
      paras,
    });
  }
  for (const frame of list(tree['p:graphicFrame'])) {
    const tbl = frame['a:graphic']?.['a:graphicData']?.['a:tbl'];
    if (!tbl) continue;
    const x0 = Number(frame['p:xfrm']['a:off']['@x']);
    const y0 = Number(frame['p:xfrm']['a:off']['@y']);
    const cols = list(tbl['a:tblGrid']['a:gridCol']).map((c: Node) => Number(c['@w']));
    const rows: string[][] = [];
    let y = y0;
    for (const tr of list(tbl['a:tr'])) {
      const h = Number(tr['@h']);
      let col = 0;
      const row: string[] = [];
      for (const tc of list(tr['a:tc'])) {
        const span = num(tc['@gridSpan'], 1);
        const { paras, defaultSize } = readParas(tc['a:txBody']);
        const pr = tc['a:tcPr'] ?? {};
        const text = paras.map((p) => p.text).join('\n');
        row.push(text);
        texts.push(...paras.map((p) => p.text));
        if (text && tc['@hMerge'] !== '1') {
          boxes.push({
            kind: 'cell',
            name: `${frame['p:nvGraphicFramePr']['p:cNvPr']['@name']} r${rows.length} c${col}`,
            x: x0 + cols.slice(0, col).reduce((a, b) => a + b, 0),
            y,
            w: cols.slice(col, col + span).reduce((a, b) => a + b, 0),
            h,
            insets: { l: num(pr['@marL'], 91440), r: num(pr['@marR'], 91440), t: num(pr['@marT'], 45720), b: num(pr['@marB'], 45720) },
            defaultSize,
            paras,
          });
        }
        col += span;
      }
      rows.push(row);
      y += h;
    }
    tables.push({ name: frame['p:nvGraphicFramePr']['p:cNvPr']['@name'], x: x0, y: y0, w: cols.reduce((a, b) => a + b, 0), h: y - y0, rows });
  }
  const media = list(tree['p:pic'])
    .filter((pic: Node) => pic['p:nvPicPr']['p:nvPr']?.['a:videoFile'] || pic['p:nvPicPr']['p:nvPr']?.['a:audioFile'])
    .map((pic: Node): Media => {
      const xfrm = pic['p:spPr']['a:xfrm'];
      return { name: pic['p:nvPicPr']['p:cNvPr']['@name'], x: Number(xfrm['a:off']['@x']), y: Number(xfrm['a:off']['@y']), w: Number(xfrm['a:ext']['@cx']), h: Number(xfrm['a:ext']['@cy']) };
    });
  return { number, boxes, tables, media, texts, notes };
}

function notesText(xml: string): string {
  const tree = parser.parse(xml)['p:notes']['p:cSld']['p:spTree'];
  return list(tree['p:sp'])
    .filter((sp: Node) => sp['p:nvSpPr']?.['p:nvPr']?.['p:ph']?.['@type'] === 'body')
    .flatMap((sp: Node) => readParas(sp['p:txBody']).paras.map((p) => p.text))
    .join('\n');
}

const relsOf = (xml: string) => new Map(list(parser.parse(xml).Relationships.Relationship).map((r: Node) => [r['@Id'], r] as const));
const resolve = (base: string, target: string) => new URL(target, `file:///${base}`).pathname.slice(1);

async function readDeck(bytes: Uint8Array): Promise<Deck> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (path: string) => {
    const file = zip.file(path);
    if (!file) throw new Error(`missing ${path}`);
    return file.async('string');
  };
  const presentation = parser.parse(await read('ppt/presentation.xml'))['p:presentation'];
  const rels = relsOf(await read('ppt/_rels/presentation.xml.rels'));
  const slides: SlideDoc[] = [];
  for (const [i, id] of list(presentation['p:sldIdLst']['p:sldId']).entries()) {
    const path = resolve('ppt/presentation.xml', rels.get(id['@r:id'])['@Target']);
    const slideRels = relsOf(await read(path.replace('slides/', 'slides/_rels/') + '.rels'));
    const notesRel = [...slideRels.values()].find((r: Node) => String(r['@Type']).endsWith('/notesSlide'));
    const notes = notesRel ? notesText(await read(resolve(path, notesRel['@Target']))) : '';
    slides.push(readSlide(await read(path), i + 1, notes));
  }
  const size = presentation['p:sldSz'];
  return { page: { cx: Number(size['@cx']), cy: Number(size['@cy']) }, slides };
}

/** Lines a paragraph takes at `charsPerLine`: greedy at spaces, a word longer than a line broken where it ends. */
function wrappedLines(text: string, charsPerLine: number): number {
  let lines = 1;
  let col = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const len = Array.from(word).length;
    if (col > 0 && col + 1 + len <= charsPerLine) {
      col += 1 + len;
      continue;
    }
    if (col > 0) lines++;
    const extra = Math.floor((len - 1) / charsPerLine);
    lines += extra;
    col = len - extra * charsPerLine;
  }
  return lines;
}

/** Why the text of a box would not fit in it, or null. */
function overflow(box: Box): string | null {
  const innerW = (box.w - box.insets.l - box.insets.r) / EMU_PER_PT;
  const innerH = (box.h - box.insets.t - box.insets.b) / EMU_PER_PT;
  let height = 0;
  for (const p of box.paras) {
    const size = p.size ?? box.defaultSize ?? 18;
    const cpl = Math.floor(innerW / ((p.bold ? BOLD_GLYPH_EM : GLYPH_EM) * size));
    if (cpl < 1) return `${box.name}: too narrow for ${size} pt`;
    const lineSize = Math.max(size, p.endSize ?? 0);
    height += p.spaceBefore + p.spaceAfter + wrappedLines(p.text, cpl) * LINE_EM * lineSize;
  }
  return height <= innerH + 0.01 ? null : `${box.name}: needs ${height.toFixed(1)} pt, has ${innerH.toFixed(1)} pt ("${box.paras.map((p) => p.text).join(' / ').slice(0, 80)}")`;
}

const intersects = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.01 * EMU_PER_IN && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.01 * EMU_PER_IN;

/** Everything wrong with the layout of a deck: overflowing text, text below the minimum size, boxes off the page or
 * on top of each other. */
function layoutProblems(deck: Deck): string[] {
  const problems: string[] = [];
  for (const slide of deck.slides) {
    const at = `slide ${slide.number}`;
    for (const box of slide.boxes) {
      const why = overflow(box);
      if (why) problems.push(`${at}: ${why}`);
      for (const p of box.paras) {
        const size = p.size ?? box.defaultSize;
        if (size === null || size < MIN_FONT_PT) problems.push(`${at}: ${box.name} set at ${size} pt`);
      }
    }
    const frames = [...slide.boxes.filter((b) => b.kind === 'shape'), ...slide.tables.map((t) => ({ ...t, name: t.name })), ...slide.media];
    for (const f of frames) {
      if (f.x < 0 || f.y < 0 || f.x + f.w > deck.page.cx + 1 || f.y + f.h > deck.page.cy + 1) problems.push(`${at}: ${f.name} leaves the page`);
    }
    frames.forEach((a, i) =>
      frames.slice(i + 1).forEach((b) => {
        if (intersects(a, b)) problems.push(`${at}: ${a.name} overlaps ${b.name}`);
      }),
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the deck as a researcher would

const space = (s: string) => s.replace(/\s+/g, ' ').trim();
const titleOf = (slide: SlideDoc) => slide.boxes.find((b) => b.name === 'Title')?.paras.map((p) => p.text).join(' ') ?? '';

/** How a quote is shown on a slide: in full, or a verbatim prefix ending in "…"; null when it is not there. */
function shownQuote(slide: SlideDoc, quote: ExportQuote): { full: boolean; kept: string } | null {
  const full = space(quote.text);
  for (const text of slide.texts) {
    if (!text.startsWith('“') || !text.endsWith('”')) continue;
    const inner = text.slice(1, -1);
    if (inner === full) return { full: true, kept: inner };
    if (inner.endsWith('…')) {
      const kept = inner.slice(0, -1).trimEnd();
      if (kept.length > 0 && full.startsWith(kept)) return { full: false, kept };
    }
  }
  return null;
}

interface Walk {
  title: SlideDoc;
  summary: SlideDoc[];
  chart: SlideDoc[];
  themes: Array<{ divider: SlideDoc; insights: Array<{ insight: ExportInsight; slides: SlideDoc[] }> }>;
  appendix: SlideDoc[];
}

/** Walks the deck in the order the model says it must follow, failing at the first slide out of place. */
function walk(deck: Deck, model: ExportModel): Walk {
  const slides = deck.slides;
  let i = 0;
  const next = () => {
    const slide = slides[i++];
    expect(slide, `slide ${i} is missing`).toBeDefined();
    return slide;
  };
  const title = next();
  expect(title.texts).toContain('Research findings');
  const summary = [next()];
  expect(summary[0].texts[0]).toBe('Summary');
  // A long summary has slides of its own, then the themes follow on "Themes" and "Themes (continued)".
  while (slides[i]?.texts[0] === 'Summary') summary.push(next());
  const chart = [next()];
  expect(chart[0].texts[0]).toBe('Evidence map');
  while (slides[i]?.texts[0] === 'Evidence map') chart.push(next());

  const themes = model.themes.map((theme, t) => {
    const divider = next();
    expect(divider.texts, `slide ${divider.number}: divider of ${theme.name}`).toContain(`Theme ${t + 1} of ${model.themes.length}`);
    const insights = theme.insights.map((insight) => {
      const first = next();
      const shown = titleOf(first);
      expect(shown === insight.title || (shown.endsWith('…') && insight.title.startsWith(shown.slice(0, -1))), `slide ${first.number}: "${shown}" for "${insight.title}"`).toBe(true);
      expect(first.texts[0], `slide ${first.number} names its theme`).toBe(theme.name);
      const all = [first];
      while (i < slides.length && titleOf(slides[i]).endsWith(' (continued)') && slides[i].texts[0] === theme.name) {
        const stem = titleOf(slides[i]).slice(0, -' (continued)'.length);
        expect(stem === insight.title || (stem.endsWith('…') && insight.title.startsWith(stem.slice(0, -1)))).toBe(true);
        all.push(next());
      }
      return { insight, slides: all };
    });
    return { divider, insights };
  });
  const appendix: SlideDoc[] = [];
  while (i < slides.length) appendix.push(next());
  expect(appendix.length).toBeGreaterThan(0);
  for (const slide of appendix) expect(slide.texts[0]).toBe('Appendix');
  return { title, summary, chart, themes, appendix };
}

async function render(model: ExportModel, clips?: ReadonlyMap<string, DeckClip>) {
  const bytes = await renderDeckPptx(model, clips);
  return { bytes, deck: await readDeck(bytes) };
}

// ---------------------------------------------------------------------------------------------------------------
// Model variants, made from the sample's real transcripts

const allInsights = (model: ExportModel) => model.themes.flatMap((t) => t.insights);

function withInsight(model: ExportModel, id: string, change: (insight: ExportInsight) => ExportInsight): ExportModel {
  return { ...model, themes: model.themes.map((t) => ({ ...t, insights: t.insights.map((i) => (i.id === id ? change(i) : i)) })) };
}

/** A quote of `length` characters that really is in the transcript: the span starting where `quote` starts. */
function longSpan(model: ExportModel, quote: ExportQuote, length: number): ExportQuote {
  const text = model.interviews.find((iv) => iv.id === quote.documentId)!.text;
  const span = text.slice(quote.start, quote.start + length);
  expect(span.length).toBe(length);
  return { ...quote, text: span, end: quote.start + length };
}

/** The sample, scaled up: 12 interviews (each sample interview three more times) and 12 themes. */
function bigModel(model: ExportModel): ExportModel {
  const copies = 4;
  const interviews = Array.from({ length: copies }, (_, k) => model.interviews.map((iv) => ({ ...iv, id: `${iv.id}-${k}`, name: `P${k}${iv.id.slice(-1)} ${iv.name}` }))).flat();
  const themes = Array.from({ length: 12 }, (_, k) => {
    const theme = model.themes[k % model.themes.length];
    return { ...theme, name: k < model.themes.length ? theme.name : `${theme.name}, again (${k})`, insights: theme.insights.map((i) => ({ ...i, id: `${i.id}-${k}` })) };
  });
  return {
    ...model,
    themes,
    interviews,
    counts: { ...model.counts, interviews: interviews.length, themes: themes.length },
    heatmap: {
      themes: themes.map((t) => t.name),
      interviews: interviews.map((iv) => iv.name),
      cells: themes.map((_, t) => interviews.map((_, i) => model.heatmap.cells[t % model.themes.length][i % model.interviews.length] + (t % 3 === 0 ? i % 4 : 0))),
    },
  };
}

/** The big model cut to `themes` themes and `interviews` interviews: one more than a slide holds of each. */
function sizedModel(model: ExportModel, themes: number, interviews: number): ExportModel {
  const big = bigModel(model);
  const kept = big.themes.slice(0, themes);
  return {
    ...big,
    themes: kept,
    interviews: big.interviews.slice(0, interviews),
    counts: { ...big.counts, themes: kept.length, interviews },
    heatmap: { themes: big.heatmap.themes.slice(0, themes), interviews: big.heatmap.interviews.slice(0, interviews), cells: big.heatmap.cells.slice(0, themes).map((row) => row.slice(0, interviews)) },
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('deck (.pptx)', () => {
  let model: ExportModel;
  let sample: { bytes: Uint8Array; deck: Deck };

  beforeAll(async () => {
    model = await sampleExportModel();
    sample = await render(model);
  }, 60_000);

  it('is a 16:9 presentation: title, summary, evidence map, then each theme’s divider and its insights in model order, then the appendix', () => {
    expect(sample.deck.page.cx / sample.deck.page.cy).toBeCloseTo(16 / 9, 2);
    const w = walk(sample.deck, model);
    expect(w.title.texts).toEqual(expect.arrayContaining([model.projectName, 'Research findings', '20 November 2026']));
    expect(w.title.texts.join(' ')).toContain(`${model.counts.interviews} interviews · ${model.counts.participants} participants · ${model.counts.insights} insights · ${model.counts.quotes} quotes`);
    expect(w.summary[0].texts).toContain(model.summary);
    // Themes continue on further summary slides when the first is full.
    const summaryTexts = w.summary.flatMap((slide) => slide.texts);
    for (const theme of model.themes) {
      expect(summaryTexts).toContain(theme.name);
      expect(summaryTexts.join('\n')).toContain(`${theme.insights.length} insight${theme.insights.length === 1 ? '' : 's'} · ${theme.quoteCount} quotes`);
    }
    w.themes.forEach(({ divider, insights }, t) => {
      const theme = model.themes[t];
      expect(titleOf(divider)).toBe(theme.name);
      expect(divider.texts.join('\n')).toContain(`${theme.insights.length} insight${theme.insights.length === 1 ? '' : 's'} · ${theme.interviewCount} interview`);
      const top = theme.insights.slice(0, 3).map((i) => i.title);
      expect(divider.texts.filter((t) => top.includes(t))).toEqual(top);
      expect(insights.map((x) => x.insight.id)).toEqual(theme.insights.map((i) => i.id));
    });
    const listed = w.appendix.flatMap((s) => s.tables.flatMap((t) => t.rows.slice(1).map((r) => r[0])));
    expect(listed).toEqual(model.interviews.map((iv) => iv.name));
    expect(sample.deck.slides.length).toBe(1 + w.summary.length + w.chart.length + w.themes.reduce((n, t) => n + 1 + t.insights.reduce((m, i) => m + i.slides.length, 0), 0) + w.appendix.length);
  });

  it('shows every quote of every insight with its citation on the same slide, in order, at most three to a slide', () => {
    const w = walk(sample.deck, model);
    let quotes = 0;
    for (const { insight, slides } of w.themes.flatMap((t) => t.insights)) {
      const where = insight.quotes.map((quote) => {
        const at = slides.findIndex((s) => shownQuote(s, quote) && s.texts.includes(quote.citation));
        expect(at, `“${quote.text.slice(0, 50)}…” with “${quote.citation}” in ${insight.title}`).toBeGreaterThanOrEqual(0);
        // The sample's quotes are short: each is shown whole.
        expect(shownQuote(slides[at], quote)!.full).toBe(true);
        quotes++;
        return at;
      });
      expect(where).toEqual([...where].sort((a, b) => a - b));
      for (const slide of slides) {
        // A title may be a participant's sentence in quotation marks: it is the slide's headline, not one of its quotes.
        const onSlide = slide.texts.filter((t) => t.startsWith('“') && t.endsWith('”') && t !== insight.title).length;
        expect(onSlide).toBeLessThanOrEqual(Math.min(3, PER_SLIDE.quotes));
      }
      expect(slides.length).toBe(Math.max(1, Math.ceil(insight.quotes.length / PER_SLIDE.quotes)));
      // An insight may have no description (the analyser leaves it empty when its quotes add nothing to the title).
      if (insight.description) expect(slides[0].texts).toContain(insight.description);
    }
    expect(quotes).toBe(model.counts.quotes);
    expect(quotes).toBeGreaterThan(20);
  });

  it('never lets text overflow its box, sets nothing below the minimum size, and keeps boxes on the page and apart', () => {
    expect(layoutProblems(sample.deck)).toEqual([]);
    const sizes = sample.deck.slides.flatMap((s) => s.boxes.flatMap((b) => b.paras.map((p) => p.size ?? b.defaultSize!)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(MIN_FONT_PT);
    // Quotes are set at the quote size, not shrunk.
    const titles = new Set(model.themes.flatMap((t) => t.insights.flatMap((i) => [i.title, `${i.title} (continued)`])));
    const quoteSizes = sample.deck.slides.flatMap((s) => s.boxes.flatMap((b) => b.paras.filter((p) => p.text.startsWith('“') && !titles.has(p.text)).map((p) => p.size)));
    expect(new Set(quoteSizes)).toEqual(new Set([FONT_PT.quote]));
  });

  it('catches an overflowing box (the check above can fail)', async () => {
    const pptx = new PptxGenJS();
    pptx.layout = 'LAYOUT_WIDE';
    const slide = pptx.addSlide();
    const quote = allInsights(model)[0].quotes[0].text;
    slide.addText(quote, { x: 1, y: 1, w: 2, h: 0.5, fontSize: 16, margin: 3.6, objectName: 'Too small' });
    slide.addText('Fits', { x: 1, y: 2, w: 2, h: 0.5, fontSize: 16, margin: 3.6, objectName: 'Fine' });
    slide.addText('Tiny', { x: 1, y: 3, w: 2, h: 0.5, fontSize: 8, margin: 3.6, objectName: 'Tiny' });
    slide.addText('Off the page', { x: 12.5, y: 3, w: 2, h: 0.5, fontSize: 12, margin: 3.6, objectName: 'Off' });
    slide.addText('On top', { x: 1.5, y: 2.1, w: 2, h: 0.5, fontSize: 12, margin: 3.6, objectName: 'On top' });
    const deck = await readDeck((await pptx.write({ outputType: 'uint8array' })) as Uint8Array);
    const problems = layoutProblems(deck);
    expect(problems.some((p) => p.startsWith('slide 1: Too small: needs'))).toBe(true);
    expect(problems.some((p) => p.includes('Fine: needs'))).toBe(false);
    expect(problems).toContain('slide 1: Tiny set at 8 pt');
    expect(problems).toContain('slide 1: Off leaves the page');
    expect(problems).toContain('slide 1: Fine overlaps On top');
  });

  it('puts the project name and the slide number in the footer of every slide but the title', () => {
    const [first, ...rest] = sample.deck.slides;
    expect(first.boxes.some((b) => b.name.startsWith('Slide Number'))).toBe(false);
    for (const slide of rest) {
      expect(slide.boxes.find((b) => b.name === 'Footer')?.paras[0].text).toBe(model.projectName);
      expect(slide.boxes.find((b) => b.name.startsWith('Slide Number'))?.paras[0].text).toBe(String(slide.number));
    }
  });

  it('draws the evidence map: one row per theme, one column per interview, the quote counts of the model', () => {
    // The map continues on further slides when it has more themes than one slide holds; each repeats the header.
    const tables = walk(sample.deck, model).chart.map((chart) => chart.tables[0]);
    for (const table of tables) expect(table.rows[0]).toEqual(['Theme', ...model.heatmap.interviews, 'All interviews']);
    const head = tables[0].rows[0];
    const rows = tables.flatMap((table) => table.rows.slice(1));
    expect(head).toEqual(['Theme', ...model.heatmap.interviews, 'All interviews']);
    expect(rows.map((r) => r[0])).toEqual(model.heatmap.themes);
    rows.forEach((row, t) => {
      const counts = model.heatmap.cells[t];
      expect(row.slice(1, -1)).toEqual(counts.map((n) => (n > 0 ? String(n) : '')));
      expect(row.at(-1)).toBe(String(counts.reduce((a, b) => a + b, 0)));
    });
  });

  it('trims a 2,000-character quote to a verbatim prefix ending in “…” at a word boundary, with its citation and the full text in the notes', async () => {
    const target = allInsights(model).find((i) => i.quotes.length >= 3 && model.interviews.find((iv) => iv.id === i.quotes[0].documentId)!.text.length > i.quotes[0].start + 2000)!;
    const long = longSpan(model, target.quotes[0], 2000);
    const variant = withInsight(model, target.id, (i) => ({ ...i, quotes: [long, ...i.quotes.slice(1)] }));
    const { deck } = await render(variant);
    expect(layoutProblems(deck)).toEqual([]);
    const { slides } = walk(deck, variant)
      .themes.flatMap((t) => t.insights)
      .find((x) => x.insight.id === target.id)!;
    const slide = slides.find((s) => shownQuote(s, long))!;
    expect(slide).toBeDefined();
    const shown = shownQuote(slide, long)!;
    const full = space(long.text);
    expect(shown.full).toBe(false);
    expect(full.startsWith(shown.kept)).toBe(true);
    expect(full.slice(shown.kept.length)).toMatch(/^[^\p{L}\p{N}]*\s/u); // cut between words
    expect(shown.kept.length).toBeGreaterThan(400);
    expect(shown.kept.length).toBeLessThan(1200);
    expect(slide.texts).toContain(long.citation);
    // Set at the quote size: trimmed, not shrunk.
    const para = slide.boxes.flatMap((b) => b.paras).find((p) => p.text.startsWith(`“${shown.kept}`))!;
    expect(para.size).toBe(FONT_PT.quote);
    // The presenter still has every word of it.
    expect(slide.notes).toContain(long.text.trim());
    // The insight's other quotes still follow, in full.
    for (const quote of target.quotes.slice(1)) expect(slides.some((s) => shownQuote(s, quote)?.full && s.texts.includes(quote.citation))).toBe(true);
  });

  it('keeps a quote’s timestamp in its citation even when a long interview name and speaker must be shortened', async () => {
    const target = allInsights(model)[0];
    const quote = target.quotes[0];
    const name = space(`Interview with the head of research operations ${'and her whole regional team of analysts '.repeat(5)}`).slice(0, 200);
    const speaker = 'Dr. Maria Fernanda da Silva Albuquerque, Head of Research Operations';
    const timed: ExportQuote = { ...quote, speaker, ts: 3723, time: '1:02:03', documentName: name, citation: `— ${speaker}, ${name} · 1:02:03` };
    const variant = withInsight(model, target.id, (i) => ({ ...i, quotes: [timed, ...i.quotes.slice(1)] }));
    const { deck } = await render(variant);
    expect(layoutProblems(deck)).toEqual([]);
    const { slides } = walk(deck, variant)
      .themes.flatMap((t) => t.insights)
      .find((x) => x.insight.id === target.id)!;
    const slide = slides.find((s) => shownQuote(s, timed))!;
    const citation = slide.texts.find((t) => t.startsWith(`— ${speaker}`))!;
    expect(citation).toMatch(/… · 1:02:03$/);
    expect(timed.citation.startsWith(citation.slice(0, -' · 1:02:03'.length - 1))).toBe(true);
  });

  it('continues an insight with many quotes on "(continued)" slides, every quote with its citation', async () => {
    const target = allInsights(model)[0];
    const borrowed = allInsights(model).flatMap((i) => i.quotes).slice(0, 8);
    const variant = withInsight(model, target.id, (i) => ({ ...i, quotes: borrowed }));
    const { deck } = await render(variant);
    expect(layoutProblems(deck)).toEqual([]);
    const { slides } = walk(deck, variant)
      .themes.flatMap((t) => t.insights)
      .find((x) => x.insight.id === target.id)!;
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(slides.slice(1).every((s) => titleOf(s).endsWith(' (continued)'))).toBe(true);
    expect(slides.slice(1).some((s) => s.texts.includes(target.description))).toBe(false);
    for (const quote of borrowed) expect(slides.filter((s) => shownQuote(s, quote)?.full && s.texts.includes(quote.citation))).toHaveLength(1);
  });

  it('shortens titles longer than the limit with an ellipsis at a word boundary, on insight, continued and divider slides', async () => {
    const target = allInsights(model).find((i) => i.quotes.length > PER_SLIDE.quotes)!;
    const longTitle = space(`${target.title}: ${allInsights(model).flatMap((i) => i.quotes).find((q) => q.text.length > 200)!.text}`);
    expect(longTitle.length).toBeGreaterThan(200);
    const variant = withInsight(model, target.id, (i) => ({ ...i, title: longTitle }));
    const { deck } = await render(variant);
    expect(layoutProblems(deck)).toEqual([]);
    const w = walk(deck, variant);
    const { slides } = w.themes.flatMap((t) => t.insights).find((x) => x.insight.id === target.id)!;
    const title = titleOf(slides[0]);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThan(longTitle.length);
    expect(longTitle.startsWith(title.slice(0, -1))).toBe(true);
    expect(longTitle.slice(title.length - 1)).toMatch(/^[^\p{L}\p{N}]*\s/u);
    const continued = titleOf(slides[1]);
    expect(continued).toMatch(/\S… \(continued\)$/);
    expect(longTitle.startsWith(continued.slice(0, -'… (continued)'.length))).toBe(true);
    const divider = w.themes.find((t) => t.insights.some((x) => x.insight.id === target.id))!.divider;
    const top = divider.texts.find((t) => t.endsWith('…') && longTitle.startsWith(t.slice(0, -1)));
    expect(top, 'the divider lists the long title, shortened').toBeDefined();
  });

  it('pages a big project: summary, evidence map and appendix continue, every heatmap count lands in its row and column', async () => {
    const big = bigModel(model);
    const { deck } = await render(big);
    expect(layoutProblems(deck)).toEqual([]);
    const w = walk(deck, big);
    expect(w.summary.length).toBeGreaterThan(1);
    const summarised = w.summary.flatMap((s) => s.boxes.filter((b) => /^Theme \d+$/.test(b.name)).map((b) => b.paras[0].text));
    expect(summarised).toEqual(big.themes.map((t) => t.name));
    expect(w.chart.length).toBeGreaterThan(2);
    const found = new Map<string, string>();
    for (const table of w.chart.flatMap((s) => s.tables)) {
      const [head, ...rows] = table.rows;
      for (const row of rows) {
        row.slice(1, -1).forEach((value, c) => {
          const t = big.heatmap.themes.findIndex((name) => name === row[0]);
          const header = head[c + 1];
          const i = big.heatmap.interviews.findIndex((name) => name === header || (header.endsWith('…') && name.startsWith(header.slice(0, -1))));
          expect(t, row[0]).toBeGreaterThanOrEqual(0);
          expect(i, header).toBeGreaterThanOrEqual(0);
          found.set(`${t}/${i}`, value);
        });
      }
    }
    big.heatmap.cells.forEach((row, t) => row.forEach((n, i) => expect(found.get(`${t}/${i}`), `${t}/${i}`).toBe(n > 0 ? String(n) : '')));
    expect(w.appendix.length).toBe(Math.ceil(big.interviews.length / PER_SLIDE.appendixInterviews));
    const listed = w.appendix.flatMap((s) => s.tables.flatMap((t) => t.rows.slice(1).map((r) => r[0])));
    listed.forEach((name, i) => expect(name === big.interviews[i].name || (name.endsWith('…') && big.interviews[i].name.startsWith(name.slice(0, -1)))).toBe(true));
    expect(listed).toHaveLength(big.interviews.length);
  });

  it('renders a project without insights: title, summary, an empty evidence map and the appendix', async () => {
    const empty: ExportModel = {
      ...model,
      themes: [],
      counts: { ...model.counts, insights: 0, quotes: 0, themes: 0 },
      heatmap: { themes: [], interviews: model.heatmap.interviews, cells: [] },
      summary: '3 interviews, no insights yet.',
    };
    const { deck } = await render(empty);
    expect(layoutProblems(deck)).toEqual([]);
    expect(deck.slides.map((s) => s.texts[0])).toEqual([model.projectName, 'Summary', 'Evidence map', 'Appendix']);
    expect(deck.slides[2].texts).toContain('No quotes yet.');
  });

  it('is a valid zip a presentation app can open, generated quickly', async () => {
    const zip = await JSZip.loadAsync(sample.bytes);
    expect(zip.file('[Content_Types].xml')).not.toBeNull();
    expect(zip.file('ppt/presentation.xml')).not.toBeNull();
    const started = performance.now();
    await renderDeckPptx(model);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('a deck made while interviews wait for their roles', () => {
  it('tells the presenter, in the title slide’s notes, which interviews it leaves out and why', async () => {
    const model = await sampleExportModel();
    const leftOut = [{ name: 'Catch-up 1', reason: 'its speakers’ roles wait to be checked' }];
    const [title] = (await readDeck(await renderDeckPptx({ ...model, leftOut }))).slides;
    expect(title.notes).toContain('1 interview is left out: Catch-up 1, because its speakers’ roles wait to be checked.');
    const [plain] = (await readDeck(await renderDeckPptx(model))).slides;
    expect(plain.notes).not.toContain('left out');
  });
});

describe('"(continued)" slides', () => {
  it('share the rows evenly: an evidence map or appendix one row or column too long for a slide splits in halves, never leaving one alone', async () => {
    const model = sizedModel(await sampleExportModel(), PER_SLIDE.heatmapThemes + 1, Math.max(PER_SLIDE.heatmapInterviews, PER_SLIDE.appendixInterviews) + 1);
    const { deck } = await render(model);
    expect(layoutProblems(deck)).toEqual([]);
    const w = walk(deck, model);
    const rows = (slide: SlideDoc) => slide.tables[0].rows.length - 1;
    const columns = (slide: SlideDoc) => slide.tables[0].rows[0].length - 2;
    expect(w.chart.length).toBe(4);
    expect(w.chart.map(rows)).toEqual([4, 4, 4, 4]);
    expect(new Set(w.chart.map(columns))).toEqual(new Set([5, 4]));
    expect(w.appendix.map(rows)).toEqual([5, 4]);
  });

  it('share an insight’s quotes evenly: four quotes go two and two', async () => {
    const sample = await sampleExportModel();
    const target = allInsights(sample)[0];
    const short = allInsights(sample)
      .flatMap((i) => i.quotes)
      .filter((q) => q.text.length < 120)
      .slice(0, PER_SLIDE.quotes + 1);
    expect(short).toHaveLength(4);
    const model = withInsight(sample, target.id, (i) => ({ ...i, description: '', quotes: short }));
    const { deck } = await render(model);
    const { slides } = walk(deck, model)
      .themes.flatMap((t) => t.insights)
      .find((x) => x.insight.id === target.id)!;
    expect(slides.map((slide) => short.filter((q) => shownQuote(slide, q)).length)).toEqual([2, 2]);
  });
});

describe('a deck whose quotes have clips', () => {
  it('sets each clip beside its quote, level with it and inside the content, every quote still on its slide with its citation, nothing overlapping', async () => {
    const sample = await sampleExportModel();
    // One insight with a 1,500-character quote and four quotes in all: its clips take room on "(continued)" slides too.
    const room = (q: ExportQuote) => sample.interviews.find((iv) => iv.id === q.documentId)!.text.length - q.start;
    const target = allInsights(sample).find((i) => i.quotes.length > 0 && room(i.quotes[0]) >= 1500)!;
    const others = allInsights(sample).flatMap((i) => i.quotes).filter((q) => !target.quotes.includes(q) && q.text.length < 120).slice(0, 3);
    const model = withInsight(sample, target.id, (i) => ({ ...i, quotes: [longSpan(sample, i.quotes[0], 1500), ...others] }));
    // Sound and video, and every fourth quote without a clip.
    const quotes = deckQuotes(model);
    const clips = new Map<string, DeckClip>(
      quotes.flatMap((q, i) => (i % 4 === 3 ? [] : [[deckClipKey(q), { bytes: new Uint8Array([i % 256]), hasVideo: i % 2 === 0, title: `Clip ${i + 1}` }] as const])),
    );
    expect(clips.size).toBeGreaterThan(20);
    const { deck } = await render(model, clips);
    expect(layoutProblems(deck)).toEqual([]);

    let placed = 0;
    for (const { insight, slides } of walk(deck, model).themes.flatMap((t) => t.insights)) {
      for (const quote of insight.quotes) {
        const slide = slides.find((s) => shownQuote(s, quote) && s.texts.includes(quote.citation));
        expect(slide, `“${quote.text.slice(0, 50)}…” in ${insight.title}`).toBeDefined();
        const clip = clips.get(deckClipKey(quote));
        if (!clip) continue;
        const frame = slide!.media.find((m) => m.name === `Clip: ${clip.title}`);
        expect(frame, `${clip.title} on slide ${slide!.number}`).toBeDefined();
        const kept = shownQuote(slide!, quote)!.kept;
        const box = slide!.boxes.find((b) => b.paras[0]?.text.startsWith(`“${kept}`))!;
        // Beside its quote: level with its top, to its right, within the content's bottom.
        expect(frame!.y).toBe(box.y);
        expect(frame!.x).toBeGreaterThan(box.x + box.w);
        expect(frame!.y + frame!.h).toBeLessThanOrEqual(CONTENT_BOTTOM * EMU_PER_IN + 1);
        expect(frame!.w / frame!.h).toBeCloseTo(clip.hasVideo ? 16 / 9 : 1, 2);
        placed++;
      }
    }
    // A quote shown twice (under two insights) carries its clip both times.
    const shownWithClip = quotes.filter((q) => clips.has(deckClipKey(q))).length;
    expect(shownWithClip).toBeGreaterThanOrEqual(clips.size);
    expect(placed).toBe(shownWithClip);
    expect(deck.slides.reduce((n, s) => n + s.media.length, 0)).toBe(shownWithClip);
    // The long quote is cut to a verbatim prefix beside its clip, and continues with the rest on further slides.
    const long = walk(deck, model).themes.flatMap((t) => t.insights).find((x) => x.insight.id === target.id)!;
    expect(long.slides.length).toBeGreaterThan(1);
  });

  it('catches a clip on top of a quote (the check above can fail)', async () => {
    const model = await sampleExportModel();
    const [quote] = deckQuotes(model);
    const { deck } = await render(model, new Map([[deckClipKey(quote), { bytes: new Uint8Array([1]), hasVideo: true, title: 'Moved' }]]));
    const slide = deck.slides.find((s) => s.media.length > 0)!;
    const box = slide.boxes.find((b) => b.name === 'Quote 1')!;
    slide.media[0] = { ...slide.media[0], x: box.x, y: box.y };
    expect(layoutProblems(deck)).toContain(`slide ${slide.number}: Quote 1 overlaps Clip: Moved`);
  });
});

describe('the key findings deck (.pptx)', () => {
  let model: ExportModel;
  let deck: Deck;

  beforeAll(async () => {
    model = await sampleExportModel();
    deck = await readDeck(await renderShortDeckPptx(model));
  }, 60_000);

  it('holds about fifteen slides: title, summary, the findings with the most evidence one to a slide, then the method', () => {
    expect(layoutProblems(deck)).toEqual([]);
    const [title, ...rest] = deck.slides;
    expect(title.texts).toEqual(expect.arrayContaining([model.projectName, 'Key findings']));
    const kickers = rest.map((slide) => slide.texts[0]);
    const findings = kickers.filter((k) => k.startsWith('Finding '));
    const withQuotes = allInsights(model).filter((i) => i.quotes.length > 0);
    expect(findings).toHaveLength(Math.min(SHORT_DECK_FINDINGS, withQuotes.length));
    expect(kickers.at(-1)).toBe('Method');
    expect(kickers.filter((k) => k === 'Summary').length).toBeGreaterThan(0);
    expect(kickers).toEqual([...kickers.filter((k) => k === 'Summary'), ...findings, 'Method']);
    expect(deck.slides.length).toBeLessThanOrEqual(16);
  });

  it('shows each finding with its support and one of its own quotes, whole, with its citation, strongest evidence first', () => {
    const slides = deck.slides.filter((slide) => slide.texts[0].startsWith('Finding '));
    const byTitle = new Map(allInsights(model).map((i) => [i.title, i]));
    const shown = slides.map((slide) => {
      const insight = byTitle.get(titleOf(slide))!;
      expect(insight, titleOf(slide)).toBeDefined();
      expect(slide.texts).toContain(`${insight.documentIds.length} of ${model.counts.interviews} interviews · ${insight.quotes.length} quote${insight.quotes.length === 1 ? '' : 's'}`);
      const quotes = insight.quotes.filter((q) => shownQuote(slide, q)?.full && slide.texts.includes(q.citation));
      expect(quotes, insight.title).toHaveLength(1);
      return insight;
    });
    const evidence = shown.map((i) => [i.documentIds.length, i.quotes.length]);
    expect(evidence).toEqual([...evidence].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    const left = allInsights(model).filter((i) => i.quotes.length > 0 && !shown.includes(i));
    for (const insight of left) expect(insight.quotes.length).toBeLessThanOrEqual(shown.at(-1)!.quotes.length);
  });

  it('says in its method, as the report does, how many quotes no longer matched their transcript and which interviews it leaves out', async () => {
    const leftOut = [{ name: 'Catch-up 1', reason: 'its speakers’ roles wait to be checked' }];
    const method = (await readDeck(await renderShortDeckPptx({ ...model, droppedQuotes: 2, leftOut }))).slides.at(-1)!;
    expect(method.texts[0]).toBe('Method');
    expect(method.texts).toContain('2 quotes no longer matched their transcript and were left out.');
    expect(method.texts).toContain('1 interview is left out: Catch-up 1, because its speakers’ roles wait to be checked.');
    expect(deck.slides.at(-1)!.texts.join(' ')).not.toContain('no longer matched');
  });

  it('says in its method that no interviews have been uploaded when the project has none', async () => {
    const empty: ExportModel = {
      ...model,
      interviews: [],
      themes: [],
      period: null,
      counts: { ...model.counts, interviews: 0, participants: 0, insights: 0, quotes: 0, themes: 0 },
      heatmap: { themes: [], interviews: [], cells: [] },
      findings: [],
    };
    const method = (await readDeck(await renderShortDeckPptx(empty))).slides.at(-1)!;
    expect(method.texts).toContain('No interviews have been uploaded yet.');
    expect(method.texts.join(' ')).not.toMatch(/0 interviews uploaded/);
  });
});

describe('a long summary', () => {
  const sentencesOf = (text: string) => text.split(/(?<=\.)\s+/);
  const summaryBoxes = (deck: Deck) => deck.slides.filter((slide) => slide.texts[0] === 'Summary').flatMap((slide) => slide.boxes.filter((b) => b.name === 'Summary'));

  it('is shrunk under the headline when that is enough to show it whole above the themes', async () => {
    const [first, , third] = sentencesOf(LONG_SUMMARY);
    const summary = `${first} ${third}`;
    const model = { ...(await sampleExportModel()), summary };
    const deck = await readDeck(await renderDeckPptx(model));
    expect(layoutProblems(deck)).toEqual([]);
    const [box] = summaryBoxes(deck);
    expect(box.paras.map((p) => [p.text, p.size])).toEqual([[summary, FONT_PT.headlineSmall]]);
    expect(deck.slides[1].boxes.some((b) => /^Theme \d+$/.test(b.name))).toBe(true);
  });

  it('takes slides of its own, a paragraph to a sentence, never cut within one, and the themes follow', async () => {
    const again = LONG_SUMMARY.replaceAll('4 of 4', 'Four of four').replaceAll('3 of 4', 'Three of four').replaceAll('2 of 4', 'Two of four');
    for (const summary of [LONG_SUMMARY, `${LONG_SUMMARY} ${again} ${LONG_SUMMARY}`]) {
      const model = { ...(await sampleExportModel()), summary };
      const deck = await readDeck(await renderDeckPptx(model));
      expect(layoutProblems(deck)).toEqual([]);
      const shown = summaryBoxes(deck).flatMap((box) => box.paras.map((p) => p.text));
      expect(shown).toEqual(sentencesOf(summary));
      if (summary === LONG_SUMMARY) expect(summaryBoxes(deck)).toHaveLength(1);
      else expect(summaryBoxes(deck).length).toBeGreaterThan(1);
      const w = walk(deck, model);
      expect(w.summary.length).toBe(summaryBoxes(deck).length + 1);
      expect(titleOf(w.summary.at(-1)!)).toBe('Themes');
    }
  });
});
