import { deckClipKey, NO_CLIPS, type DeckClip, type DeckClips } from './deck-clips';
import { leftOutSentence, type ExportInsight, type ExportModel, type ExportQuote, type ExportTheme } from '../export-model';
import {
  CLIP_SOUND,
  CLIP_VIDEO,
  COLOURS,
  CONTENT_BOTTOM,
  CONTENT_W,
  CONTINUED,
  FONT_PT,
  FOOTER_Y,
  HEADER_Y,
  MARGIN_X,
  MAX_LINES,
  PAGE,
  PER_SLIDE,
  heatFill,
  heatText,
} from './deck-style';
import { balancedChunks, balancedRuns } from './balance';
import { BOX_INSET_PT, boxForLines, capacity, fitQuote, fitText, fits, heightForLines, heightForParagraphs, lineCount, normaliseSpace, type FittedQuote } from './fit-text';
import { plural } from '@verbatim/contract/plural';

/**
 * The deck as a list of slides with every box placed and every text fitted: model in, geometry out. Pure; the
 * pptx writer only draws what this decides.
 *
 * Order: title, summary, evidence map (themes × interviews), then per theme a divider and its insights
 * (strongest first, quotes with their citations, continued on further slides when they do not fit), then an
 * appendix listing the interviews.
 */

export type Align = 'left' | 'center' | 'right';

export interface Paragraph {
  text: string;
  fontSize: number;
  bold?: boolean;
  colour: string;
  /** Space before the paragraph, in points. */
  spaceBefore?: number;
}

export interface TextItem {
  kind: 'text';
  /** Shape name, shown in PowerPoint's selection pane ("Title", "Quote 2", ...). */
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  paragraphs: Paragraph[];
  align?: Align;
}

export interface RectItem {
  kind: 'rect';
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}

export interface TableCell {
  text: string;
  fontSize: number;
  bold?: boolean;
  colour: string;
  fill?: string;
  align?: Align;
}

export interface TableItem {
  kind: 'table';
  name: string;
  x: number;
  y: number;
  colW: number[];
  rowH: number[];
  rows: TableCell[][];
  /** Cell borders: white gaps between heatmap tiles, thin rules between appendix rows. */
  border: { pt: number; colour: string };
}

/** A quote's clip, played on its slide (a video, or sound behind a play button). */
export interface MediaItem {
  kind: 'media';
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  clip: DeckClip;
}

export type DeckItem = TextItem | RectItem | TableItem | MediaItem;

export type SlideKind = 'title' | 'summary' | 'chart' | 'theme' | 'insight' | 'finding' | 'method' | 'appendix';

export interface DeckSlide {
  kind: SlideKind;
  /** PowerPoint section the slide belongs to. */
  section: string;
  /** Footer with the project name and a slide number (every slide but the title). */
  chrome: boolean;
  items: DeckItem[];
  /** Speaker notes: on insight slides, every quote on the slide in full with its citation. */
  notes: string;
}

/** Inner margin of table cells, in inches (the same as text boxes). */
export const CELL_INSET_IN = BOX_INSET_PT / 72;
/** Where the slide number sits on slides with chrome. */
export const SLIDE_NUMBER_BOX = { x: PAGE.w - MARGIN_X - 0.8, y: FOOTER_Y, w: 0.8, h: heightForLines(1, FONT_PT.footer) } as const;

const STRIPE_W = 0.25;
const COVER_X = 0.9;
const QUOTE_X = MARGIN_X + 0.25;
const QUOTE_W = CONTENT_W - 0.25;
const QUOTE_GAP = 0.22;
/** Between a quote and its clip beside it, in inches. */
const CLIP_BESIDE_GAP = 0.3;
const CITATION_SPACE_PT = 4;
const SUMMARY_ROW_H = 0.45;

