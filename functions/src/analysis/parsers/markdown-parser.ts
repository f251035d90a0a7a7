/**
 * Markdown transcripts: `**Name:**` labels, escaped `\[12:34\]` stamps (taken off as times), front matter, headings
 * and rules dropped; inline emphasis, links and backslash escapes reduced to their words.
 */
import { segmentLines, type LineSegments } from './line-segments';
import { cleanLine, splitLines } from './normalize-text';
import { countWordParts, type WordParts } from './word-count';

const HEADING = /^#{1,6}(\s|$)/;
const RULE = /^([-*_])(\s*\1){2,}$/;
const FENCE = /^(```|~~~)/;

/** Structural lines that carry no speech become blank lines; a leading `> ` (quote) is taken off. */
function structuralLines(text: string): string[] {
  const lines = splitLines(text).map(cleanLine);
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) for (let i = 0; i <= end; i++) lines[i] = '';
  }
  return lines.map((line) => {
    if (HEADING.test(line) || RULE.test(line) || FENCE.test(line)) return '';
    return line.replace(/^>(?!>)\s?/, '');
  });
}

// Every inline construct below needs one of these characters; text without any is left as it is, unscanned.
const INLINE_SYNTAX = /[[*_`\\]/;

/** Inline Markdown → plain words. */
export function stripInlineMarkdown(text: string): string {
  if (!INLINE_SYNTAX.test(text)) return text;
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:https?:|mailto:|\/|#)[^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}\\*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}\\_])_(?=\S)([^_]+?)(?<=\S)_(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1');
}

/**
 * Words of a piece once its inline syntax is stripped. Without a link or image (`](`), stripping deletes only
 * delimiters (`*`, `_`, backticks, backslashes), never a letter, a digit or a space, so the count is the same unstripped.
 */
export function countStrippedWords(text: string): WordParts {
  return countWordParts(text.includes('](') ? stripInlineMarkdown(text) : text);
}

/** `text` is the decoded, normalised document with entities decoded. */
export function readMarkdown(text: string): LineSegments {
  return segmentLines(structuralLines(text), { lineJoin: 'line', cleanPiece: stripInlineMarkdown, countCleanPiece: countStrippedWords });
}
