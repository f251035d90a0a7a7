import PptxGenJS from 'pptxgenjs';
import type { ExportModel } from '../export-model';
import { CELL_INSET_IN, SLIDE_NUMBER_BOX, planDeck, type DeckItem, type DeckSlide, type TableItem } from './deck-layout';
import { NO_CLIPS, type DeckClips } from './deck-clips';
import { COLOURS, FONT, FONT_PT } from './deck-style';
import { BOX_INSET_PT } from './fit-text';
import { planShortDeck, SHORT_DECK_SUBTITLE } from './short-deck-layout';

/**
 * The one-click slide deck (.pptx, 16:9): title, summary, evidence map, a divider and insight slides per theme,
 * an appendix of interviews; a quote with a clip (`clips`) carries it beside it, embedded, to play in PowerPoint or
 * Impress. Pure apart from pptxgenjs building the file in memory; layout and text fitting are decided by planDeck,
 * this only draws it.
 */
export async function renderDeckPptx(model: ExportModel, clips: DeckClips = NO_CLIPS): Promise<Uint8Array> {
  return writeDeck(model, planDeck(model, clips), 'Research findings');
}

/**
 * The short deck (.pptx): title, summary, the findings with the most evidence with their best quote, and method; a
 * quote with a clip (`clips`) carries it on its slide, embedded, to play in PowerPoint or Impress.
 */
export async function renderShortDeckPptx(model: ExportModel, clips: DeckClips = NO_CLIPS): Promise<Uint8Array> {
  return writeDeck(model, planShortDeck(model, clips), SHORT_DECK_SUBTITLE);
}

async function writeDeck(model: ExportModel, slides: readonly DeckSlide[], subject: string): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = model.projectName;
  pptx.subject = subject;
  pptx.author = 'Verbatim';
  pptx.company = 'Verbatim';
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };

  for (const title of new Set(slides.map((s) => s.section))) pptx.addSection({ title });
  for (const spec of slides) drawSlide(pptx, spec);

  // write() ignores `compression` when given an output type (pptxgenjs 4.0.1); stream() deflates a Node buffer.
  const out = await pptx.stream({ compression: true });
  if (!(out instanceof Uint8Array)) throw new Error('pptxgenjs did not return bytes');
  return out;
}

function drawSlide(pptx: PptxGenJS, spec: DeckSlide): void {
  const slide = pptx.addSlide({ sectionTitle: spec.section });
  slide.background = { color: COLOURS.background };
  for (const item of spec.items) drawItem(pptx, slide, item);
  if (spec.chrome) {
    slide.slideNumber = {
      ...SLIDE_NUMBER_BOX,
      fontFace: FONT,
      fontSize: FONT_PT.footer,
      color: COLOURS.muted,
      align: 'right',
      margin: BOX_INSET_PT,
    };
  }
  if (spec.notes) slide.addNotes(spec.notes);
}

function drawItem(pptx: PptxGenJS, slide: PptxGenJS.Slide, item: DeckItem): void {
  switch (item.kind) {
    case 'text':
      slide.addText(
        item.paragraphs.map((p, i) => ({
          text: p.text,
          options: {
            fontFace: FONT,
            fontSize: p.fontSize,
            bold: p.bold ?? false,
            color: p.colour,
            align: item.align ?? 'left',
            ...(p.spaceBefore ? { paraSpaceBefore: p.spaceBefore } : {}),
            ...(i < item.paragraphs.length - 1 ? { breakLine: true } : {}),
          },
        })),
        {
          x: item.x,
          y: item.y,
          w: item.w,
          h: item.h,
          fontFace: FONT,
          // pptxgenjs gives every paragraph mark this size; the smallest never makes a line taller than its runs.
          fontSize: Math.min(...item.paragraphs.map((p) => p.fontSize)),
          align: item.align ?? 'left',
          valign: 'top',
          margin: BOX_INSET_PT,
          fit: 'none',
          wrap: true,
          objectName: item.name,
        },
      );
      return;
    case 'rect':
      slide.addShape(pptx.ShapeType.rect, {
        x: item.x,
        y: item.y,
        w: item.w,
        h: item.h,
        fill: { color: item.fill },
        line: { type: 'none' },
        objectName: item.name,
      });
      return;
    case 'table':
      drawTable(slide, item);
      return;
    case 'media': {
      // An MPEG-4 file either way: .mp4 with a picture, .m4a for sound alone (each extension one content type).
      const [type, mime, extn] = item.clip.hasVideo ? (['video', 'video/mp4', 'mp4'] as const) : (['audio', 'audio/mp4', 'm4a'] as const);
      slide.addMedia({ type, data: `${mime};base64,${Buffer.from(item.clip.bytes).toString('base64')}`, extn, x: item.x, y: item.y, w: item.w, h: item.h, objectName: item.name });
      return;
    }
  }
}

function drawTable(slide: PptxGenJS.Slide, table: TableItem): void {
  const border: PptxGenJS.BorderProps = { type: 'solid', pt: table.border.pt, color: table.border.colour };
  const rows: PptxGenJS.TableRow[] = table.rows.map((row) =>
    row.map((cell) => ({
      text: cell.text,
      options: {
        fontFace: FONT,
        fontSize: cell.fontSize,
        bold: cell.bold ?? false,
        color: cell.colour,
        align: cell.align ?? 'left',
        valign: 'middle',
        ...(cell.fill ? { fill: { color: cell.fill } } : {}),
      },
    })),
  );
  slide.addTable(rows, {
    x: table.x,
    y: table.y,
    w: table.colW.reduce((a, b) => a + b, 0),
    colW: table.colW,
    rowH: table.rowH,
    margin: CELL_INSET_IN,
    border,
    objectName: table.name,
  });
}
