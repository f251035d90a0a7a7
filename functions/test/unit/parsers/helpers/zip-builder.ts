/**
 * Writes small zip archives for tests (stored or deflated entries, optional lying size fields), so bad .docx files
 * are generated in the test rather than committed. Not used by the parsers.
 */
import { deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Deflate the data (default) or store it. */
  deflate?: boolean;
  /** Overrides the uncompressed size written in the headers (to make a zip that lies). */
  declaredSize?: number;
  /** General-purpose flags (bit 0 = encrypted). */
  flags?: number;
  /** Pre-compressed data to write instead of compressing `data`. */
  rawDeflated?: Uint8Array;
  /** Another name in the local header than in the central directory (zip readers disagree on which counts). */
  localName?: string;
}

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function buildZip(inputs: readonly ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const data = typeof input.data === 'string' ? Buffer.from(input.data, 'utf8') : Buffer.from(input.data);
    const deflate = input.deflate ?? true;
    const body = input.rawDeflated ? Buffer.from(input.rawDeflated) : deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(input.name, 'utf8');
    const localName = Buffer.from(input.localName ?? input.name, 'utf8');
    const size = input.declaredSize ?? data.length;
    const crc = input.rawDeflated ? 0 : crc32(data);
    const method = deflate || input.rawDeflated ? 8 : 0;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(input.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(localName.length, 26);
    locals.push(local, localName, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(input.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + localName.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  return new Uint8Array(Buffer.concat([...locals, directory, endOfCentralDirectory(inputs.length, directory.length, offset)]));
}

export function endOfCentralDirectory(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(entries, 0xffff), 8);
  eocd.writeUInt16LE(Math.min(entries, 0xffff), 10);
  eocd.writeUInt32LE(directorySize, 12);
  eocd.writeUInt32LE(directoryOffset, 16);
  return eocd;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The main document part of a minimal .docx: one paragraph per entry; a paragraph given as runs has one `<w:r>` per run. */
export function documentXml(paragraphs: readonly (string | readonly string[])[]): string {
  const body = paragraphs
    .map((paragraph) => {
      const runs = typeof paragraph === 'string' ? [paragraph] : paragraph;
      return `<w:p>${runs.map((run) => `<w:r><w:t xml:space="preserve">${escapeXml(run)}</w:t></w:r>`).join('')}</w:p>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** Package relationships (`_rels/.rels`) whose main document is `target`. */
export function rootRels(target: string): string {
  return ROOT_RELS.replace('Target="word/document.xml"', `Target="${target}"`);
}

/** A minimal valid .docx: one paragraph per entry; a paragraph given as runs has one `<w:r>` per run. */
export function buildDocx(paragraphs: readonly (string | readonly string[])[], extra: readonly ZipInput[] = []): Uint8Array {
  return buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'word/document.xml', data: documentXml(paragraphs) },
    ...extra,
  ]);
}

export { CONTENT_TYPES, ROOT_RELS };
