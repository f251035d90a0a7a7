/**
 * The .docx guard against crafted archives: names that a zip reader rewrites (`./`, `..`, backslashes, a leading
 * slash, another name in the local header), duplicate names, sizes that lie, and relationships that point the text
 * elsewhere. Each archive is generated here; a bomb inside is a few tens of KB that would inflate to 40 MB or more.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { expectRefused } from '../../parsers/helpers/refusal';
import { buildDocx, buildZip, CONTENT_TYPES, documentXml, ROOT_RELS, rootRels, type ZipInput } from '../../parsers/helpers/zip-builder';

const MB = 1024 * 1024;
const PARAGRAPHS = ['Interviewer: What did you pay?', 'Participant: About 200 euros, which felt fair.'];
const TEXT = 'What did you pay?\n\nAbout 200 euros, which felt fair.';
const MAIN = documentXml(PARAGRAPHS);

const NAMES = 'This Word document names its parts in a way Word never does; save it again from Word and upload the new file.';
const DUPLICATE = 'This Word document holds two parts with the same name; save it again from Word and upload the new file.';
const OUTSIDE =
  'This Word document keeps its text outside the word folder, where Word never puts it; save it again from Word and upload the new file.';
const LIES = /^This Word document contains a part larger than it declares, far beyond any transcript/;

/** 40 MB of XML-looking text deflated to about 40 KB, declared as `declaredSize` bytes. */
const BOMB = deflateRawSync(Buffer.alloc(40 * MB, '<w:t>a</w:t>'));
function bomb(name: string, declaredSize = 1000): ZipInput {
  return { name, data: '', rawDeflated: BOMB, declaredSize };
}

/** Content types and package relationships, then the given parts. */
function docx(parts: readonly ZipInput[], rels = ROOT_RELS): Uint8Array {
  return buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: '_rels/.rels', data: rels }, ...parts]);
}

async function expectText(bytes: Uint8Array): Promise<void> {
  expect((await parseTranscript({ bytes, fileName: 'interview.docx' })).text).toBe(TEXT);
}

describe('a .docx with crafted names', () => {
  it('reads the plain document (control for the variants below)', async () => {
    await expectText(docx([{ name: 'word/document.xml', data: MAIN }]));
  });

  it.each(['./word/document.xml', 'word/./document.xml', 'word//document.xml', '/word/document.xml'])('refuses the main part stored as %s', async (name) => {
    const error = await expectRefused(docx([{ name, data: MAIN }]), 'interview.docx', 'corrupt');
    expect(error.message).toBe(NAMES);
  });

  it('refuses a main part under ./ that declares 1,000 bytes and inflates to 40 MB, without inflating it', async () => {
    const error = await expectRefused(docx([bomb('./word/document.xml')]), 'bomb.docx', 'corrupt');
    expect(error.message).toBe(NAMES);
  });

  it.each(['word/../word/document.xml', 'customXml/../word/document.xml', '../word/document.xml'])('refuses a name with ..: %s', async (name) => {
    const error = await expectRefused(docx([{ name, data: MAIN }]), 'dots.docx', 'corrupt');
    expect(error.message).toBe(NAMES);
  });

  it('refuses backslashes in a name, in the main part or in any other part', async () => {
    const main = await expectRefused(docx([{ name: 'word\\document.xml', data: MAIN }]), 'windows.docx', 'corrupt');
    expect(main.message).toBe(NAMES);
    const media = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, bomb('word\\media\\image1.png')]), 'windows.docx', 'corrupt');
    expect(media.message).toBe(NAMES);
  });

  it('refuses a part whose local header names another part than the directory does', async () => {
    const zip = docx([{ name: 'word/document.xml', data: MAIN }, { name: 'docProps/custom.xml', localName: 'word/document.xml', data: documentXml(['Participant: forged']) }]);
    const error = await expectRefused(zip, 'two-faced.docx', 'corrupt');
    expect(error.message).toBe(NAMES);
  });

  it('refuses two parts with the same name, or names that differ only in case', async () => {
    const forged = documentXml(['Participant: I never said this.']);
    const same = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, { name: 'word/document.xml', data: forged }]), 'twice.docx', 'corrupt');
    expect(same.message).toBe(DUPLICATE);
    const cased = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, { name: 'WORD/Document.xml', data: forged }]), 'cased.docx', 'corrupt');
    expect(cased.message).toBe(DUPLICATE);
  });
});

