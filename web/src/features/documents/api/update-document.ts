import { MAX_DOCUMENT_NAME_LENGTH } from '@verbatim/contract/project';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { documentPath, type WireDocument } from './document-wire';

export interface UpdateDocumentInput {
  projectId: string;
  documentId: string;
  name?: string;
  speakers?: { label: string; role: SpeakerRole }[];
}

/** The input schema: the server's rule for an interview name, checked before calling it. */
export function documentNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Please give the interview a name.';
  if (trimmed.length > MAX_DOCUMENT_NAME_LENGTH) return `An interview name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`;
  return null;
}

export interface UpdateDocumentResult {
  document: WireDocument;
  /** True when a role change sent an analysed interview back to the insight engine (one credit on the trial). */
  reanalysing: boolean;
}

/**
 * PATCH /projects/:projectId/documents/:documentId {name?, speakers?} → {document, reanalysing}. A role change on an
 * analysed interview re-runs its analysis, charged like an upload: 402 (code payment-required) and nothing changed
 * when out of credits.
 */
export async function updateDocument({ projectId, documentId, name, speakers }: UpdateDocumentInput): Promise<UpdateDocumentResult> {
  if (name !== undefined) {
    const invalid = documentNameError(name);
    if (invalid) throw new ApiError(400, invalid, 'invalid');
  }
  const body = { ...(name !== undefined ? { name: name.trim() } : {}), ...(speakers ? { speakers } : {}) };
  const result = await apiRequest<{ document: WireDocument; reanalysing?: boolean }>(documentPath(projectId, documentId), { method: 'PATCH', body });
  return { document: result.document, reanalysing: result.reanalysing === true };
}

export function useUpdateDocument() {
  return useMutation({ mutationFn: updateDocument });
}
