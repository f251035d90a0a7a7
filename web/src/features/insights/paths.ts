import type { Quote } from '@verbatim/contract/insight';
import { quoteHash } from '../interviews';

/** Where a project's insights board lives. */
export function insightsPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/insights`;
}

/** The interview page opened at a quote's passage: `/projects/p/documents/d#q-<start>-<end>`. */
export function quotePath(projectId: string, quote: Pick<Quote, 'documentId' | 'start' | 'end'>): string {
  return `/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(quote.documentId)}#${quoteHash(quote)}`;
}