/** The deck's slides; a quote with a clip (`clips`, by `deckClipKey`) carries it beside it on its slide. */
export function planDeck(model: ExportModel, clips: DeckClips = NO_CLIPS): DeckSlide[] {
  const chrome = withChrome(model);
  const sections = uniqueNames(['Overview', ...model.themes.map((t) => t.name), 'Appendix']);
  const themeSections = sections.slice(1, -1);

  return [
    titleSlide(model),
    ...summarySlides(model).map(chrome),
    ...heatmapSlides(model).map(chrome),
    ...model.themes.flatMap((theme, t) => [
      chrome(dividerSlide(theme, t, model.themes.length, themeSections[t])),
      ...theme.insights.flatMap((insight) => insightSlides(insight, theme, themeSections[t], clips).map(chrome)),
    ]),
    ...appendixSlides(model, sections[sections.length - 1]).map(chrome),
  ];
}

/** The quotes the deck shows, in its order: each quote of each insight of each theme. */
export function deckQuotes(model: ExportModel): ExportQuote[] {
  return model.themes.flatMap((theme) => theme.insights.flatMap((insight) => insight.quotes));
}

/** A slide with the footer (project name) and the slide number. */
export function withChrome(model: ExportModel): (slide: Omit<DeckSlide, 'chrome'>) => DeckSlide {
  const footer = footerItem(model.projectName);
  return (slide) => ({ ...slide, chrome: true, items: [...slide.items, footer] });
}

// ---------------------------------------------------------------------------------------------------------------
// Boxes

interface TextStyle {
  fontSize: number;
  bold?: boolean;
  colour: string;
  align?: Align;
}

/** A top-anchored text box at most `maxLines` tall, its text shortened with an ellipsis if need be. */
export function textItem(name: string, x: number, y: number, w: number, maxLines: number, style: TextStyle, text: string, suffix?: string): TextItem {
  const { align, ...paragraph } = style;
  const fitted = fitText(text, boxForLines(w, style.fontSize, maxLines, { bold: style.bold }), { suffix });
  return { kind: 'text', name, x, y, w, h: heightForLines(Math.max(1, fitted.lines), style.fontSize), paragraphs: [{ ...paragraph, text: fitted.text }], align };
}

const textOf = (item: TextItem) => item.paragraphs.map((p) => p.text).join('\n');

export const bottom = (item: { y: number; h: number }) => item.y + item.h;

function footerItem(projectName: string): TextItem {
  return textItem('Footer', MARGIN_X, FOOTER_Y, 9, 1, { fontSize: FONT_PT.footer, colour: COLOURS.muted }, projectName);
}

/** Kicker (small accent label) and title; returns the items and where content may start. */
export function header(kicker: string, title: string, suffix?: string): { items: DeckItem[]; top: number } {
  const kick = textItem('Kicker', MARGIN_X, HEADER_Y, CONTENT_W, 1, { fontSize: FONT_PT.kicker, bold: true, colour: COLOURS.accent }, kicker);
  const head = textItem('Title', MARGIN_X, bottom(kick) + 0.02, CONTENT_W, MAX_LINES.title, { fontSize: FONT_PT.title, bold: true, colour: COLOURS.text }, title, suffix);
  return { items: [kick, head], top: bottom(head) };
}

function stripe(): RectItem {
  return { kind: 'rect', name: 'Accent stripe', x: 0, y: 0, w: STRIPE_W, h: PAGE.h, fill: COLOURS.accent };
}

// ---------------------------------------------------------------------------------------------------------------
// Slides

export function titleSlide(model: ExportModel, subtitleText = 'Research findings'): DeckSlide {
  const w = PAGE.w - COVER_X - MARGIN_X;
  const name = textItem('Title', COVER_X, 2.1, w, MAX_LINES.cover, { fontSize: FONT_PT.cover, bold: true, colour: COLOURS.text }, model.projectName || 'Untitled project');
  const subtitle = textItem('Subtitle', COVER_X, bottom(name) + 0.1, w, 1, { fontSize: FONT_PT.coverSubtitle, colour: COLOURS.accent }, subtitleText);
  const date = textItem('Date', COVER_X, bottom(subtitle) + 0.35, w, 1, { fontSize: FONT_PT.coverMeta, colour: COLOURS.muted }, longDate(model.generatedAt));
  const { counts } = model;
  const line = [
    plural(counts.interviews, 'interview'),
    plural(counts.participants, 'participant'),
    plural(counts.insights, 'insight'),
    plural(counts.quotes, 'quote'),
    plural(counts.themes, 'theme'),
  ].join(' · ');
  const stats = textItem('Counts', COVER_X, bottom(date) + 0.05, w, 2, { fontSize: FONT_PT.coverMeta, colour: COLOURS.text }, line);
  // What the deck leaves out is said to the presenter, in the title slide's notes.
  const notes = model.leftOut.length > 0 ? leftOutSentence(model.leftOut) : '';
  return { kind: 'title', section: 'Overview', chrome: false, items: [stripe(), name, subtitle, date, stats], notes };
}

