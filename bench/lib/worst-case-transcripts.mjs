// Worst-case transcripts at the upload limit, generated (never committed): for every supported format, three shapes
// that stress a parser differently: many tiny cues or turns, one giant line, many distinct speakers. Each file is
// filled up to `limit` bytes; a .docx holds as much markup as Verbatim reads from one (`docxXmlLimit`), deflated, and
// one more holds as much as the zip guard lets through (`docxInflateLimit`), to be refused.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import { root } from './support.mjs';

const require = createRequire(join(root, 'functions/package.json'));
const JSZip = require('jszip');

const WORDS = ('the data really think we export quarter because budget team report customers tool spreadsheet manual ' +
  'every week slow trust numbers check again later meeting people price value help hard easy change share board ' +
  'insight quote interview minutes feel always never maybe something useful problem solve faster simple').split(' ');

/** Deterministic pseudo-random words (xorshift), so every run parses the same bytes. */
function wordStream(seed = 7) {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return WORDS[(x >>> 0) % WORDS.length];
  };
}

function words(next, count) {
  return Array.from({ length: count }, next).join(' ');
}

const clock = (seconds, comma = false) => {
  const h = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const m = String(Math.floor(seconds / 60) % 60).padStart(2, '0');
  const s = String(seconds % 60).padStart(2, '0');
  return `${h}:${m}:${s}${comma ? ',' : '.'}000`;
};

/** Repeats `unit(i)` after `head` until the next unit would pass `limit` bytes, then adds `tail`. */
function fill(limit, head, unit, tail = '') {
  const chunks = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i++) {
    const piece = unit(i);
    const bytes = Buffer.byteLength(piece);
    if (size + bytes > limit) break;
    chunks.push(piece);
    size += bytes;
  }
  chunks.push(tail);
  return chunks.join('');
}

/** One line of words filling `limit` bytes after `head`. */
function giantLine(limit, head, tail = '') {
  const next = wordStream(11);
  return fill(limit, head, () => `${next()} `, tail);
}

const speakerOf = (i) => (i % 2 === 0 ? 'Interviewer' : 'Participant');

