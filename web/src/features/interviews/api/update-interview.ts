import type { SpeakerRolesNow } from '@verbatim/contract/app-error';
import { documentNameError } from '@verbatim/contract/project';
import type { UpdateInterviewRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { interviewApiPath, type WireInterview } from './interview-wire';

export type UpdateDocumentInput = UpdateInterviewRequest & { projectId: string; documentId: string };

/** The server's rule for an interview name (the contract's), checked before calling it. */
export { documentNameError };

export interface UpdateDocumentResult {
  document: WireInterview;
  /** True when a role change sent an analysed interview back to the insight engine (one credit on the trial). */
  reanalysing: boolean;
}

/**
 * PATCH /projects/:projectId/documents/:documentId {name?, speakers?, rolesVersion?} → {document, reanalysing}. A role
 * change on an analysed interview re-runs its analysis, charged like an upload: 402 (code payment-required) and nothing
 * changed when out of credits. A role change carries the version of the roles it was made from; when they were changed
 * meanwhile, 409 with the roles as they are now (`rolesChangedMeanwhile`) and nothing changed or spent.
 */
export async function updateInterview({ projectId, documentId, name, speakers, rolesVersion }: UpdateDocumentInput): Promise<UpdateDocumentResult> {
  if (name !== undefined) {
    const invalid = documentNameError(name);
    if (invalid) throw new ApiError(400, invalid, 'invalid');
  }
  const body: UpdateInterviewRequest = { ...(name !== undefined ? { name: name.trim() } : {}), ...(speakers ? { speakers, rolesVersion } : {}) };
  const result = await apiRequest<{ document: WireInterview; reanalysing?: boolean }>(interviewApiPath(projectId, documentId), { method: 'PATCH', body });
  return { document: result.document, reanalysing: result.reanalysing === true };
}

/** The roles as they are now, when a role change was refused because they had been changed meanwhile; else null. */
export function rolesChangedMeanwhile(error: unknown): SpeakerRolesNow | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const now = error.details as Partial<SpeakerRolesNow> | undefined;
  return Array.isArray(now?.speakers) && typeof now.rolesVersion === 'number' ? { speakers: now.speakers, rolesVersion: now.rolesVersion } : null;
}

export function useUpdateInterview() {
  return useMutation({ mutationFn: updateInterview });
}