/** The summary's sizes, largest first, with the lines it may take above the themes at each: it shrinks before it moves. */
const HEADLINE_FITS: ReadonlyArray<{ fontSize: number; lines: number }> = [
  { fontSize: FONT_PT.headline, lines: MAX_LINES.headline },
  { fontSize: FONT_PT.headlineSmall, lines: MAX_LINES.headlineSmall },
];

/**
 * The summary, then the themes with their counts. A summary too long to head the themes' slide is set on slides of
 * its own, whole sentences to a slide (never cut within one), and the themes follow on a slide titled "Themes"; themes
 * that do not fit continue on "(continued)" slides, shared evenly.
 */
export function summarySlides(model: ExportModel): Array<Omit<DeckSlide, 'chrome'>> {
  const kick = textItem('Kicker', MARGIN_X, HEADER_Y, CONTENT_W, 1, { fontSize: FONT_PT.kicker, bold: true, colour: COLOURS.accent }, 'Summary');
  const textTop = bottom(kick) + 0.02;
  const headline = summaryHeadline(model.summary, textTop);
  const slides: Array<Omit<DeckSlide, 'chrome'>> = headline
    ? []
    : summaryPages(model.summary, textTop).map((page, i) => ({ kind: 'summary', section: 'Overview', items: [kick, page], notes: i === 0 ? model.summary : '' }));
  const maxQuotes = Math.max(1, ...model.themes.map((t) => t.quoteCount));
  const opening = (index: number): { items: DeckItem[]; top: number } => {
    if (index === 0 && headline) return { items: [kick, headline], top: bottom(headline) + 0.25 };
    const head = header('Summary', 'Themes', index > 0 ? CONTINUED : undefined);
    return { items: head.items, top: head.top + 0.25 };
  };
  const rowsTop = (top: number) => top + heightForLines(1, FONT_PT.label) + 0.05;
  // Below the headline at most PER_SLIDE.summaryThemes; a slide of themes alone holds as many as its height allows.
  const rooms = new Map<number, number>();
  const perSlide = (index: number) => {
    const key = Math.min(index, 1);
    if (!rooms.has(key)) {
      const room = Math.floor((CONTENT_BOTTOM - rowsTop(opening(key).top)) / SUMMARY_ROW_H);
      rooms.set(key, Math.max(1, key === 0 && headline ? Math.min(PER_SLIDE.summaryThemes, room) : room));
    }
    return rooms.get(key)!;
  };
  const chunks = model.themes.length > 0 ? balancedChunks(model.themes, perSlide) : [[]];
  chunks.forEach((themes, index) => {
    const { items, top } = opening(index);
    const label = textItem('Label', MARGIN_X, top, CONTENT_W, 1, { fontSize: FONT_PT.label, bold: true, colour: COLOURS.muted }, 'Themes');
    const y = rowsTop(top);
    const rows = themes.flatMap((theme, i) => summaryRow(theme, y + i * SUMMARY_ROW_H, maxQuotes, i));
    const empty = themes.length === 0 ? [textItem('Empty', MARGIN_X, y, CONTENT_W, 1, { fontSize: FONT_PT.body, colour: COLOURS.muted }, 'No insights yet.')] : [];
    slides.push({ kind: 'summary', section: 'Overview', items: [...items, label, ...empty, ...rows], notes: index === 0 && headline ? model.summary : '' });
  });
  return slides;
}

