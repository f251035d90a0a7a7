import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';

/**
 * Reads a .qdpx the way QualCoder's project import does (ccbogel/QualCoder, src/qualcoder/refi.py, read for its
 * rules, not copied), so a test sees what a researcher finds after importing our export into QualCoder:
 *
 * - the root's children count only in the namespace `urn:QDA-XML:project:<version>`;
 * - a TextSource's text is the file its `plainTextPath` names in `sources/` (or `Sources/`); a repeated source name
 *   gets a "<n>_" prefix; when the file's first line ends in CR LF, every LF is followed by a space;
 * - code names are unique: a code whose name is already taken is not added, and its codings keep no code;
 * - a PlainTextSelection with a Coding is a coded segment, its text the characters (code points) startPosition to
 *   endPosition of the source text;
 * - one coding per code and place: a repeated one is left out;
 * - only a NoteRef **directly** under a TextSource makes its Note an annotation: the Note's PlainTextContent is the
 *   memo and the Note's own PlainTextSelection gives the place; without either nothing is imported. Such a note
 *   is never a journal. A second annotation at the same place of a source crashes the import (a unique index,
 *   no error handling);
 * - a Note without creationDateTime or modifiedDateTime stops the import;
 * - any other Note with a `plainTextPath` and a non-empty name is a journal entry whose text is that file; inline
 *   PlainTextContent alone is ignored; a journal name already taken crashes the import (QualCoder's suffix code
 *   calls `randint` with one argument).
 */
export interface QualCoderProject {
  codes: string[];
  sources: Array<{ guid: string; name: string; text: string; memo: string }>;
  codings: Array<{ code: string | null; source: string; start: number; end: number; text: string; memo: string }>;
  annotations: Array<{ source: string; start: number; end: number; text: string; memo: string }>;
  journals: Array<{ name: string; text: string }>;
}

/** The crash QualCoder's import meets on a repeated journal name. */
export class QualCoderImportCrash extends Error {}

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
});

type Ordered = Array<Record<string, unknown>>;

function toNodes(list: Ordered): Node[] {
  const nodes: Node[] = [];
  for (const item of list) {
    const tag = Object.keys(item).find((key) => key !== ':@');
    if (!tag || tag === '#text' || tag.startsWith('?')) continue;
    const content = item[tag] as Ordered;
    const children = toNodes(content);
    const text = content.map((c) => (typeof c['#text'] === 'string' ? c['#text'] : '')).join('');
    nodes.push({ tag, attrs: (item[':@'] as Record<string, string>) ?? {}, children, text });
  }
  return nodes;
}

const childrenNamed = (node: Node, tag: string) => node.children.filter((c) => c.tag === tag);
const firstChild = (node: Node, tag: string): Node | undefined => node.children.find((c) => c.tag === tag);
const slice = (text: string, start: number, end: number) => [...text].slice(start, end).join('');