/** Text formats: each shape as the file's text. */
const TEXT_SHAPES = {
  txt: {
    'tiny turns': (limit) => fill(limit, '', (i) => `${i % 2 ? 'B' : 'A'}: ${WORDS[i % WORDS.length]}\n`),
    'giant line': (limit) => giantLine(limit, 'Participant: '),
    'many speakers': (limit) => {
      const next = wordStream(3);
      return fill(limit, '', (i) => `Speaker ${i + 1}: ${words(next, 3)}\n`);
    },
  },
  md: {
    'tiny turns': (limit) => fill(limit, '# Interview\n\n', (i) => `**${i % 2 ? 'B' : 'A'}:** ${WORDS[i % WORDS.length]}\n\n`),
    'giant line': (limit) => giantLine(limit, '# Interview\n\n**Participant:** '),
    'many speakers': (limit) => {
      const next = wordStream(3);
      return fill(limit, '# Interview\n\n', (i) => `**Speaker ${i + 1}:** *${words(next, 2)}* ${next()}\n\n`);
    },
  },
  vtt: {
    'tiny cues': (limit) => fill(limit, 'WEBVTT\n\n', (i) => `${clock(i)} --> ${clock(i + 1)}\n<v ${speakerOf(i)}>${WORDS[i % WORDS.length]}\n\n`),
    'giant line': (limit) => giantLine(limit, `WEBVTT\n\n${clock(0)} --> ${clock(1)}\n`, '\n'),
    'many speakers': (limit) => {
      const next = wordStream(3);
      return fill(limit, 'WEBVTT\n\n', (i) => `${clock(i)} --> ${clock(i + 1)}\n<v Speaker ${i + 1}>${words(next, 2)}</v>\n\n`);
    },
  },
  srt: {
    'tiny cues': (limit) => fill(limit, '', (i) => `${i + 1}\n${clock(i, true)} --> ${clock(i + 1, true)}\n${speakerOf(i)}: ${WORDS[i % WORDS.length]}\n\n`),
    'giant line': (limit) => giantLine(limit, `1\n${clock(0, true)} --> ${clock(1, true)}\nParticipant: `, '\n'),
    'many speakers': (limit) => {
      const next = wordStream(3);
      return fill(limit, '', (i) => `${i + 1}\n${clock(i, true)} --> ${clock(i + 1, true)}\nSpeaker ${i + 1}: ${words(next, 2)}\n\n`);
    },
  },
  sub: {
    'tiny cues': (limit) =>
      fill(limit, '[INFORMATION]\n[END INFORMATION]\n[SUBTITLE]\n', (i) => `${clock(i).slice(0, -1)},${clock(i + 1).slice(0, -1)}\n${speakerOf(i)}: ${WORDS[i % WORDS.length]}\n\n`),
    'giant line': (limit) => giantLine(limit, `[SUBTITLE]\n${clock(0).slice(0, -1)},${clock(1).slice(0, -1)}\nParticipant: `, '\n'),
    'many speakers': (limit) => {
      const next = wordStream(3);
      return fill(limit, '[SUBTITLE]\n', (i) => `${clock(i).slice(0, -1)},${clock(i + 1).slice(0, -1)}\nSpeaker ${i + 1}: ${words(next, 2)}[br]${next()}\n\n`);
    },
  },
};

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const paragraph = (text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** Paragraph generators for the document part of a .docx, per shape. */
const DOCX_SHAPES = {
  'tiny paragraphs': () => (i) => paragraph(`${i % 2 ? 'B' : 'A'}: ${WORDS[i % WORDS.length]}`),
  'giant paragraph': () => {
    const next = wordStream(11);
    return (i) => (i === 0 ? `<w:p><w:r><w:t xml:space="preserve">Participant: ` : `${next()} `);
  },
  'many speakers': () => {
    const next = wordStream(3);
    return (i) => paragraph(`Speaker ${i + 1}: ${words(next, 3)}`);
  },
};

async function buildDocx(xmlLimit, limit, unit, closeFirst) {
  // The largest document part whose archive stays under the upload limit.
  for (let size = xmlLimit; ; size = Math.floor(size * 0.8)) {
    const body = fill(size, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>`, unit, `${closeFirst}</w:body></w:document>`);
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
    zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
    zip.file('word/document.xml', body);
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
    if (bytes.byteLength <= limit) return bytes;
  }
}

const pdfString = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A PDF of Helvetica text pages holding `lines`, at most `perPage` a page, filling up to `limit` bytes. */
function buildPdf(limit, lineOf, perPage) {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', null, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids = [];
  let size = 1024;
  let i = 0;
  for (;;) {
    const lines = [];
    let pageBytes = 300;
    while (lines.length < perPage) {
      const op = `(${pdfString(lineOf(i))}) Tj T*\n`;
      if (size + pageBytes + op.length > limit) break;
      lines.push(op);
      pageBytes += op.length;
      i++;
    }
    if (lines.length === 0) break;
    const stream = `BT /F1 11 Tf 14 TL 72 740 Td\n${lines.join('')}ET`;
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(objects.length);
    size += pageBytes + 20 * 3 + 12 * String(kids.length).length;
    if (lines.length < perPage) break;
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const parts = ['%PDF-1.4\n'];
  const offsets = [];
  let at = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(at);
    const text = `${index + 1} 0 obj\n${object}\nendobj\n`;
    parts.push(text);
    at += Buffer.byteLength(text, 'latin1');
  });
  parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`));
  parts.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`);
  return new Uint8Array(Buffer.from(parts.join(''), 'latin1'));
}

// Pages of many lines, so the file reaches the upload limit within the page bound (the parser stops at its bounds on
// pages, text pieces and characters; these shapes reach them), the most pages allowed, 16,000 small pages, one giant line.
const PDF_SHAPES = {
  'tiny lines': (limit) => buildPdf(limit, (i) => `${i % 2 ? 'B' : 'A'}: ${WORDS[i % WORDS.length]}`, 1000),
  'many pages': (limit) => buildPdf(Math.min(limit, 2000 * 340), (i) => `${i % 2 ? 'B' : 'A'}: ${WORDS[i % WORDS.length]}`, 1),
  'small pages': (limit) => buildPdf(limit, (i) => `${i % 2 ? 'B' : 'A'}: ${WORDS[i % WORDS.length]}`, 50),
  'giant line': (limit) => {
    const line = giantLine(limit - 2048, 'Participant: ');
    return buildPdf(limit, () => line, 1);
  },
  'many speakers': (limit) => {
    const next = wordStream(3);
    return buildPdf(limit, (i) => `Speaker ${i + 1}: ${words(next, 3)}`, 1000);
  },
};

/** A one-page PDF whose content stream is 1 GB of white space, deflated (about 1 MB). */
async function deflateBomb() {
  const deflate = createDeflate({ level: 9 });
  const chunks = [];
  deflate.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let i = 0; i < 64; i++) if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  const stream = Buffer.concat(chunks);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets = [];
  let at = parts[0].length;
  const push = (buffer) => {
    parts.push(buffer);
    at += buffer.length;
  };
  objects.forEach((object, index) => {
    offsets.push(at);
    push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(at);
  push(Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = at;
  push(Buffer.from(`xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`, 'latin1'));
  push(Buffer.from(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Every worst case: `{ format, shape, fileName, bytes() }`, `bytes` made on demand (each is up to `limit` bytes).
 * `docxXmlLimit` is the most markup read from a .docx, `docxInflateLimit` the most the zip guard inflates,
 * `pdfContentLimit` the most page content read from a PDF.
 */
export function worstCases({ limit, docxXmlLimit, docxInflateLimit, pdfContentLimit }) {
  const cases = [];
  for (const [format, shapes] of Object.entries(TEXT_SHAPES)) {
    for (const [shape, make] of Object.entries(shapes)) {
      cases.push({ format, shape, fileName: `worst.${format}`, bytes: async () => new Uint8Array(Buffer.from(make(limit), 'utf8')) });
    }
  }
  for (const [shape, unitOf] of Object.entries(DOCX_SHAPES)) {
    const close = shape === 'giant paragraph' ? '</w:t></w:r></w:p>' : '';
    cases.push({ format: 'docx', shape, fileName: 'worst.docx', bytes: () => buildDocx(docxXmlLimit, limit, unitOf(), close) });
  }
  if (docxInflateLimit) {
    cases.push({ format: 'docx', shape: 'huge markup', fileName: 'worst.docx', bytes: () => buildDocx(docxInflateLimit, limit, DOCX_SHAPES['many speakers'](), '') });
  }
  for (const [shape, make] of Object.entries(PDF_SHAPES)) {
    cases.push({ format: 'pdf', shape, fileName: 'worst.pdf', bytes: async () => make(limit) });
  }
  // The same, with just less page content than the parser reads from a PDF: the slowest PDFs it accepts.
  if (pdfContentLimit) {
    for (const shape of ['tiny lines', 'giant line', 'many speakers']) {
      cases.push({ format: 'pdf', shape: `${shape} ≤ bound`, fileName: 'worst.pdf', bytes: async () => PDF_SHAPES[shape](pdfContentLimit) });
    }
    cases.push({ format: 'pdf', shape: 'deflate bomb', fileName: 'worst.pdf', bytes: deflateBomb });
  }
  return cases;
}
