/**
 * Every bad upload is refused with a ParseError carrying the right code and a sentence that says what to do. The
 * bad files are generated here (zip bombs, encrypted/corrupt documents, PDFs without text, junk bytes).
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { ACCEPTED_EXTENSIONS_TEXT, MAX_TRANSCRIPT_WORDS, ParseError } from '@verbatim/contract/transcript';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import { fixtureBytes } from '../../parsers/helpers/fixtures';
import { buildPdf } from '../../parsers/helpers/pdf-builder';
import { expectRefused } from '../../parsers/helpers/refusal';
import { buildDocx, buildZip, CONTENT_TYPES, endOfCentralDirectory, ROOT_RELS } from '../../parsers/helpers/zip-builder';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** Deterministic pseudo-random bytes (xorshift), so failures reproduce. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const MB = 1024 * 1024;

describe('size and emptiness limits', () => {
  it(`refuses a file over ${MAX_UPLOAD_BYTES / MB} MB as too-large before reading it`, async () => {
    const error = await expectRefused(new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x61), 'huge.txt', 'too-large');
    // The same sentence the browser and the reservation give for a file over the limit.
    expect(error.message).toBe('This file is 20.0 MB; the limit is 20 MB. Split it or export it as text.');
  });

  it('accepts a file of exactly the size limit (the limit is inclusive)', async () => {
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES).fill(0x20);
    bytes.set(Buffer.from('Hello there.'), 0);
    const parsed = await parseTranscript({ bytes, fileName: 'edge.txt' });
    expect(parsed.text).toBe('Hello there.');
  });

  it(`refuses more than ${MAX_TRANSCRIPT_WORDS.toLocaleString('en')} words as too-many-words`, async () => {
    const error = await expectRefused(utf8('word '.repeat(MAX_TRANSCRIPT_WORDS + 1)), 'long.txt', 'too-many-words');
    expect(error.message).toContain('about 200,001 words, more than the 200,000 allowed');
  });

  it(`accepts exactly ${MAX_TRANSCRIPT_WORDS.toLocaleString('en')} words`, async () => {
    const parsed = await parseTranscript({ bytes: utf8('word '.repeat(MAX_TRANSCRIPT_WORDS)), fileName: 'long.txt' });
    expect(parsed.wordCount).toBe(MAX_TRANSCRIPT_WORDS);
  });

  // Files far over the limit are refused before their labels are resolved, on a count of words that can only be lower
  // than the final one; labels, timestamps and voices must not count towards it, or a file under the limit is refused.
  const underLimitWithLabels = MAX_TRANSCRIPT_WORDS / 2 + 5_000;
  const turns = (line: (i: number) => string, separator = '\n') => Array.from({ length: underLimitWithLabels }, (_, i) => line(i)).join(separator);

  it('accepts a text file whose lines hold more words than the limit once labels and stamps are counted, but fewer without', async () => {
    const labelled = await parseTranscript({ bytes: utf8(turns((i) => (i % 2 ? 'Participant: no' : 'Interviewer: yes'))), fileName: 'labels.txt' });
    expect(labelled.wordCount).toBe(underLimitWithLabels);
    const stamped = await parseTranscript({ bytes: utf8(turns(() => '[00:01] word', '\n\n')), fileName: 'stamps.txt' });
    expect(stamped.wordCount).toBe(underLimitWithLabels);
  });

  it('accepts Markdown whose lines hold more words than the limit once bold labels and image links are counted', async () => {
    const text = turns((i) => (i % 2 ? '**Participant:** no ![](https://example.com/a b.png)' : '**Interviewer:** *yes*'));
    const parsed = await parseTranscript({ bytes: utf8(text), fileName: 'labels.md' });
    expect(parsed.wordCount).toBe(underLimitWithLabels);
  });

  it('accepts captions whose lines hold more words than the limit once labels are counted, but fewer without', async () => {
    const clock = (s: number) => [s / 3600, (s / 60) % 60, s % 60].map((n) => String(Math.floor(n)).padStart(2, '0')).join(':');
    const cue = (i: number) => `${clock(i)}.000 --> ${clock(i + 1)}.000\n${i % 2 ? 'Dan: yes' : 'Participant: no'}`;
    const parsed = await parseTranscript({ bytes: utf8(`WEBVTT\n\n${turns(cue, '\n\n')}\n`), fileName: 'labels.vtt' });
    expect(parsed.wordCount).toBe(underLimitWithLabels);
  });

  it('refuses a file far over the limit whose labels are not speakers, counting at least the words after them', async () => {
    // One-off "Monday:" words are not labels here, so every word counts; the early count leaves them out.
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
    const text = Array.from({ length: MAX_TRANSCRIPT_WORDS }, (_, i) => `${days[i % 5]}${i}: we met`).join('\n');
    const error = await expectRefused(utf8(text), 'days.txt', 'too-many-words');
    expect(error.message).toContain('about 400,000 words, more than the 200,000 allowed');
  });

  it('refuses a zero-byte file as empty', async () => {
    await expectRefused(new Uint8Array(0), 'empty.txt', 'empty');
  });

  it('refuses a UTF-8 file holding only a byte-order mark as empty', async () => {
    await expectRefused(new Uint8Array([0xef, 0xbb, 0xbf]), 'bom.txt', 'empty');
  });

  it('refuses spaces, tabs, newlines and no-break spaces as whitespace-only', async () => {
    const error = await expectRefused(utf8(' \t\r\n\u00a0\n  \u3000\n'), 'blank.txt', 'whitespace-only');
    expect(error.message).toBe(
      'This file contains only blank space, no words; check that you picked the right file and upload it again.',
    );
  });

  it('refuses a WebVTT file with a header and no cues as empty', async () => {
    await expectRefused(utf8('WEBVTT\nKind: captions\n\n'), 'none.vtt', 'empty');
  });

  it('refuses a Word document with no text as whitespace-only', async () => {
    await expectRefused(buildDocx(['   ', '']), 'blank.docx', 'whitespace-only');
  });
});

describe('types and encodings', () => {
  it('refuses random bytes as unsupported-type, naming the accepted types', async () => {
    const error = await expectRefused(pseudoRandomBytes(4096, 7), 'upload.bin', 'unsupported-type');
    expect(error.message).toBe(`This file is not a text document or transcript; upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}.`);
    expect(ACCEPTED_EXTENSIONS_TEXT).toBe('.txt, .md, .docx, .pdf, .vtt, .srt, .sub');
  });

  it('refuses random bytes named .txt as unsupported-type too', async () => {
    await expectRefused(pseudoRandomBytes(4096, 11), 'notes.txt', 'unsupported-type');
  });

  it('names a known binary format (a PNG) in the refusal', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...pseudoRandomBytes(64, 3)]);
    const error = await expectRefused(png, 'photo.txt', 'unsupported-type');
    expect(error.message).toBe(`This file is a PNG image, not a transcript; upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}.`);
  });

  it('refuses a text file with an unaccepted extension', async () => {
    const error = await expectRefused(utf8('{"speaker": "Dan"}'), 'export.json', 'unsupported-type');
    expect(error.message).toBe(`Files ending in .json are not accepted; upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}.`);
  });

  it('refuses bytes that are neither UTF-8 nor a recognisable encoding as invalid-encoding', async () => {
    const bytes = new Uint8Array(300);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 3 === 0 ? 0x20 : 0x80 + ((i * 7) % 32); // C1-range junk
    const error = await expectRefused(bytes, 'interview.txt', 'invalid-encoding');
    expect(error.message).toBe(
      'The text in this file is not UTF-8 and its encoding could not be recognised; save it as UTF-8 text and upload it again.',
    );
  });

  it('refuses a run of 0xFF bytes (invalid UTF-8 that chardet cannot place) as invalid-encoding', async () => {
    await expectRefused(new Uint8Array(200).fill(0xff), 'interview.txt', 'invalid-encoding');
  });
});

describe('Word documents', () => {
  it('refuses a password-protected .docx (an OLE compound file holding EncryptedPackage) as encrypted', async () => {
    const cfb = Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(504),
      Buffer.from('EncryptionInfo', 'utf16le'),
      Buffer.alloc(50),
      Buffer.from('EncryptedPackage', 'utf16le'),
      Buffer.alloc(200),
    ]);
    const error = await expectRefused(new Uint8Array(cfb), 'secret.docx', 'encrypted');
    expect(error.message).toContain('password-protected');
  });

  it('refuses an old .doc (an OLE compound file without encryption) as unsupported-type, saying to save as .docx', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)]);
    const error = await expectRefused(new Uint8Array(cfb), 'old.doc', 'unsupported-type');
    expect(error.message).toContain('save it as .docx in Word');
  });

  it('refuses a truncated .docx as corrupt', async () => {
    const docx = fixtureBytes('15_qualcoder_ID1_student-response.docx');
    const error = await expectRefused(docx.subarray(0, Math.floor(docx.length / 2)), 'half.docx', 'corrupt');
    expect(error.message).toBe('This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
  });

  it('refuses a zip whose document part is not valid deflate data as corrupt', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: '_rels/.rels', data: ROOT_RELS },
      { name: 'word/document.xml', data: '<w:document/>', rawDeflated: pseudoRandomBytes(64, 5), declaredSize: 500 },
    ]);
    await expectRefused(zip, 'broken.docx', 'corrupt');
  });

  it('refuses random bytes named .docx as corrupt', async () => {
    await expectRefused(pseudoRandomBytes(2048, 9), 'transcript.docx', 'corrupt');
  });

  it('refuses a zip bomb whose parts add up to more than 100 MB before mammoth sees it', async () => {
    const chunk = 900 * 1024; // under the per-part ratio check: only the total gives it away
    const deflated = deflateRawSync(Buffer.alloc(chunk));
    const parts = Array.from({ length: 120 }, (_, i) => ({
      name: `word/media/part${i}.bin`,
      data: '',
      rawDeflated: deflated,
      declaredSize: chunk,
    }));
    const bomb = buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, ...parts]);
    expect(bomb.byteLength).toBeLessThan(MB);
    const error = await expectRefused(bomb, 'report.docx', 'decompression-limit');
    expect(error.message).toBe(
      'This Word document would expand to more than 100 MB, far beyond any transcript; if it is genuine, copy its text into a new document and upload that.',
    );
  });

  it('refuses a part with an absurd compression ratio (8 MB of zeros) as decompression-limit', async () => {
    const zeros = new Uint8Array(8 * MB);
    const zip = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: '_rels/.rels', data: ROOT_RELS },
      { name: 'word/document.xml', data: zeros },
    ]);
    const error = await expectRefused(zip, 'zeros.docx', 'decompression-limit');
    expect(error.message).toMatch(/^This Word document contains a part that expands \d+ times, far beyond any transcript/);
  });

  it('refuses a part that inflates past the size it declares (a lying zip bomb) as decompression-limit', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: '_rels/.rels', data: ROOT_RELS },
      { name: 'word/document.xml', data: new Uint8Array(3 * MB), declaredSize: 4096 },
    ]);
    const error = await expectRefused(zip, 'liar.docx', 'decompression-limit');
    expect(error.message).toContain('contains a part larger than it declares');
  });

  it('refuses a zip that declares more than 10,000 entries as decompression-limit', async () => {
    const eocdOnly = new Uint8Array(endOfCentralDirectory(20_000, 0, 0));
    const error = await expectRefused(eocdOnly, 'many.docx', 'decompression-limit');
    expect(error.message).toContain('holds 20,000 files');
  });

  it('refuses a zip that is not a Word document (an Excel workbook) as unsupported-type', async () => {
    const xlsx = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    const error = await expectRefused(xlsx, 'sheet.docx', 'unsupported-type');
    expect(error.message).toBe(`This is an Excel workbook, not a Word document; upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}.`);
  });

  it('refuses a zip with encrypted entries as encrypted', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: '<w:document/>', flags: 1 },
    ]);
    await expectRefused(zip, 'locked.docx', 'encrypted');
  });

  it('reads a generated Word document whose words are split across runs (control for the generators above)', async () => {
    const docx = buildDocx([['Inter', 'viewer: ', 'What did you ', 'pay?'], ['Participant: I paid ', '€', '200', '.']]);
    const parsed = await parseTranscript({ bytes: docx, fileName: 'runs.docx' });
    expect(parsed.text).toBe('What did you pay?\n\nI paid €200.');
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([
      ['Interviewer', 'interviewer'],
      ['Participant', 'participant'],
    ]);
  });
});

describe('PDFs', () => {
  it('refuses a PDF whose pages have no text (a scan) as no-text-layer', async () => {
    const error = await expectRefused(buildPdf([[], []]), 'scan.pdf', 'no-text-layer');
    expect(error.message).toBe(
      'This PDF has no text layer (it is probably a scan); run it through OCR or export the transcript as text, then upload it again.',
    );
  });

  it('refuses a PDF with only page numbers as no-text-layer', async () => {
    await expectRefused(buildPdf([['1/2', '1', '2'], ['2/2', '3']]), 'numbers.pdf', 'no-text-layer');
  });

  it('refuses a password-protected PDF as encrypted', async () => {
    const error = await expectRefused(buildPdf([['Dan: Hello?']], { encrypted: true }), 'locked.pdf', 'encrypted');
    expect(error.message).toBe('This PDF is password-protected; save an unprotected copy (or export the text) and upload that.');
  });

  it('refuses a PDF of more than 2,000 pages as too-large before reading any page', async () => {
    // pdf.js finds each page from the root of the page tree: thousands of pages took minutes.
    const pages = Array.from({ length: 2_001 }, (_, i) => [`${i % 2 ? 'Participant' : 'Interviewer'}: page ${i}`]);
    const error = await expectRefused(buildPdf(pages), 'long.pdf', 'too-large');
    expect(error.message).toBe('This PDF has 2,001 pages, more than Verbatim reads from one transcript; split it into several files and upload them separately.');
  });

  it('refuses a PDF with more than 2 million characters of text as too-large', async () => {
    // pdf.js keeps only text inside the page: 52 lines of 78 characters a page, 520 pages.
    const page = Array.from({ length: 52 }, () => `Participant: ${'word '.repeat(13)}`);
    const error = await expectRefused(buildPdf(Array.from({ length: 520 }, () => page)), 'dense.pdf', 'too-large');
    expect(error.message).toBe(
      'This PDF has more than 2 million characters of text, more than Verbatim reads from one transcript; split it into several files and upload them separately.',
    );
  }, 30_000);

  it('refuses a truncated PDF as corrupt', async () => {
    const pdf = fixtureBytes('18_pdpilot_P1_user-study-interview.pdf');
    const error = await expectRefused(pdf.subarray(0, Math.floor(pdf.length / 2)), 'half.pdf', 'corrupt');
    expect(error.message).toBe('This PDF is damaged and cannot be read; export it again and upload the new file.');
  });

  it('refuses a file that starts like a PDF but is not one as corrupt', async () => {
    await expectRefused(utf8('%PDF-1.7\nthis is not really a pdf\n'), 'fake.pdf', 'corrupt');
  });

  it('reads a generated PDF: label alone on its line, tab-separated words, page counters (control)', async () => {
    const pdf = buildPdf([
      ['1/2', 'Interview', 'Dan:', '\tSo\twhat\tdo\tyou\tuse?', 'Participant:', '\tMostly XXXX, and', '\tsome more.', '1', '2'],
      ['2/2', 'Dan:', '\tWhy?', 'Particpant:', '\tIt works.', '3'],
    ]);
    const parsed = await parseTranscript({ bytes: pdf, fileName: 'generated.pdf' });
    expect(parsed.text).toBe('So what do you use?\n\nMostly XXXX, and some more.\n\nWhy?\n\nIt works.');
    expect(parsed.speakers.map((s) => [s.label, s.role, s.aliases, s.turnCount])).toEqual([
      ['Dan', 'interviewer', [], 2],
      ['Participant', 'participant', ['Particpant'], 2],
    ]);
  });
});

describe('text without spaces, longer than any word', () => {
  const blob = Buffer.from(pseudoRandomBytes(150_000, 9)).toString('base64'); // 200,000 characters

  it('refuses a file that is one word of 8,000,000 characters as unreadable-text, saying what to do', async () => {
    const error = await expectRefused(utf8(`Interviewer: hi\nParticipant: ${'a'.repeat(8_000_000)}\n`), 'interview.txt', 'unreadable-text');
    expect(error.message).toBe(
      'This file has only 1 word to analyse: the rest of its text is 8,000,000 characters without a space, longer than any word, as in encoded data rather than a transcript; check that you picked the right file, or save the transcript as text and upload it again.',
    );
  });

  it('refuses an encoded file in any text format, a caption file too', async () => {
    await expectRefused(utf8(blob), 'export.txt', 'unreadable-text');
    await expectRefused(utf8(`# Interview\n\n**Participant:** ${blob}\n`), 'notes.md', 'unreadable-text');
    await expectRefused(utf8(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Participant>${blob}\n`), 'call.vtt', 'unreadable-text');
  });

  it('reads an interview with an encoded file pasted in as usual: its text whole, a note saying the run is left out', async () => {
    const interview = fixtureBytes('14_qualcoder_transcript_focus-group.txt');
    const plain = await parseTranscript({ bytes: interview, fileName: 'focus-group.txt' });
    const pasted = await parseTranscript({ bytes: utf8(`${Buffer.from(interview).toString('utf8')}\n[id2] ${blob}\n`), fileName: 'focus-group.txt' });
    expect(pasted.text).toContain(blob);
    // id2 speaks last: the pasted line continues that turn.
    expect(plain.turns.at(-1)?.speaker).toBe('id2');
    expect([pasted.wordCount, pasted.turns.length]).toEqual([plain.wordCount + 1, plain.turns.length]);
    expect(pasted.notes).toContain(
      'A run of 200,000 characters without a space, longer than any word (such as encoded data or a long link), is kept in the transcript but left out of the analysis and search.',
    );
    expect(plain.notes.some((note) => note.includes('without a space'))).toBe(false);
    // A short file with a long link is no encoded file: read as usual.
    const link = `https://example.com/share/${'x1y2'.repeat(40)}`;
    const short = await parseTranscript({ bytes: utf8(`Interviewer: Could you open the link?\nParticipant: Yes, ${link} opens the report I use every week.\n`), fileName: 'short.txt' });
    expect(short.text).toContain(link);
    expect(short.notes).toContain(
      'A run of 186 characters without a space, longer than any word (such as encoded data or a long link), is kept in the transcript but left out of the analysis and search.',
    );
  });
});

describe('library failures never escape as other error types', () => {
  it('turns damaged copies of real documents into ParseError only', async () => {
    const sources: [string, Uint8Array][] = [
      ['damaged.docx', fixtureBytes('15_qualcoder_ID1_student-response.docx')],
      ['damaged.pdf', buildPdf([['Dan: Hello?', 'Participant: Hi.'], ['Dan: Bye?']])],
      ['damaged.vtt', fixtureBytes('11_webvtt-py_teams_timeframe.vtt')],
      ['damaged.srt', fixtureBytes('07_gvc_CodeConversations-ChrisDiBona.srt').subarray(0, 2000)],
    ];
    let refused = 0;
    for (const [fileName, original] of sources) {
      for (let seed = 1; seed <= 12; seed++) {
        const bytes = new Uint8Array(original);
        const noise = pseudoRandomBytes(24, seed * 31 + fileName.length);
        for (let i = 0; i < noise.length; i += 2) bytes[(noise[i] * 257 + noise[i + 1] * seed) % bytes.length] = noise[i + 1];
        try {
          await parseTranscript({ bytes, fileName });
        } catch (error) {
          expect(error, `${fileName} seed ${seed}`).toBeInstanceOf(ParseError);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