/** The summary as the headline above the themes, shrunk at most to the smaller headline size; null when it needs more. */
function summaryHeadline(summary: string, top: number): TextItem | null {
  for (const { fontSize, lines } of HEADLINE_FITS) {
    const box = boxForLines(CONTENT_W, fontSize, lines, { bold: true });
    if (fits(normaliseSpace(summary), box)) return textItem('Summary', MARGIN_X, top, CONTENT_W, lines, { fontSize, bold: true, colour: COLOURS.text }, summary);
  }
  return null;
}

/** Space between a long summary's sentences, each a paragraph of its own, in points. */
const SUMMARY_SENTENCE_SPACE_PT = 10;

/**
 * A long summary on slides of its own, a paragraph to a sentence: all of it on one slide when it fits there at a
 * headline size, else whole sentences to a slide at the headline size. Only a single sentence longer than a whole
 * slide is shortened (with an ellipsis).
 */
function summaryPages(summary: string, top: number): TextItem[] {
  const room = CONTENT_BOTTOM - top;
  const paragraphs = (run: readonly string[], fontSize: number) => {
    const box = { w: CONTENT_W, h: room, fontSize, bold: true };
    return run.map((text, i) => ({ text, lines: lineCount(text, box), fontSize, spaceBefore: i > 0 ? SUMMARY_SENTENCE_SPACE_PT : 0 }));
  };
  const height = (run: readonly string[], fontSize: number) => heightForParagraphs(paragraphs(run, fontSize));
  const page = (run: readonly string[], fontSize: number): TextItem => {
    if (height(run, fontSize) > room) {
      return textItem('Summary', MARGIN_X, top, CONTENT_W, Math.max(1, capacity({ w: CONTENT_W, h: room, fontSize, bold: true }).lines), { fontSize, bold: true, colour: COLOURS.text }, run.join(' '));
    }
    const set = paragraphs(run, fontSize).map(({ text, spaceBefore }): Paragraph => ({ text, fontSize, bold: true, colour: COLOURS.text, ...(spaceBefore ? { spaceBefore } : {}) }));
    return { kind: 'text', name: 'Summary', x: MARGIN_X, y: top, w: CONTENT_W, h: height(run, fontSize), paragraphs: set };
  };
  const all = sentences(summary);
  for (const { fontSize } of HEADLINE_FITS) if (height(all, fontSize) <= room) return [page(all, fontSize)];
  const fontSize = FONT_PT.headline;
  return balancedRuns(all, (run) => height(run, fontSize) <= room).map((run) => page(run, fontSize));
}

/** A text's sentences, each with its closing punctuation; a text without one is one sentence. */
export function sentences(text: string): string[] {
  return normaliseSpace(text)
    .split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .filter(Boolean);
}

function summaryRow(theme: ExportTheme, y: number, maxQuotes: number, i: number): DeckItem[] {
  const barX = 5.35;
  const barW = 2.6;
  const name = textItem(`Theme ${i + 1}`, MARGIN_X, y, barX - 0.15 - MARGIN_X, 1, { fontSize: FONT_PT.body, bold: true, colour: COLOURS.text }, theme.name);
  const countsX = barX + barW + 0.15;
  const counts = textItem(
    `Theme ${i + 1} counts`,
    countsX,
    y + 0.02,
    PAGE.w - MARGIN_X - countsX,
    1,
    { fontSize: FONT_PT.description, colour: COLOURS.muted, align: 'right' },
    [plural(theme.insights.length, 'insight'), plural(theme.quoteCount, 'quote'), plural(theme.interviewCount, 'interview')].join(' · '),
  );
  const track: RectItem = { kind: 'rect', name: `Theme ${i + 1} track`, x: barX, y: y + 0.12, w: barW, h: 0.14, fill: COLOURS.empty };
  const bar: RectItem = { kind: 'rect', name: `Theme ${i + 1} bar`, x: barX, y: y + 0.12, w: Math.max(0.06, (barW * theme.quoteCount) / maxQuotes), h: 0.14, fill: COLOURS.accent };
  return [name, track, bar, counts];
}

