import type { TranscriptDocument } from '@verbatim/contract/project';

/** An interview as the API sends it: dates as ISO strings. */
export type WireDocument = Omit<TranscriptDocument, 'createdAt' | 'updatedAt' | 'analysis'> & { createdAt: string; updatedAt: string };

export function documentPath(projectId: string, documentId?: string): string {
  const base = `/projects/${encodeURIComponent(projectId)}/documents`;
  return documentId ? `${base}/${encodeURIComponent(documentId)}` : base;
}