export async function importLikeQualCoder(bytes: Uint8Array): Promise<QualCoderProject> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files);
  const sourcesFolder = names.some((n) => n.startsWith('sources/')) ? 'sources' : 'Sources';
  const qdeName = names.filter((n) => !n.includes('/') && n.endsWith('.qde')).pop() ?? 'project.qde';
  const readInternal = async (path: string): Promise<string> => {
    const file = zip.file(`${sourcesFolder}/${path.split('internal://')[1]}`);
    if (!file) throw new Error(`QualCoder cannot read ${path}: no such file in the archive`);
    return file.async('string');
  };

  const [root] = toNodes(parser.parse(await zip.file(qdeName)!.async('string')) as Ordered);
  const namespace = /^urn:QDA-XML:project:[^}]+$/.test(root.attrs.xmlns ?? '') ? root.attrs.xmlns : null;
  const project: QualCoderProject = { codes: [], sources: [], codings: [], annotations: [], journals: [] };
  if (!namespace) return project; // every child tag is compared with "{urn:QDA-XML:project:<version>}…"

  const codeNames = new Map<string, string>();
  const walkCodes = (code: Node) => {
    // Code names are unique in QualCoder's database: a second code of the same name is not added, and codings
    // that point to it are saved without a code.
    if (!project.codes.includes(code.attrs.name)) {
      codeNames.set(code.attrs.guid, code.attrs.name);
      project.codes.push(code.attrs.name);
    }
    childrenNamed(code, 'Code').forEach(walkCodes);
  };
  for (const book of childrenNamed(root, 'CodeBook')) childrenNamed(firstChild(book, 'Codes')!, 'Code').forEach(walkCodes);

  const annotationNotes = new Map<string, string>(); // note guid → source guid, the first NoteRef wins
  let prefix = 0;
  for (const sources of childrenNamed(root, 'Sources')) {
    for (const element of childrenNamed(sources, 'TextSource')) {
      let name = element.attrs.name;
      if (project.sources.some((s) => s.name === name)) name = `${++prefix}_${name}`;
      let text = await readInternal(element.attrs.plainTextPath);
      const firstLineEnd = text.indexOf('\n');
      if (firstLineEnd > 0 && text[firstLineEnd - 1] === '\r') text = text.replaceAll('\n', '\n ');
      const source = { guid: element.attrs.guid, name, text, memo: firstChild(element, 'Description')?.text ?? '' };
      project.sources.push(source);
      for (const selection of childrenNamed(element, 'PlainTextSelection')) {
        const start = Number(selection.attrs.startPosition);
        const end = Number(selection.attrs.endPosition);
        const memo = firstChild(selection, 'Description')?.text ?? '';
        const codings = childrenNamed(selection, 'Coding');
        for (const coding of codings) {
          const code = codeNames.get(firstChild(coding, 'CodeRef')!.attrs.targetGUID) ?? null;
          // One coding per code and place: a second is reported and left out.
          if (project.codings.some((c) => c.code === code && c.source === name && c.start === start && c.end === end)) continue;
          project.codings.push({ code, source: name, start, end, text: slice(text, start, end), memo });
        }
        if (codings.length === 0) project.annotations.push({ source: name, start, end, text: slice(text, start, end), memo });
      }
      for (const ref of childrenNamed(element, 'NoteRef')) {
        if (!annotationNotes.has(ref.attrs.targetGUID)) annotationNotes.set(ref.attrs.targetGUID, element.attrs.guid);
      }
    }
  }

  for (const notes of childrenNamed(root, 'Notes')) {
    for (const note of childrenNamed(notes, 'Note')) {
      if (note.attrs.creationDateTime === undefined && note.attrs.modifiedDateTime === undefined) {
        throw new QualCoderImportCrash(`note "${note.attrs.name}" has no date: QualCoder's import stops here`);
      }
      const annotatedSource = annotationNotes.get(note.attrs.guid);
      if (annotatedSource !== undefined) {
        const content = firstChild(note, 'PlainTextContent');
        const place = firstChild(note, 'PlainTextSelection');
        const source = project.sources.find((s) => s.guid === annotatedSource);
        if (content && place && source) {
          const start = Number(place.attrs.startPosition);
          const end = Number(place.attrs.endPosition);
          if (project.annotations.some((a) => a.source === source.name && a.start === start && a.end === end)) {
            throw new QualCoderImportCrash(`a second annotation at ${start}–${end} of "${source.name}": QualCoder's import stops here`);
          }
          project.annotations.push({ source: source.name, start, end, text: slice(source.text, start, end), memo: content.text });
        }
        continue;
      }
      const name = note.attrs.name;
      if (note.attrs.plainTextPath !== undefined && name) {
        if (project.journals.some((j) => j.name === name)) {
          throw new QualCoderImportCrash(`journal name "${name}" already exists: QualCoder's import stops here`);
        }
        project.journals.push({ name, text: await readInternal(note.attrs.plainTextPath) });
      }
    }
  }
  return project;
}