function heatmapSlides(model: ExportModel): Array<Omit<DeckSlide, 'chrome'>> {
  const { heatmap } = model;
  const title = 'Where each theme’s quotes come from';
  if (heatmap.themes.length === 0 || heatmap.interviews.length === 0) {
    const head = header('Evidence map', title);
    const empty = textItem('Empty', MARGIN_X, head.top + 0.3, CONTENT_W, 1, { fontSize: FONT_PT.body, colour: COLOURS.muted }, 'No quotes yet.');
    return [{ kind: 'chart', section: 'Overview', items: [...head.items, empty], notes: '' }];
  }
  const max = Math.max(0, ...heatmap.cells.flat());
  const slides: Array<Omit<DeckSlide, 'chrome'>> = [];
  // Rows and columns that do not fit are shared evenly between slides: never one theme or interview left alone.
  const rowStarts = chunkStarts(heatmap.themes.length, PER_SLIDE.heatmapThemes);
  const columnStarts = chunkStarts(heatmap.interviews.length, PER_SLIDE.heatmapInterviews);
  for (const [r, rows] of rowStarts) {
    for (const [c, columns] of columnStarts) {
      const head = header('Evidence map', title, slides.length > 0 ? CONTINUED : undefined);
      const table = heatmapTable(model, { first: r, count: rows }, { first: c, count: columns }, max, head.top + 0.2);
      const tableBottom = table.y + table.rowH.reduce((a, b) => a + b, 0);
      const legend = textItem(
        'Legend',
        MARGIN_X,
        tableBottom + 0.12,
        CONTENT_W,
        2,
        { fontSize: FONT_PT.legend, colour: COLOURS.muted },
        'Each cell counts the quotes a theme draws from one interview; darker cells hold more of the evidence.',
      );
      slides.push({ kind: 'chart', section: 'Overview', items: [...head.items, table, legend], notes: '' });
    }
  }
  return slides;
}

/** Where each slide's share of `n` items starts, and how many it holds. */
function chunkStarts(n: number, perSlide: number): Array<[start: number, count: number]> {
  let start = 0;
  return balancedChunks(Array.from({ length: n }, (_, i) => i), perSlide).map((chunk) => {
    const at: [number, number] = [start, chunk.length];
    start += chunk.length;
    return at;
  });
}

interface Span {
  first: number;
  count: number;
}

function heatmapTable(model: ExportModel, themeSpan: Span, interviewSpan: Span, max: number, y: number): TableItem {
  const { heatmap } = model;
  const firstInterview = interviewSpan.first;
  const themes = heatmap.themes.slice(themeSpan.first, themeSpan.first + themeSpan.count).map((name, i) => ({ name, row: heatmap.cells[themeSpan.first + i] }));
  const interviews = heatmap.interviews.slice(firstInterview, firstInterview + interviewSpan.count);
  const themeW = 3.0;
  const totalW = 1.0;
  const interviewW = Math.min(1.8, (CONTENT_W - themeW - totalW) / interviews.length);
  const colW = [themeW, ...interviews.map(() => interviewW), totalW];
  const headerH = heightForLines(MAX_LINES.heatmapHeader, FONT_PT.heatmapHeader);
  const rowH = heightForLines(MAX_LINES.heatmapTheme, FONT_PT.tableCell);

  const headerCell = (text: string, w: number, align: Align): TableCell => ({
    text: cellText(text, w, headerH, FONT_PT.heatmapHeader, MAX_LINES.heatmapHeader, true),
    fontSize: FONT_PT.heatmapHeader,
    bold: true,
    colour: COLOURS.muted,
    align,
  });
  const rows: TableCell[][] = [
    [headerCell('Theme', themeW, 'left'), ...interviews.map((name) => headerCell(name, interviewW, 'center')), headerCell('All interviews', totalW, 'center')],
    ...themes.map(({ name, row }): TableCell[] => {
      const counts = row.slice(firstInterview, firstInterview + interviews.length);
      return [
        { text: cellText(name, themeW, rowH, FONT_PT.tableCell, MAX_LINES.heatmapTheme, true), fontSize: FONT_PT.tableCell, bold: true, colour: COLOURS.text },
        ...counts.map(
          (n): TableCell => ({ text: n > 0 ? String(n) : '', fontSize: FONT_PT.heatmapCount, bold: true, colour: heatText(n, max), fill: heatFill(n, max), align: 'center' }),
        ),
        { text: String(row.reduce((a, b) => a + b, 0)), fontSize: FONT_PT.heatmapCount, bold: true, colour: COLOURS.accent, align: 'center' },
      ];
    }),
  ];
  return { kind: 'table', name: 'Evidence map', x: MARGIN_X, y, colW, rowH: [headerH, ...themes.map(() => rowH)], rows, border: { pt: 2, colour: COLOURS.white } };
}

