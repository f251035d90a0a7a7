import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { ExportInsight, ExportModel, ExportQuote } from '../../../../src/exports/export-model';
import { codePointIndex } from '../../../../src/exports/qdpx/code-points';
import { renderQdpx } from '../../../../src/exports/qdpx/qdpx';
import { escapeXmlAttribute, escapeXmlText } from '../../../../src/exports/qdpx/xml';
import { handExportModel, handInterview, quoteOf, sampleExportModel } from '../../../support/export-fixtures';

const PROJECT_XSD = readFileSync(new URL('../../../../src/exports/qdpx/schema/Project.xsd', import.meta.url), 'utf8');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Attrs {
  guid: string;
  name?: string;
  [key: string]: unknown;
}
interface Ref {
  targetGUID: string;
}
interface QdeCode extends Attrs {
  Description?: string;
  NoteRef?: Ref[];
  Code?: QdeCode[];
}
interface QdeSelection extends Attrs {
  startPosition: string;
  endPosition: string;
  Description?: string;
  Coding: Array<Attrs & { CodeRef: Ref }>;
  NoteRef: Ref[];
}
interface QdeSource extends Attrs {
  plainTextPath: string;
  Description: string;
  PlainTextSelection?: QdeSelection[];
  NoteRef?: Ref[];
}
interface QdeNote extends Attrs {
  plainTextPath?: string;
  PlainTextContent?: string;
  PlainTextSelection?: Array<Attrs & { startPosition: string; endPosition: string }>;
}
interface Qde {
  Project: Attrs & {
    xmlns: string;
    origin: string;
    creationDateTime: string;
    creatingUserGUID: string;
    Users: { User: Attrs[] };
    CodeBook?: { Codes: { Code: QdeCode[] } };
    Sources?: { TextSource: QdeSource[] };
    Notes?: { Note: QdeNote[] };
    Description?: string;
  };
}

const LISTS = new Set(['User', 'Code', 'TextSource', 'PlainTextSelection', 'Coding', 'NoteRef', 'Note']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true, // decodes the numeric references (&#10; &#13;) the writer uses
  isArray: (name) => LISTS.has(name),
});

interface Unpacked {
  xml: string;
  qde: Qde;
  files: Map<string, string>;
}

async function unpack(bytes: Uint8Array): Promise<Unpacked> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('project.qde')!.async('string');
  const files = new Map<string, string>();
  for (const entry of Object.values(zip.files)) {
    if (!entry.dir && entry.name !== 'project.qde') files.set(entry.name, await entry.async('string'));
  }
  return { xml, qde: parser.parse(xml) as Qde, files };
}

async function expectValid(xml: string): Promise<void> {
  const result = await validateXML({ xml: [{ fileName: 'project.qde', contents: xml }], schema: [PROJECT_XSD] });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

/** The file a TextSource or Note points to: internal://<guid>.txt is sources/<guid>.txt. */
function sourceFile(files: Map<string, string>, source: { plainTextPath?: string }): string {
  const match = /^internal:\/\/(.+\.txt)$/.exec(source.plainTextPath ?? '');
  expect(match).not.toBeNull();
  const text = files.get(`sources/${match![1]}`);
  expect(text).toBeTypeOf('string');
  return text!;
}

/** A selection's text, counting positions in code points as REFI-QDA does. */
const codePointSlice = (text: string, start: string, end: string) => [...text].slice(Number(start), Number(end)).join('');

function allElementsWithGuid(node: unknown, out: Array<[string, string]> = [], name = ''): Array<[string, string]> {
  if (Array.isArray(node)) node.forEach((n) => allElementsWithGuid(n, out, name));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.guid === 'string') out.push([name, record.guid]);
    for (const [key, value] of Object.entries(record)) allElementsWithGuid(value, out, key);
  }
  return out;
}

// ---- A small hand-made project: emoji (astral characters), XML specials, a control character ----------

const HAND_TEXT = [
  'Interviewer: How was the launch? 🙂',
  'P1: The 🚀 launch was "fast", really,',
  'honest & <quick>. 👩‍👩‍👧 came too.',
  'Interviewer: And then? \u0007',
  'P1: Then 𝒳 marks the 🎯 spot; we shipped it.',
].join('\n');

