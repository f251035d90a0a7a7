/**
 * How wide a word can come out when the reader's software lacks the document's font. LibreOffice on a Linux machine
 * without Arial's metric twin sets the text in DejaVu Sans, about 15% wider than Arial (and 35% wider than Calibri);
 * Word, Pages and Google Docs substitute narrower fonts. A table column at least this wide keeps its words whole
 * wherever the report is opened. Pure.
 */

/** Advance widths of DejaVu Sans, in thousandths of an em, for the characters from space (32) to tilde (126). */
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
  603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
  634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
/** The same for DejaVu Sans Bold. */
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
  733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
  712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
];
const FIRST = 32;
/** Any other character is taken as a full em wide: more than almost any Latin letter needs. */
const OTHER = 1000;

/** The width in points of `text` set at `sizePt` in the widest fallback font. */
export function fallbackTextWidthPt(text: string, sizePt: number, bold = false): number {
  const table = bold ? BOLD : REGULAR;
  let thousandths = 0;
  for (const char of text) thousandths += table[(char.codePointAt(0) ?? 0) - FIRST] ?? OTHER;
  return (thousandths / 1000) * sizePt;
}