function cellText(text: string, w: number, h: number, fontSize: number, maxLines: number, bold = false): string {
  const box = { w, h: Math.min(h, heightForLines(maxLines, fontSize)), fontSize, bold, inset: BOX_INSET_PT };
  return fitText(text, box).text;
}

function dividerSlide(theme: ExportTheme, index: number, total: number, section: string): Omit<DeckSlide, 'chrome'> {
  const w = PAGE.w - COVER_X - MARGIN_X;
  const kick = textItem('Kicker', COVER_X, 1.5, w, 1, { fontSize: FONT_PT.kicker, bold: true, colour: COLOURS.accent }, `Theme ${index + 1} of ${total}`);
  const name = textItem('Title', COVER_X, bottom(kick) + 0.05, w, MAX_LINES.dividerName, { fontSize: FONT_PT.divider, bold: true, colour: COLOURS.text }, theme.name);
  const meta = textItem(
    'Counts',
    COVER_X,
    bottom(name) + 0.1,
    w,
    1,
    { fontSize: FONT_PT.dividerMeta, colour: COLOURS.muted },
    [plural(theme.insights.length, 'insight'), plural(theme.interviewCount, 'interview'), plural(theme.quoteCount, 'quote')].join(' · '),
  );
  const items: DeckItem[] = [stripe(), kick, name, meta];
  const top = theme.insights.slice(0, PER_SLIDE.topInsights);
  if (top.length > 0) {
    const label = textItem('Label', COVER_X, bottom(meta) + 0.45, w, 1, { fontSize: FONT_PT.label, bold: true, colour: COLOURS.muted }, 'Top insights');
    items.push(label);
    top.forEach((insight, i) => {
      const y = bottom(label) + 0.08 + i * 0.42;
      items.push({ kind: 'rect', name: `Bullet ${i + 1}`, x: COVER_X + 0.05, y: y + 0.15, w: 0.1, h: 0.1, fill: COLOURS.accent });
      items.push(textItem(`Top insight ${i + 1}`, COVER_X + 0.3, y, w - 0.3, MAX_LINES.topInsight, { fontSize: FONT_PT.body, colour: COLOURS.text }, insight.title));
    });
  }
  const notes = [`${theme.name}: ${textOf(meta)}.`, ...theme.insights.map((i) => `- ${i.title}`)].join('\n');
  return { kind: 'theme', section, items, notes };
}

/**
 * A quote and its citation, in one box: the quote fitted (verbatim prefix and "…" at most), then the citation; a
 * citation too long for its lines is shortened before its timestamp, which is always kept.
 */
export interface QuoteBlock {
  quote: ExportQuote;
  /** The box's width, in inches: narrower when the quote's clip sits beside it. */
  w: number;
  fitted: FittedQuote;
  paragraphs: Paragraph[];
  height: number;
}