function handModel(): ExportModel {
  const interview = handInterview({
    id: 'hand-doc',
    name: 'Launch <retro> & "wrap"',
    fileName: 'launch.txt',
    language: 'en',
    text: HAND_TEXT,
  });
  const insight = (id: string, title: string, theme: string, tag: string, quotes: ExportQuote[], description: string): ExportInsight => ({
    id,
    title,
    description,
    tag,
    theme,
    source: 'manual',
    quotes,
    documentIds: [interview.id],
  });
  const speed = insight(
    'ins-speed',
    'Launches feel <fast> & "honest"',
    'Speed & <scale>',
    'launch',
    [quoteOf(interview, 'The 🚀 launch was "fast", really,\nhonest & <quick>. 👩‍👩‍👧 came too.', 'P1', 5)],
    'Line one\r\nline two with a bell \u0001 removed',
  );
  const aim = insight(
    'ins-aim',
    'Aiming matters',
    "Focus 'n' aim",
    'aim',
    [quoteOf(interview, '𝒳 marks the 🎯 spot', 'P1', 9), quoteOf(interview, 'we shipped it.', 'P1', 12)],
    'They point at the target.',
  );
  return handExportModel({
    projectId: 'hand-project',
    projectName: `Q&A <pilot> "alpha" 'beta'`,
    generatedAt: new Date(Date.UTC(2026, 1, 3, 4, 5, 6)),
    summary: 'Two insights & one <interview>.',
    interviews: [interview],
    insights: [speed, aim],
  });
}

// ---- Tests ------------------------------------------------------------------------------------------

