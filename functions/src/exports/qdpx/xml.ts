/**
 * A tiny XML 1.0 writer: elements as plain data, one escape function, nothing else.
 * Characters XML 1.0 cannot carry (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF)
 * are left out of names and text; tab, LF and CR are written as character references where a parser
 * would otherwise normalise them away (attributes; CR in text), so values come back as written.
 *
 * Kept rather than xmlbuilder2 4.0.3 (tried): it writes tab, LF and CR in attribute values as themselves, which every
 * XML parser turns into spaces (a multi-line description or name would not come back as written), escapes a
 * character reference we would put there, and passes the characters XML 1.0 forbids.
 */
export type XmlAttributeValue = string | number | boolean | null | undefined;

export interface XmlElement {
  name: string;
  /** In the order they are written; null/undefined values are left out. */
  attributes?: Readonly<Record<string, XmlAttributeValue>>;
  /** Child elements, or one text value. */
  children?: readonly XmlElement[] | string;
}

// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 does not allow are what it finds
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 does not allow. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };

export function escapeXmlText(text: string): string {
  return xmlSafe(text).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]);
}

export function escapeXmlAttribute(value: string): string {
  return xmlSafe(value).replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

export function element(name: string, attributes?: XmlElement['attributes'], children?: XmlElement['children']): XmlElement {
  return { name, attributes, children };
}

/** The document: XML declaration, then the root element indented with tabs. */
export function renderXmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${renderElement(root, 0)}\n`;
}

function renderElement(node: XmlElement, depth: number): string {
  const indent = '\t'.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXmlAttribute(String(value))}"`)
    .join('');
  const open = `${indent}<${node.name}${attributes}`;
  const { children } = node;
  if (children === undefined || children.length === 0) return `${open}/>`;
  if (typeof children === 'string') return `${open}>${escapeXmlText(children)}</${node.name}>`;
  return `${open}>\n${children.map((child) => renderElement(child, depth + 1)).join('\n')}\n${indent}</${node.name}>`;
}