export function quoteBlock(quote: ExportQuote, w = QUOTE_W): QuoteBlock {
  const fitted = fitQuote(quote.text, boxForLines(w, FONT_PT.quote, MAX_LINES.quote));
  const time = quote.time ? ` · ${quote.time}` : '';
  const named = time && quote.citation.endsWith(time) ? quote.citation.slice(0, -time.length) : quote.citation;
  const citation = fitText(named, boxForLines(w, FONT_PT.citation, MAX_LINES.citation), { suffix: named === quote.citation ? '' : time });
  const paragraphs: Paragraph[] = [
    { text: fitted.text, fontSize: FONT_PT.quote, colour: COLOURS.text },
    { text: citation.text, fontSize: FONT_PT.citation, colour: COLOURS.muted, spaceBefore: CITATION_SPACE_PT },
  ];
  const height = heightForParagraphs([
    { lines: fitted.lines, fontSize: FONT_PT.quote },
    { lines: Math.max(1, citation.lines), fontSize: FONT_PT.citation, spaceBefore: CITATION_SPACE_PT },
  ]);
  return { quote, w, fitted, paragraphs, height };
}

/** A quote block drawn at `y`: the accent bar beside it, then the quote and its citation. */
export function quoteItems(block: QuoteBlock, y: number, n: number): DeckItem[] {
  return [
    { kind: 'rect', name: `Quote ${n} bar`, x: MARGIN_X, y: y + 0.06, w: 0.06, h: block.height - 0.12, fill: COLOURS.accent },
    { kind: 'text', name: `Quote ${n}`, x: QUOTE_X, y, w: block.w, h: block.height, paragraphs: block.paragraphs },
  ];
}

/** How much room a clip takes on its slide. */
export const clipSize = (clip: DeckClip) => (clip.hasVideo ? CLIP_VIDEO : CLIP_SOUND);

/** A quote's clip drawn with its top left corner at (x, y). */
export function clipItem(clip: DeckClip, x: number, y: number): MediaItem {
  const { w, h } = clipSize(clip);
  return { kind: 'media', name: `Clip: ${clip.title}`, x, y, w, h, clip };
}

/** A quote as an insight's slide shows it: with its clip, when it has one, right beside it; as tall as the taller. */
interface SlideQuote {
  block: QuoteBlock;
  clip: DeckClip | undefined;
  height: number;
}

function slideQuote(quote: ExportQuote, clip: DeckClip | undefined): SlideQuote {
  if (!clip) {
    const block = quoteBlock(quote);
    return { block, clip, height: block.height };
  }
  // The quote narrows to leave its clip the right of the content area.
  const size = clipSize(clip);
  const block = quoteBlock(quote, QUOTE_W - CLIP_BESIDE_GAP - size.w);
  return { block, clip, height: Math.max(block.height, size.h) };
}

/** A quote drawn at `y` with its clip beside it, right-aligned and level with the quote's top. */
function slideQuoteItems({ block, clip }: SlideQuote, y: number, n: number): DeckItem[] {
  const items = quoteItems(block, y, n);
  if (clip) items.push(clipItem(clip, MARGIN_X + CONTENT_W - clipSize(clip).w, y));
  return items;
}

/**
 * An insight's slide, then "(continued)" slides while its quotes do not fit: the fewest slides, the quotes shared as
 * evenly as they fit (four quotes go two and two, never three and one).
 */
function insightSlides(insight: ExportInsight, theme: ExportTheme, section: string, clips: DeckClips): Array<Omit<DeckSlide, 'chrome'>> {
  const blocks = insight.quotes.map((quote) => slideQuote(quote, clips.get(deckClipKey(quote))));
  const opening = (first: boolean): { items: DeckItem[]; y: number } => {
    const head = header(theme.name, insight.title, first ? undefined : CONTINUED);
    const items = [...head.items];
    let y = head.top + 0.1;
    if (first && insight.description) {
      const description = textItem('Description', MARGIN_X, y, CONTENT_W, MAX_LINES.description, { fontSize: FONT_PT.description, colour: COLOURS.muted }, insight.description);
      items.push(description);
      y = bottom(description);
    }
    return { items, y: y + 0.15 };
  };
  const first = opening(true);
  let next: { items: DeckItem[]; y: number } | undefined;
  const continued = () => (next ??= opening(false));
  const runs = balancedRuns(
    blocks,
    (run, slide) => run.length <= PER_SLIDE.quotes && (slide === 0 ? first : continued()).y + run.reduce((h, b) => h + b.height + QUOTE_GAP, 0) - QUOTE_GAP <= CONTENT_BOTTOM,
  );
  return (runs.length > 0 ? runs : [[]]).map((run, index) => {
    const head = index === 0 ? first : continued();
    const items = [...head.items];
    let y = head.y;
    run.forEach((shown, i) => {
      items.push(...slideQuoteItems(shown, y, i + 1));
      y += shown.height + QUOTE_GAP;
    });
    const notes = [insight.title, index === 0 ? insight.description : '', ...run.map(({ block: { quote } }) => `“${quote.text}” ${quote.citation}`)].filter(Boolean).join('\n\n');
    return { kind: 'insight', section, items, notes };
  });
}