describe('a .docx whose sizes lie', () => {
  it.each(['word/media/image1.png', 'docProps/thumbnail.jpeg', 'customXml/item1.xml', 'word/document.xml.bak'])(
    'refuses %s declared as 1,000 bytes that inflates to 40 MB, whatever its name',
    async (name) => {
      const error = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, bomb(name)]), 'liar.docx', 'decompression-limit');
      expect(error.message).toMatch(LIES);
    },
  );

  it('refuses a part declared as 0 bytes that inflates to 40 MB', async () => {
    const error = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, bomb('word/media/empty.bin', 0)]), 'zero.docx', 'decompression-limit');
    expect(error.message).toMatch(LIES);
  });

  it('refuses a part that inflates to less than it declares as damaged', async () => {
    const zip = docx([{ name: 'word/document.xml', data: MAIN }, { name: 'word/media/image1.png', data: 'short', declaredSize: 5000 }]);
    const error = await expectRefused(zip, 'short.docx', 'corrupt');
    expect(error.message).toBe('This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
  });

  it('refuses parts that each declare their size truthfully but together inflate past 100 MB', async () => {
    const chunk = 30 * MB;
    const honest = deflateRawSync(Buffer.alloc(chunk, 'Participant: fine. '));
    const parts = [0, 1, 2, 3].map((i): ZipInput => ({ name: `word/media/video${i}.bin`, data: '', rawDeflated: honest, declaredSize: chunk }));
    const error = await expectRefused(docx([{ name: 'word/document.xml', data: MAIN }, ...parts]), 'heavy.docx', 'decompression-limit');
    expect(error.message).toMatch(/^This Word document (would expand to more than 100 MB|contains a part that expands \d+ times)/);
  });
});

describe('a .docx with more markup than mammoth can hold', () => {
  it('refuses more than 4 MB of markup as too-large before mammoth builds its tree, saying to upload plain text', async () => {
    // 90,000 one-word paragraphs: under the word limit, but about 5 MB of XML (mammoth needed seconds and 600 MB for it).
    const paragraphs = Array.from({ length: 90_000 }, (_, i) => (i % 2 ? `Participant: ${i}` : `Interviewer: ${i}?`));
    const error = await expectRefused(buildDocx(paragraphs), 'dense.docx', 'too-large');
    expect(error.message).toBe(
      'This Word document holds more than 4 MB of text markup, more than Verbatim reads from a .docx; save it as plain text (.txt) and upload that.',
    );
  });
});

describe('a .docx whose relationships point elsewhere', () => {
  it('refuses a main document outside word/, even a small honest one', async () => {
    const parts: ZipInput[] = [{ name: 'evil/document.xml', data: MAIN }, { name: 'word/document.xml', data: documentXml(['Participant: decoy']) }];
    const zip = docx(parts, rootRels('evil/document.xml'));
    const error = await expectRefused(zip, 'elsewhere.docx', 'corrupt');
    expect(error.message).toBe(OUTSIDE);
    const absolute = docx(parts, rootRels('/evil/document.xml'));
    expect((await expectRefused(absolute, 'elsewhere.docx', 'corrupt')).message).toBe(OUTSIDE);
  });

  it('reads a main document elsewhere under word/', async () => {
    await expectText(docx([{ name: 'word/main.xml', data: MAIN }], rootRels('/word/main.xml')));
  });

  it('never reads a part that the document relationships place outside word/ (its styles fall back to word/styles.xml)', async () => {
    const documentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="/customXml/styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="../customXml/notes.xml"/></Relationships>`;
    const nested = (style: ZipInput) =>
      docx([{ name: 'word/document.xml', data: MAIN }, { name: 'word/_rels/document.xml.rels', data: documentRels }, style, { name: 'customXml/notes.xml', data: 'not xml <' }]);
    // An honest but unreadable part there is not read, so the transcript comes through.
    await expectText(nested({ name: 'customXml/styles.xml', data: '<<< not xml' }));
    // A bomb there is refused before anything reads it.
    const error = await expectRefused(nested(bomb('customXml/styles.xml')), 'nested.docx', 'decompression-limit');
    expect(error.message).toMatch(LIES);
  });

  it('still reads a document with extra honest parts it ignores', async () => {
    await expectText(buildDocx(PARAGRAPHS, [{ name: 'word/media/image1.png', data: new Uint8Array(2048).fill(7) }, { name: 'docProps/app.xml', data: '<Properties/>' }]));
  });
});
