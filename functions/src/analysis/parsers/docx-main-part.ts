/**
 * Which part of a .docx holds the text, found as mammoth 1.13 finds it (`docx-reader.js` `findPartPaths`): the first
 * `officeDocument` relationship in `_rels/.rels` whose target (a leading `/` stripped) is a part of the archive, else
 * `word/document.xml`. Word always keeps it under `word/`; anything else is refused.
 */
import { ParseError } from '@verbatim/contract/transcript';

const OFFICE_DOCUMENT = /\/relationships\/officeDocument$/;
const FALLBACK = 'word/document.xml';

/** The `Type` and `Target` of every `<Relationship>` element (any namespace prefix), character references decoded. */
export function readRelationships(xml: string): { type: string; target: string }[] {
  return [...xml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)].map(([, attributes]) => {
    const values = new Map<string, string>();
    for (const [, name, doubleQuoted, singleQuoted] of attributes.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      values.set(name, decodeXmlReferences(doubleQuoted ?? singleQuoted));
    }
    return { type: values.get('Type') ?? '', target: values.get('Target') ?? '' };
  });
}

function decodeXmlReferences(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(Number.parseInt(decimal, 10));
    return named[name ?? ''] ?? whole;
  });
}

/** The main document's part name; throws `corrupt` when the package relationships put it outside `word/`. */
export function mainDocumentPart(packageRelationships: string | undefined, hasPart: (name: string) => boolean): string {
  const targets = readRelationships(packageRelationships ?? '')
    .filter((relationship) => OFFICE_DOCUMENT.test(relationship.type))
    .map((relationship) => relationship.target.replace(/^\//, ''));
  const main = targets.find(hasPart) ?? FALLBACK;
  if (!main.startsWith('word/')) {
    throw new ParseError(
      'corrupt',
      'This Word document keeps its text outside the word folder, where Word never puts it; save it again from Word and upload the new file.',
    );
  }
  return main;
}
