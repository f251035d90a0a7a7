import type { ExportFinding } from '../cross-interview-findings';
import { methodSentences, type ExportModel, type ExportQuote } from '../export-model';
import { plural } from '@verbatim/contract/plural';
import { bottom, clipItem, clipSize, header, quoteBlock, quoteItems, summarySlides, textItem, titleSlide, withChrome, type DeckItem, type DeckSlide, type QuoteBlock } from './deck-layout';
import { deckClipKey, NO_CLIPS, type DeckClips } from './deck-clips';
import { COLOURS, CONTENT_BOTTOM, CONTENT_W, FONT_PT, MARGIN_X, MAX_LINES } from './deck-style';

/**
 * The short deck: the findings that matter, in about fifteen slides, beside the full deck. Title, summary (with the
 * themes and their counts), then the insights with the most evidence across interviews, one slide each with its
 * clearest quote, and a slide on how they were chosen. Pure: model in, slides out, drawn by the same writer.
 */

/** How many findings the short deck shows: with the title, summary and method, about fifteen slides. */
export const SHORT_DECK_FINDINGS = 12;
export const SHORT_DECK_SUBTITLE = 'Key findings';

/** Between a quote and its clip, right-aligned below it, in inches. */
const CLIP_GAP = 0.15;

/** The quotes the short deck shows: each finding's best quote. */
export function shortDeckQuotes(model: ExportModel): ExportQuote[] {
  return topFindings(model).map((finding) => bestQuote(finding).quote);
}

/** The short deck's slides; a finding's quote with a clip (`clips`, by `deckClipKey`) carries it on its slide. */
export function planShortDeck(model: ExportModel, clips: DeckClips = NO_CLIPS): DeckSlide[] {
  const chrome = withChrome(model);
  const findings = topFindings(model);
  return [
    titleSlide(model, SHORT_DECK_SUBTITLE),
    ...summarySlides(model).map(chrome),
    ...findings.map((insight, i) => chrome(findingSlide(insight, i, findings.length, model.counts.interviews, clips))),
    chrome(methodSlide(model, findings.length)),
  ];
}

/**
 * The findings with the most evidence: supported by the most interviews, then the most quotes, then in the order they
 * come. The synthesis's findings across interviews when it has grouped them; else the board's insights. Findings
 * without a verbatim quote are left to the full deck.
 */
export function topFindings(model: ExportModel, count = SHORT_DECK_FINDINGS): ExportFinding[] {
  const across = model.findings.filter((finding) => finding.quotes.length > 0);
  const candidates = across.length > 0 ? across : model.themes.flatMap((theme) => theme.insights).filter((insight) => insight.quotes.length > 0);
  return candidates
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => b.finding.documentIds.length - a.finding.documentIds.length || b.finding.quotes.length - a.finding.quotes.length || a.order - b.order)
    .slice(0, count)
    .map(({ finding }) => finding);
}

/** "3 of 4 interviews · 9 quotes". */
export function findingSupport(insight: ExportFinding, interviews: number): string {
  return `${insight.documentIds.length} of ${plural(interviews, 'interview')} · ${plural(insight.quotes.length, 'quote')}`;
}

/**
 * The quote that speaks for a finding on one slide: among those shown whole (else all), the one that shares the most
 * words with the finding's title and description, then the fullest. Always one of its verbatim quotes.
 */
export function bestQuote(finding: ExportFinding): QuoteBlock {
  const blocks = finding.quotes.map((quote) => quoteBlock(quote));
  const whole = blocks.filter((b) => !b.fitted.truncated);
  const about = wordStems(`${finding.title} ${finding.description}`);
  const score = (b: QuoteBlock) => [...wordStems(b.fitted.kept)].filter((stem) => about.has(stem)).length;
  return (whole.length > 0 ? whole : blocks).reduce((best, b) => {
    const difference = score(b) - score(best) || b.fitted.kept.length - best.fitted.kept.length;
    return difference > 0 ? b : best;
  });
}

/** A text's words of four letters or more, each by its first five letters ("highlighting" and "highlighted" meet). */
function wordStems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((word) => word.slice(0, 5)));
}

function findingSlide(insight: ExportFinding, index: number, total: number, interviews: number, clips: DeckClips): Omit<DeckSlide, 'chrome'> {
  const head = header(`Finding ${index + 1} of ${total} · ${insight.theme}`, insight.title);
  const support = textItem('Support', MARGIN_X, head.top + 0.05, CONTENT_W, 1, { fontSize: FONT_PT.label, bold: true, colour: COLOURS.accent }, findingSupport(insight, interviews));
  const items: DeckItem[] = [...head.items, support];
  let y = bottom(support) + 0.05;
  const block = bestQuote(insight);
  const clip = clips.get(deckClipKey(block.quote));
  const size = clip ? clipSize(clip) : null;
  // The room the quote needs below it: its clip, when it has one.
  const clipRoom = size ? CLIP_GAP + size.h : 0;
  // The description goes when the quote needs its room: the quote is the evidence.
  if (insight.description) {
    const description = textItem('Description', MARGIN_X, y, CONTENT_W, MAX_LINES.description, { fontSize: FONT_PT.description, colour: COLOURS.muted }, insight.description);
    if (bottom(description) + 0.2 + block.height + clipRoom <= CONTENT_BOTTOM) {
      items.push(description);
      y = bottom(description);
    }
  }
  items.push(...quoteItems(block, y + 0.2, 1));
  const below = y + 0.2 + block.height + CLIP_GAP;
  if (clip && size && below + size.h <= CONTENT_BOTTOM) {
    items.push(clipItem(clip, MARGIN_X + CONTENT_W - size.w, below));
  }
  const notes = [insight.title, insight.description, findingSupport(insight, interviews), ...insight.quotes.map((q) => `“${q.text}” ${q.citation}`)].filter(Boolean).join('\n\n');
  return { kind: 'finding', section: 'Findings', items, notes };
}

function methodSlide(model: ExportModel, shown: number): Omit<DeckSlide, 'chrome'> {
  const head = header('Method', 'How these findings were chosen');
  let y = head.top + 0.2;
  const items: DeckItem[] = [...head.items];
  for (const [i, text] of methodParagraphs(model, shown).entries()) {
    const item = textItem(`Method ${i + 1}`, MARGIN_X, y, CONTENT_W, 3, { fontSize: FONT_PT.body, colour: COLOURS.text }, text);
    items.push(item);
    y = bottom(item) + 0.15;
  }
  return { kind: 'method', section: 'Method', items, notes: '' };
}

export function methodParagraphs(model: ExportModel, shown: number): string[] {
  const { counts } = model;
  const { source, quotes } = methodSentences(model);
  return [
    source,
    shown > 0
      ? `The ${plural(shown, 'finding')} shown are those supported by the most interviews, then by the most quotes; each is shown with one verbatim quote.`
      : 'No insight has a verbatim quote yet: there are no findings to show.',
    `The full deck and the report hold all ${plural(counts.insights, 'insight')} in ${plural(counts.themes, 'theme')}, with every one of the ${plural(counts.quotes, 'quote')}.`,
    ...quotes,
  ];
}
