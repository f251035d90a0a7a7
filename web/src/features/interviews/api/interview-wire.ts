import type { Interview } from '@verbatim/contract/project';

/** An interview as the API sends it: dates as ISO strings. */
export type WireInterview = Omit<Interview, 'createdAt' | 'updatedAt' | 'analysis'> & { createdAt: string; updatedAt: string };

export function interviewApiPath(projectId: string, documentId?: string): string {
  const base = `/projects/${encodeURIComponent(projectId)}/documents`;
  return documentId ? `${base}/${encodeURIComponent(documentId)}` : base;
}
