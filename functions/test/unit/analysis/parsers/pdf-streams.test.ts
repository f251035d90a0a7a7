/**
 * A PDF's compressed streams are measured before pdf.js reads the file: a decompression bomb is refused without being
 * inflated whole, and page content beyond what pdf.js lays out in a few seconds is refused before it starts.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { checkPdfStreams, MAX_PDF_CONTENT_BYTES, MAX_PDF_INFLATED_BYTES } from '../../../../src/analysis/parsers/pdf-streams';
import { buildPdf } from '../../parsers/helpers/pdf-builder';
import { expectRefused } from '../../parsers/helpers/refusal';

const MB = 1024 * 1024;
const flate = (stream: string) => ({ filter: 'FlateDecode', data: deflateSync(Buffer.from(stream, 'latin1')) });
const PAGES = [['Dan: So what do you use?', 'Participant: Mostly spreadsheets.'], ['Dan: Why?', 'Participant: It works.']];

describe('PDF streams measured before pdf.js reads them', () => {
  it('refuses a page whose deflated content unpacks past the cap as decompression-limit, whatever its declared length', async () => {
    // The page says a few words, then white space: about 100 KB that unpack to more than the cap.
    const made = new Map<string, Uint8Array>();
    const bomb = (stream: string) => {
      const spaces = Buffer.alloc(MAX_PDF_INFLATED_BYTES + MB, 0x20);
      if (!made.has(stream)) made.set(stream, deflateSync(Buffer.concat([Buffer.from(`${stream} `, 'latin1'), spaces]), { level: 1 }));
      return { filter: 'FlateDecode', data: made.get(stream) as Uint8Array };
    };
    for (const options of [{ encodeContent: bomb }, { encodeContent: bomb, indirectLength: true }]) {
      const error = await expectRefused(buildPdf(PAGES, options), 'bomb.pdf', 'decompression-limit');
      expect(error.message).toBe(
        "This PDF's compressed contents unpack to more than 100 MB, far beyond any transcript; if it is genuine, export the transcript as text and upload that.",
      );
    }
    // A /Length that lies (far shorter than the data) does not hide the stream either.
    const lying = Buffer.from(latin1Pdf(buildPdf(PAGES, { encodeContent: bomb })).replace(/\/Length \d+ \/Filter/, '/Length 1000 /Filter'), 'latin1');
    await expectRefused(new Uint8Array(lying), 'lying.pdf', 'decompression-limit');
    // Three streams of 100 MB unpacked: a few seconds alone, over half a minute beside the emulated suites.
  }, 120_000);

  it(`refuses more than ${MAX_PDF_CONTENT_BYTES / MB} MB of page content as too-large before pdf.js lays it out`, async () => {
    // A small file: the content is deflated, and would unpack to just over the bound.
    const line = '(Participant: we export the data every week) Tj T*\n';
    const page = (stream: string) => ({
      filter: 'FlateDecode',
      data: deflateSync(Buffer.from(stream.replace(' ET', ` ${line.repeat(Math.ceil(MAX_PDF_CONTENT_BYTES / line.length))} ET`), 'latin1')),
    });
    const error = await expectRefused(buildPdf(PAGES, { encodeContent: page }), 'dense.pdf', 'too-large');
    expect(error.message).toBe(
      'This PDF holds more than 4 MB of page content, more than Verbatim reads from one PDF; export the transcript as plain text (.txt), or split the PDF into several files, and upload that.',
    );
  }, 30_000);

  it('reads deflated content streams, with direct or indirect lengths, exactly as uncompressed ones (control)', async () => {
    const plain = await parseTranscript({ bytes: buildPdf(PAGES), fileName: 'plain.pdf' });
    expect(plain.text).toBe('So what do you use?\n\nMostly spreadsheets.\n\nWhy?\n\nIt works.');
    for (const options of [{ encodeContent: flate }, { encodeContent: flate, indirectLength: true }]) {
      const parsed = await parseTranscript({ bytes: buildPdf(PAGES, options), fileName: 'deflated.pdf' });
      expect(parsed.text).toBe(plain.text);
      expect(parsed.speakers).toEqual(plain.speakers);
    }
  });

  it('does not inflate images (pdf.js reads no image to find text): a large deflated image is no bomb', () => {
    const image = { dictionary: `<< /Type /XObject /Subtype /Image /Width 8192 /Height 8192 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length 0 >>`, data: deflateSync(Buffer.alloc(MAX_PDF_INFLATED_BYTES + MB)) };
    expect(() => checkPdfStreams(buildPdf(PAGES, { extraStreams: [image] }))).not.toThrow();
    const content = { dictionary: '<< /Filter /FlateDecode /Length 0 >>', data: image.data };
    expect(() => checkPdfStreams(buildPdf(PAGES, { extraStreams: [content] }))).toThrow(/unpack to more than 100 MB/);
  });

  it('leaves a damaged deflate stream to pdf.js, which reads what it can', async () => {
    const damaged = (stream: string) => {
      const data = deflateSync(Buffer.from(stream, 'latin1'));
      return { filter: 'FlateDecode', data: Buffer.concat([data.subarray(0, data.length - 8), Buffer.from('garbage!')]) };
    };
    const outcome = await parseTranscript({ bytes: buildPdf(PAGES, { encodeContent: damaged }), fileName: 'damaged.pdf' }).then(
      (parsed) => parsed.text,
      (error: { code: string }) => error.code,
    );
    expect(outcome).not.toBe('decompression-limit');
    expect(outcome).not.toBe('too-large');
  });
});

function latin1Pdf(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}
