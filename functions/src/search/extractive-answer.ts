/**
 * The answer made without a model: the passages that speak to the question, in the search's own order (best first),
 * under a first line that says how many interviews speak to it. Every word shown is a stored span. Pure.
 */
import { plural } from '@verbatim/contract/plural';
import type { AskPassage } from '@verbatim/contract/search';

/** Passages an extractive answer shows at most. */
export const EXTRACTIVE_PASSAGES = 8;

/** The passages shown: the best-ranked, at most EXTRACTIVE_PASSAGES. */
export function extractivePassages(passages: readonly AskPassage[], limit = EXTRACTIVE_PASSAGES): AskPassage[] {
  return passages.slice(0, limit);
}

/** "3 interviews speak to this: 5 passages, best first." / "1 interview speaks to this: 1 passage." */
export function extractiveHeadline(passages: readonly AskPassage[]): string {
  const interviews = new Set(passages.map((p) => `${p.projectId}/${p.documentId}`)).size;
  const speak = interviews === 1 ? 'speaks' : 'speak';
  const order = passages.length > 1 ? ', best first' : '';
  return `${plural(interviews, 'interview')} ${speak} to this: ${plural(passages.length, 'passage')}${order}.`;
}