describe('REFI-QDA project (.qdpx)', () => {
  let model: ExportModel;
  let bytes: Uint8Array;
  let sample: Unpacked;

  beforeAll(async () => {
    model = await sampleExportModel();
    bytes = await renderQdpx(model);
    sample = await unpack(bytes);
  }, 60_000);

  it('is valid against the REFI-QDA Project.xsd', async () => {
    expect(sample.xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    await expectValid(sample.xml);
  });

  it('the schema check itself rejects a broken project (the validator is really validating)', async () => {
    const broken = sample.xml.replace(/<Users>[\s\S]*?<\/Users>\s*/, '').replace('<CodeBook>', '<CodeBook><Users/>');
    const result = await validateXML({ xml: [{ fileName: 'broken.qde', contents: broken }], schema: [PROJECT_XSD] });
    expect(result.valid).toBe(false);
  });

  it('describes the project, its user and the export time', () => {
    const project = sample.qde.Project;
    expect(project).toMatchObject({ xmlns: 'urn:QDA-XML:project:1.0', name: model.projectName, origin: 'Verbatim' });
    expect(project.creationDateTime).toBe(model.generatedAt.toISOString());
    expect(project.Users.User).toHaveLength(1);
    expect(project.Users.User[0]).toMatchObject({ name: 'Verbatim export', guid: project.creatingUserGUID });
    expect(project.Description).toBe(model.summary);
  });

  it('has one TextSource per interview whose source file is the transcript exactly', () => {
    const sources = sample.qde.Project.Sources!.TextSource;
    expect(sources.map((s) => s.name)).toEqual(model.interviews.map((i) => i.name));
    // A file per transcript and one per insight note.
    expect(sample.files.size).toBe(model.interviews.length + model.counts.insights);
    sources.forEach((source, i) => {
      expect(sourceFile(sample.files, source)).toBe(model.interviews[i].text);
      expect(source.creatingUser).toBe(sample.qde.Project.creatingUserGUID);
    });
  });

  it('has every quote as a selection whose characters are the quote verbatim, coded with its tag and linked to its note', () => {
    const project = sample.qde.Project;
    const codes = new Map<string, QdeCode>();
    const walk = (list: QdeCode[] = []) => list.forEach((c) => (codes.set(c.guid, c), walk(c.Code)));
    walk(project.CodeBook!.Codes.Code);
    const notes = new Map(project.Notes!.Note.map((n) => [n.guid, n]));

    const found: string[] = [];
    for (const source of project.Sources!.TextSource) {
      const text = sourceFile(sample.files, source);
      const interview = model.interviews.find((i) => i.name === source.name)!;
      for (const selection of source.PlainTextSelection ?? []) {
        const verbatim = codePointSlice(text, selection.startPosition, selection.endPosition);
        const note = notes.get(selection.NoteRef[0].targetGUID)!;
        const insight = model.themes.flatMap((t) => t.insights).find((i) => i.title === note.name)!;
        expect(insight.quotes.some((q) => q.text === verbatim && q.documentId === interview.id)).toBe(true);
        expect(selection.Coding).toHaveLength(1);
        expect(codes.get(selection.Coding[0].CodeRef.targetGUID)?.name).toBe(insight.tag);
        found.push(`${interview.id}|${verbatim}|${insight.id}`);
      }
    }
    const expected = model.themes.flatMap((t) => t.insights.flatMap((i) => i.quotes.map((q) => `${q.documentId}|${q.text}|${i.id}`)));
    expect(expected.length).toBeGreaterThan(10);
    expect(found.sort()).toEqual(expected.sort());
  });

  it('builds the code book as themes in board order, each with the tags its insights use', () => {
    const themes = sample.qde.Project.CodeBook!.Codes.Code;
    expect(themes.map((c) => c.name)).toEqual(model.themes.map((t) => t.name));
    themes.forEach((code, t) => {
      const tags = [...new Set(model.themes[t].insights.map((i) => i.tag))];
      expect((code.Code ?? []).map((c) => c.name)).toEqual(tags);
      expect(code.isCodable).toBe('true');
      expect(code.color).toMatch(/^#[0-9A-F]{6}$/);
    });
  });

  it('has one memo note per insight, its title, description, theme and tag in a file of the archive', () => {
    const memos = sample.qde.Project.Notes!.Note.filter((n) => n.plainTextPath !== undefined);
    const insights = model.themes.flatMap((t) => t.insights);
    expect(memos.map((n) => n.name)).toEqual(insights.map((i) => i.title));
    memos.forEach((note, i) => {
      expect(note.plainTextPath).toBe(`internal://${note.guid}.txt`);
      const text = sourceFile(sample.files, note);
      expect(text.startsWith(`${insights[i].title}\n\n`)).toBe(true);
      expect(text).toContain(insights[i].description);
      expect(text).toContain(`Theme: ${insights[i].theme}`);
      expect(text).toContain(`Tag: ${insights[i].tag}`);
    });
  });

  it('annotates every interview an insight draws on with the insight inline, at its first quote there', () => {
    const project = sample.qde.Project;
    const notes = new Map(project.Notes!.Note.map((n) => [n.guid, n]));
    const memoText = new Map(project.Notes!.Note.filter((n) => n.plainTextPath).map((n) => [n.name, sourceFile(sample.files, n)]));
    let annotations = 0;
    for (const [s, source] of project.Sources!.TextSource.entries()) {
      const interview = model.interviews[s];
      const text = sourceFile(sample.files, source);
      const drawnOn = model.themes.flatMap((t) => t.insights).filter((i) => i.documentIds.includes(interview.id));
      expect((source.NoteRef ?? []).length).toBe(drawnOn.length);
      (source.NoteRef ?? []).forEach((ref, i) => {
        const note = notes.get(ref.targetGUID)!;
        expect(note.plainTextPath).toBeUndefined();
        expect(note.PlainTextContent).toBe(memoText.get(drawnOn[i].title));
        const [place] = note.PlainTextSelection!;
        const firstQuote = drawnOn[i].quotes.find((q) => q.documentId === interview.id)!;
        expect(codePointSlice(text, place.startPosition, place.endPosition)).toBe(firstQuote.text);
        annotations++;
      });
    }
    expect(annotations).toBeGreaterThan(10);
    // The standard: "Either PlainTextContent or plainTextPath MUST be filled, not both".
    for (const note of project.Notes!.Note) expect([note.PlainTextContent !== undefined, note.plainTextPath !== undefined]).toContain(true);
    for (const note of project.Notes!.Note) expect(note.PlainTextContent !== undefined && note.plainTextPath !== undefined, note.name).toBe(false);
  });

  it('gives every element a distinct, valid GUID, every reference a target, and the same GUIDs on every export', async () => {
    const guids = allElementsWithGuid(sample.qde.Project);
    const ids = guids.filter(([name]) => name !== 'User').map(([, guid]) => guid);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, guid] of guids) expect(guid).toMatch(GUID);
    const refs = [...sample.xml.matchAll(/targetGUID="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ids).toContain(ref);

    const again = await renderQdpx(await sampleExportModel());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    // Byte-identical at any time: every entry, folders included, is dated with the export, not the clock.
    const zip = await JSZip.loadAsync(bytes);
    const entries = Object.values(zip.files);
    expect(entries.map((e) => e.name).sort()).toEqual(['project.qde', 'sources/', ...sample.files.keys()].sort());
    for (const entry of entries) expect(entry.date.getTime(), entry.name).toBe(model.generatedAt.getTime());
  }, 60_000);

  describe('a transcript with emoji and XML specials', () => {
    let hand: Unpacked;
    let handModelValue: ExportModel;
    beforeAll(async () => {
      handModelValue = handModel();
      hand = await unpack(await renderQdpx(handModelValue));
    });

    it('is valid, and counts positions in characters, not UTF-16 units', async () => {
      await expectValid(hand.xml);
      const [source] = hand.qde.Project.Sources!.TextSource;
      const text = sourceFile(hand.files, source);
      expect(text).toBe(HAND_TEXT);
      const quotes = handModelValue.themes.flatMap((t) => t.insights.flatMap((i) => i.quotes));
      const selections = source.PlainTextSelection!;
      expect(selections).toHaveLength(quotes.length);
      for (const quote of quotes) {
        const selection = selections.find((s) => codePointSlice(text, s.startPosition, s.endPosition) === quote.text);
        expect(selection, quote.text).toBeDefined();
        // Emoji before the quote make the character position smaller than the UTF-16 one.
        expect(Number(selection!.startPosition)).toBeLessThan(quote.start);
      }
    });

    it('round-trips names and text with <, &, quotes and line breaks, and drops characters XML cannot carry', async () => {
      const project = hand.qde.Project;
      expect(project.name).toBe(`Q&A <pilot> "alpha" 'beta'`);
      expect(project.Description).toBe('Two insights & one <interview>.');
      expect(project.CodeBook!.Codes.Code.map((c) => c.name)).toEqual(['Speed & <scale>', "Focus 'n' aim"]);
      expect(project.Sources!.TextSource[0].name).toBe('Launch <retro> & "wrap"');
      const [speed] = project.Notes!.Note;
      expect(speed.name).toBe('Launches feel <fast> & "honest"');
      expect(sourceFile(hand.files, speed)).toContain('Line one\r\nline two with a bell  removed');
      const annotation = project.Notes!.Note.find((n) => n.PlainTextContent?.startsWith(speed.name!))!;
      expect(annotation.PlainTextContent).toContain('Line one\r\nline two with a bell  removed');
      expect(hand.xml).not.toMatch(/[\u0000-\u0008]/);
      // …while the source file keeps the transcript's own control character.
      expect(sourceFile(hand.files, project.Sources!.TextSource[0])).toContain('\u0007');
    });
  });

  it('is still valid for a project without insights (the schema forbids empty code and note lists)', async () => {
    const empty = await unpack(await renderQdpx({ ...handModel(), themes: [] }));
    await expectValid(empty.xml);
    expect(empty.qde.Project.CodeBook).toBeUndefined();
    expect(empty.qde.Project.Notes).toBeUndefined();
    expect(empty.qde.Project.Sources!.TextSource).toHaveLength(1);
  });
});

describe('code point positions', () => {
  it('counts an astral character as one and a BMP character as one', () => {
    const text = 'a🙂b𝒳c';
    const at = codePointIndex(text);
    expect([0, 1, 3, 4, 6, 7].map(at)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(at(text.length)).toBe([...text].length);
  });
});

describe('XML escaping', () => {
  it('escapes markup and quotes, keeps line breaks in attributes, removes what XML 1.0 forbids', () => {
    expect(escapeXmlText('a < b & c > d\r\n')).toBe('a &lt; b &amp; c &gt; d&#13;\n');
    expect(escapeXmlAttribute(`"x" 'y'\n\t`)).toBe('&quot;x&quot; &apos;y&apos;&#10;&#9;');
    expect(escapeXmlText('ok\u0000\u001F\uFFFE\uD800 🙂')).toBe('ok 🙂');
  });
});

describe('a REFI-QDA project made while interviews wait for their roles', () => {
  it('says in its description which interviews it leaves out and why, and is still valid', async () => {
    const model = await sampleExportModel();
    const leftOut = [
      { name: 'Catch-up 1', reason: 'its speakers’ roles wait to be checked' },
      { name: 'Call', reason: 'it was still being read' },
    ];
    const unpacked = await unpack(await renderQdpx({ ...model, leftOut }));
    expect(unpacked.qde.Project.Description).toBe(
      `${model.summary}\n2 interviews are left out: Catch-up 1, because its speakers’ roles wait to be checked; Call, because it was still being read.`,
    );
    expect((await validateXML({ xml: [{ fileName: 'project.qde', contents: unpacked.xml }], schema: [PROJECT_XSD] })).valid).toBe(true);
  }, 60_000);
});
