/**
 * PDF transcripts: pdf.js's text page by page (items joined as unpdf's `extractText` joins them, within the bounds
 * below), then layout clean-up: page counters (`2/8`, `Page 2 of 8`),
 * lone margin line numbers, the `Interview` heading, and a line repeated at the top of the next page are dropped;
 * tabs between words become single spaces; wrapped lines are joined back into their turn.
 */
import { getDocumentProxy } from 'unpdf';
import { ParseError } from '@verbatim/contract/transcript';
import { cleanLine, normalizeDocument } from './normalize-text';
import { checkPdfStreams } from './pdf-streams';

export interface PdfLines {
  /** Cleaned lines of all pages in order; '' where a paragraph break is certain. */
  lines: string[];
  notes: string[];
}

const PAGE_COUNTER = /^(?:page\s+)?\d{1,4}\s*(?:\/|of)\s*\d{1,4}$/i;
const LONE_NUMBER = /^(?:page\s+)?\d{1,4}$/i;
const HEADING = /^(?:interview|interview transcript|transcript|transcription)$/i;

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

/**
 * pdf.js spends about 35 µs on each text item and finds each page by walking the page tree from its root (a flat
 * tree of thousands of pages costs time squared), so a 20 MB PDF of tiny text took minutes. These bounds keep any PDF
 * under the upload limit to a few seconds; a transcript under the word limit stays well inside them.
 */
export const MAX_PDF_PAGES = 2_000;
export const MAX_PDF_TEXT_ITEMS = 100_000;
/** Characters of text (about 330,000 English words). */
export const MAX_PDF_TEXT_CHARS = 2_000_000;

function pdfTooLarge(what: string): ParseError {
  return new ParseError('too-large', `This PDF has ${what}, more than Verbatim reads from one transcript; split it into several files and upload them separately.`);
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Each page's text as unpdf's `extractText` gives it (items joined, a line end after each `hasEOL`), page by page. */
async function pageTexts(document: PdfDocument): Promise<string[]> {
  if (document.numPages > MAX_PDF_PAGES) throw pdfTooLarge(`${document.numPages.toLocaleString('en')} pages`);
  const texts: string[] = [];
  let items = 0;
  let chars = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    page.cleanup();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item) || item.str == null) continue;
      text += item.hasEOL ? `${item.str}\n` : item.str;
      items++;
    }
    chars += text.length;
    if (items > MAX_PDF_TEXT_ITEMS) throw pdfTooLarge(`more than ${MAX_PDF_TEXT_ITEMS.toLocaleString('en')} pieces of text`);
    if (chars > MAX_PDF_TEXT_CHARS) throw pdfTooLarge(`more than ${(MAX_PDF_TEXT_CHARS / 1_000_000).toLocaleString('en')} million characters of text`);
    texts.push(text);
  }
  return texts;
}

async function extractPages(bytes: Uint8Array): Promise<string[]> {
  checkPdfStreams(bytes);
  let document: PdfDocument | undefined;
  try {
    // pdf.js may take ownership of the buffer it is given: hand it a copy.
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, disableFontFace: true });
    return await pageTexts(document);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    if (errorName(error) === 'PasswordException') {
      throw new ParseError('encrypted', 'This PDF is password-protected; save an unprotected copy (or export the text) and upload that.');
    }
    throw new ParseError('corrupt', 'This PDF is damaged and cannot be read; export it again and upload the new file.');
  } finally {
    await document?.loadingTask.destroy().catch(() => undefined);
  }
}

export async function extractPdfLines(bytes: Uint8Array): Promise<PdfLines> {
  const pages = await extractPages(bytes);
  const notes: string[] = [];
  const lines: string[] = [];
  let droppedNumbers = 0;
  let droppedRepeats = 0;
  let previousLast: string | null = null;
  let seenSpeech = false;

  for (const page of pages) {
    const pageLines: string[] = [];
    for (const raw of normalizeDocument(page).split('\n')) {
      const line = cleanLine(raw);
      if (line === '') continue;
      if (PAGE_COUNTER.test(line) || LONE_NUMBER.test(line)) {
        droppedNumbers++;
        continue;
      }
      if (!seenSpeech && HEADING.test(line)) continue;
      seenSpeech = true;
      pageLines.push(line);
    }
    if (pageLines.length > 0 && previousLast !== null && pageLines[0] === previousLast && pageLines[0].length > 20) {
      pageLines.shift();
      droppedRepeats++;
    }
    if (pageLines.length > 0) previousLast = pageLines[pageLines.length - 1];
    lines.push(...pageLines);
  }

  if (!lines.some((line) => /[\p{L}\p{N}]/u.test(line))) {
    throw new ParseError(
      'no-text-layer',
      'This PDF has no text layer (it is probably a scan); run it through OCR or export the transcript as text, then upload it again.',
    );
  }
  if (droppedNumbers > 0) notes.push('Page numbers and margin line numbers from the PDF layout were removed.');
  if (droppedRepeats > 0) {
    notes.push(
      `${droppedRepeats === 1 ? 'One line that was' : `${droppedRepeats} lines that were`} printed twice across a page break ${droppedRepeats === 1 ? 'was' : 'were'} kept once.`,
    );
  }
  return { lines, notes };
}
