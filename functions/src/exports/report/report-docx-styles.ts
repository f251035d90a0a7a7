import { BorderStyle, LineRuleType, type IStylesOptions, type IThemeOptions } from 'docx';
import { OFFICE_FONT } from '../office-font';

/**
 * The Word report's page, font and styles. Headings are Word's own Heading 1 / Heading 2 (with outline levels), so the
 * navigation pane and an inserted table of contents find them; quotes, citations and the small print are named
 * paragraph styles, so a researcher can restyle every quote at once.
 */

/** A4 in twips (1/1440 inch), 2 cm margins. */
export const PAGE = { width: 11906, height: 16838, margin: 1134 } as const;
/** The width text can take between the margins. */
export const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const STYLE = {
  subtitle: 'ReportSubtitle',
  meta: 'ReportMeta',
  quote: 'Quote',
  citation: 'QuoteCitation',
  running: 'ReportRunning',
} as const;

const FONT = OFFICE_FONT.name;

/** The theme's heading and body fonts, which anything not styled here (a table or list a researcher adds) takes. */
export const REPORT_THEME: IThemeOptions = { fonts: { headings: FONT, body: FONT } };

/**
 * word/fontTable.xml, which tells a reader's software what the font is, so that where Arial is missing it picks the
 * closest it has (by the alternative names, then the PANOSE class and family) rather than its default font.
 */
export const REPORT_FONT_TABLE = {
  path: 'word/fontTable.xml',
  data:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:fonts xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:font w:name="${FONT}"><w:altName w:val="${OFFICE_FONT.alternatives.join(',')}"/><w:panose1 w:val="${OFFICE_FONT.panose}"/>` +
    '<w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font>' +
    '</w:fonts>',
} as const;

const INK = '1F2937';
const MUTED = '6B7280';
const ACCENT = '1F4E79';
const QUOTE_INDENT = 567; // 1 cm

export const REPORT_STYLES: IStylesOptions = {
  default: {
    document: {
      run: { font: FONT, size: 22, color: INK },
      // 1.15 lines, said to be proportional: without the rule LibreOffice takes 276 twips as an exact height, and a
      // title or heading set larger than the body overlaps its own second line.
      paragraph: { spacing: { after: 120, line: 276, lineRule: LineRuleType.AUTO } },
    },
    title: {
      run: { font: FONT, size: 56, bold: true, color: ACCENT },
      paragraph: { spacing: { before: 2880, after: 240 } },
    },
    heading1: {
      run: { font: FONT, size: 36, bold: true, color: ACCENT },
      paragraph: { spacing: { before: 360, after: 120 }, keepNext: true, keepLines: true, outlineLevel: 0 },
    },
    heading2: {
      run: { font: FONT, size: 26, bold: true, color: INK },
      paragraph: { spacing: { before: 280, after: 80 }, keepNext: true, keepLines: true, outlineLevel: 1 },
    },
  },
  paragraphStyles: [
    {
      id: STYLE.subtitle,
      name: 'Report Subtitle',
      basedOn: 'Normal',
      next: 'Normal',
      run: { size: 32, color: MUTED },
      paragraph: { spacing: { after: 480 } },
    },
    {
      id: STYLE.meta,
      name: 'Report Meta',
      basedOn: 'Normal',
      next: 'Normal',
      run: { size: 20, color: MUTED },
      paragraph: { spacing: { after: 160 } },
    },
    {
      id: STYLE.quote,
      name: 'Quote',
      basedOn: 'Normal',
      next: STYLE.citation,
      run: { italics: true },
      paragraph: {
        indent: { left: QUOTE_INDENT, right: QUOTE_INDENT },
        spacing: { before: 120, after: 40 },
        border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'A5B4C4', space: 8 } },
        keepNext: true,
        keepLines: true,
      },
    },
    {
      id: STYLE.citation,
      name: 'Quote Citation',
      basedOn: 'Normal',
      next: 'Normal',
      run: { size: 18, color: MUTED },
      paragraph: { indent: { left: QUOTE_INDENT, right: QUOTE_INDENT }, spacing: { after: 160 } },
    },
    {
      id: STYLE.running,
      name: 'Report Running Text',
      basedOn: 'Normal',
      next: 'Normal',
      run: { size: 16, color: MUTED },
      paragraph: { spacing: { after: 0 } },
    },
  ],
};
