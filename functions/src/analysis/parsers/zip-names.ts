/**
 * Part names in a .docx as zip readers see them. JSZip (under mammoth) rewrites every name on load with its
 * `utils.resolve`: `.` segments and empty inner segments dropped, `..` pops the previous segment; Windows tools also
 * read `\` as a separator and others strip a leading `/`. An archive in which any name would change under that
 * normalisation, or two names would meet (OPC part names ignore ASCII case), is refused: every reader then sees the
 * same parts under the same names as the guard did.
 */
import { ParseError } from '@verbatim/contract/transcript';
import { namesRewritten, type ZipEntry } from './zip-directory';

/** JSZip 3.10.2 `utils.resolve`, with backslashes first read as separators. */
export function normaliseZipName(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/');
  const result: string[] = [];
  parts.forEach((part, index) => {
    // The first and last segments may be empty (a leading or trailing slash); any other empty one is dropped.
    if (part === '.' || (part === '' && index !== 0 && index !== parts.length - 1)) return;
    if (part === '..') result.pop();
    else result.push(part);
  });
  return result.join('/');
}

/** A name every reader reads alike: unchanged by normalisation and not absolute. */
export function isCanonicalZipName(name: string): boolean {
  return name !== '' && !name.startsWith('/') && normaliseZipName(name) === name;
}

/** Throws `corrupt` for a rewritten name or two entries with the same name (ignoring case). */
export function assertDistinctCanonicalNames(entries: readonly ZipEntry[]): void {
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (!isCanonicalZipName(name)) throw namesRewritten();
    const key = name.toLowerCase();
    if (seen.has(key)) {
      throw new ParseError('corrupt', 'This Word document holds two parts with the same name; save it again from Word and upload the new file.');
    }
    seen.add(key);
  }
}
