import type { ConfirmRolesRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { interviewApiPath, type WireInterview } from './interview-wire';

export type ConfirmRolesInput = ConfirmRolesRequest & { projectId: string; documentId: string };

/**
 * POST /projects/:projectId/documents/:documentId/confirm-roles {rolesVersion} → {document}: an interview waiting for
 * its speakers to be checked goes to the insight engine with the roles as read. Charged like an upload: one credit on
 * the trial (402 when none is left, and it keeps waiting), nothing for subscribers; 409 with the roles as they are now
 * when they were changed meanwhile.
 */
export async function confirmRoles({ projectId, documentId, rolesVersion }: ConfirmRolesInput): Promise<WireInterview> {
  const body: ConfirmRolesRequest = { rolesVersion };
  const { document } = await apiRequest<{ document: WireInterview }>(`${interviewApiPath(projectId, documentId)}/confirm-roles`, { method: 'POST', body });
  return document;
}

export function useConfirmRoles() {
  return useMutation({ mutationFn: confirmRoles });
}