function appendixSlides(model: ExportModel, section: string): Array<Omit<DeckSlide, 'chrome'>> {
  const columns: Array<{ label: string; w: number; align: Align }> = [
    { label: 'Interview', w: 3.4, align: 'left' },
    { label: 'Format', w: 0.9, align: 'left' },
    { label: 'Words', w: 1.0, align: 'right' },
    { label: 'Participants', w: CONTENT_W - 9.4, align: 'left' },
    { label: 'Insights', w: 1.0, align: 'right' },
    { label: 'Quotes', w: 1.0, align: 'right' },
    { label: 'Uploaded', w: 2.1, align: 'left' },
  ];
  const headerH = heightForLines(1, FONT_PT.tableHeader);
  const rowH = heightForLines(MAX_LINES.tableCell, FONT_PT.tableCell);
  const slides: Array<Omit<DeckSlide, 'chrome'>> = [];
  const pages = model.interviews.length > 0 ? balancedChunks(model.interviews, PER_SLIDE.appendixInterviews) : [[]];
  for (const page of pages) {
    const head = header('Appendix', 'Interviews', slides.length > 0 ? CONTINUED : undefined);
    const items: DeckItem[] = [...head.items];
    if (page.length === 0) {
      items.push(textItem('Empty', MARGIN_X, head.top + 0.3, CONTENT_W, 1, { fontSize: FONT_PT.body, colour: COLOURS.muted }, 'No interviews yet.'));
    } else {
      const rows: TableCell[][] = [
        columns.map((c) => ({
          text: cellText(c.label, c.w, headerH, FONT_PT.tableHeader, 1, true),
          fontSize: FONT_PT.tableHeader,
          bold: true,
          colour: COLOURS.muted,
          align: c.align,
          fill: COLOURS.empty,
        })),
        ...page.map((iv) => {
          const participants = iv.speakers.filter((s) => s.role === 'participant').map((s) => s.label);
          const values = [
            iv.name,
            iv.format ? iv.format.toUpperCase() : '—',
            iv.wordCount.toLocaleString('en-GB'),
            participants.length ? participants.join(', ') : '—',
            String(iv.insightCount),
            String(iv.quoteCount),
            shortDate(iv.uploadedAt),
          ];
          return values.map((value, i) => ({
            text: cellText(value, columns[i].w, rowH, FONT_PT.tableCell, MAX_LINES.tableCell, i === 0),
            fontSize: FONT_PT.tableCell,
            bold: i === 0,
            colour: COLOURS.text,
            align: columns[i].align,
          }));
        }),
      ];
      items.push({ kind: 'table', name: 'Interviews', x: MARGIN_X, y: head.top + 0.2, colW: columns.map((c) => c.w), rowH: [headerH, ...page.map(() => rowH)], rows, border: { pt: 0.75, colour: COLOURS.rule } });
    }
    slides.push({ kind: 'appendix', section, items, notes: '' });
  }
  return slides;
}

// ---------------------------------------------------------------------------------------------------------------
// Words

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const longDate = (date: Date) => LONG_DATE.format(date);
const shortDate = (date: Date) => SHORT_DATE.format(date);

/** Section names must be unique in a presentation: a repeated name gets " (2)", " (3)", ... */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = normaliseSpace(raw) || 'Untitled';
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
