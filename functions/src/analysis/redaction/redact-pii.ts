/**
 * PII redaction before text leaves for a model: emails, phone numbers and person names (the names passed in, e.g.
 * speaker labels, plus proper-noun runs found by wink-nlp) become stable placeholders. `restore` maps placeholders in
 * whatever comes back (a proposed quote, a speaker) to the originals, so quotes can be anchored against the ORIGINAL
 * stored text, which is never changed. Pure: no I/O.
 */
import { firstIndex } from '@verbatim/contract/transcript-lookup';
import { looksLikeFileName, namesInFileName } from './file-names';
import { findNames } from './name-finder';
import { findEmails, findPhones, type TextSpan } from './pii-patterns';
import { PlaceholderRegistry, type PiiKind } from './placeholders';

export type { PiiKind } from './placeholders';

export interface PiiCounts {
  email: number;
  phone: number;
  name: number;
}

/** One replaced span of the original text. */
export interface Replacement extends TextSpan {
  kind: PiiKind;
  placeholder: string;
}

export interface Redaction {
  /** The text with every email, phone number and name replaced. */
  text: string;
  /** Maps the placeholders in `s` back to the originals (unknown placeholders are left as they are). */
  restore(s: string): string;
  /** Occurrences replaced in the text, per kind. */
  counts: PiiCounts;
  /** What was replaced, in text order (offsets into the original text). */
  replacements: readonly Replacement[];
  /** The redacted counterpart of `original.slice(start, end)`; a placeholder cut by a bound is kept whole. */
  slice(start: number, end: number): string;
  /**
   * Redacts another string with the same placeholders (e.g. a speaker label); new emails/phones get new ones. A file
   * name (see file-names.ts) has its names found whatever their case, across `_`, `-`, `.` and camel case.
   */
  redact(s: string): string;
}

interface Candidate extends TextSpan {
  kind: PiiKind;
  /** The name a span of a file name is (its own spelling there may differ in case and separators). */
  name?: string;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function occurrences(text: string, needle: string): TextSpan[] {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(needle)}(?![\\p{L}\\p{N}_])`, 'gu');
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

function cleanNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    // A name must contain a word character; punctuation-only "names" would shred the text.
    if (name.length < 2 || !WORD_CHAR.test(name) || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
  }
  return out;
}

/** Keeps candidates that overlap nothing kept before them (emails, then phones, then names longest first). */
function claim(textLength: number, candidates: Candidate[]): Candidate[] {
  const taken = new Uint8Array(textLength);
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    let free = true;
    for (let i = candidate.start; i < candidate.end; i++) {
      if (taken[i]) {
        free = false;
        break;
      }
    }
    if (!free) continue;
    taken.fill(1, candidate.start, candidate.end);
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function apply(text: string, replacements: readonly Replacement[]): string {
  let out = '';
  let cursor = 0;
  for (const r of replacements) {
    out += text.slice(cursor, r.start) + r.placeholder;
    cursor = r.end;
  }
  return out + text.slice(cursor);
}

function byLengthThenStart(a: TextSpan, b: TextSpan): number {
  return b.end - b.start - (a.end - a.start) || a.start - b.start;
}

function candidatesIn(text: string, knownNames: readonly string[], findPersonNames: boolean): Candidate[] {
  const emails = findEmails(text).map((s) => ({ ...s, kind: 'email' as const }));
  const phones = findPhones(text)
    .sort(byLengthThenStart)
    .map((s) => ({ ...s, kind: 'phone' as const }));
  // A name the NER found once is replaced everywhere it occurs (also where the NER missed it, e.g. first in a sentence).
  const found = findPersonNames ? [...new Set(findNames(text).map((s) => text.slice(s.start, s.end)))] : [];
  const names = [...new Set([...knownNames, ...found])]
    .flatMap((name) => occurrences(text, name))
    .sort(byLengthThenStart)
    .map((s) => ({ ...s, kind: 'name' as const }));
  return [...emails, ...phones, ...names];
}

/** Maps offsets of the original text to offsets of the redacted text. */
function offsetMapper(replacements: readonly Replacement[]): (offset: number, side: 'start' | 'end') => number {
  const shiftBefore: number[] = [];
  let shift = 0;
  for (const r of replacements) {
    shiftBefore.push(shift);
    shift += r.placeholder.length - (r.end - r.start);
  }
  return (offset, side) => {
    // The last replacement starting before `offset`.
    const found = firstIndex(replacements, (r) => r.start >= offset) - 1;
    if (found < 0) return offset;
    const r = replacements[found] as Replacement;
    const before = shiftBefore[found] as number;
    if (offset >= r.end) return offset + before + r.placeholder.length - (r.end - r.start);
    // Inside a replaced span: keep the placeholder whole on both sides.
    return side === 'start' ? r.start + before : r.start + before + r.placeholder.length;
  };
}

/**
 * Replaces emails, phone numbers and names in `text`. `names` are replaced wherever they occur as whole words (case
 * as given); names found by the NER get placeholders too. Every passed name gets its placeholder up front, in order,
 * so speaker labels keep the same placeholder whether or not they occur in the text.
 */
export function redactPii(text: string, names: readonly string[] = []): Redaction {
  const registry = new PlaceholderRegistry(text);
  const knownNames = cleanNames(names);
  for (const name of knownNames) registry.placeholderFor('name', name);

  const replacements: Replacement[] = claim(text.length, candidatesIn(text, knownNames, true)).map((c) => ({
    ...c,
    placeholder: registry.placeholderFor(c.kind, text.slice(c.start, c.end)),
  }));
  const counts: PiiCounts = { email: 0, phone: 0, name: 0 };
  for (const r of replacements) counts[r.kind] += 1;
  const mapOffset = offsetMapper(replacements);
  const redacted = apply(text, replacements);

  return {
    text: redacted,
    counts,
    replacements,
    restore: (s) => registry.restore(s),
    slice: (start, end) => redacted.slice(mapOffset(start, 'start'), mapOffset(end, 'end')),
    redact: (s) => {
      const names = registry.originals('name');
      if (!looksLikeFileName(s)) {
        const found = claim(s.length, candidatesIn(s, names, false));
        return apply(s, found.map((c) => ({ ...c, placeholder: registry.placeholderFor(c.kind, s.slice(c.start, c.end)) })));
      }
      // A file name: names in any case, across `_`, `-`, `.` and camel case, each with its name's own placeholder.
      const inName: Candidate[] = namesInFileName(s, names).map((c) => ({ start: c.start, end: c.end, kind: 'name', name: c.name }));
      const found = claim(s.length, [...candidatesIn(s, [], false), ...inName]);
      return apply(s, found.map((c) => ({ start: c.start, end: c.end, kind: c.kind, placeholder: registry.placeholderFor(c.kind, c.name ?? s.slice(c.start, c.end)) })));
    },
  };
}
