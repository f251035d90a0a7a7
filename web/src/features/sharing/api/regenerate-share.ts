import type { ShareKind } from '@verbatim/contract/share';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkFromWire, type WireShareLink } from './share-wire';

export interface RegenerateShareInput {
  projectId: string;
  kind: ShareKind;
}

/** POST /projects/:projectId/shares/:kind/regenerate → {link}: a new token; the old link stops working at once. */
export async function regenerateShare({ projectId, kind }: RegenerateShareInput) {
  const { link } = await apiRequest<{ link: WireShareLink }>(`/projects/${encodeURIComponent(projectId)}/shares/${kind}/regenerate`, {
    method: 'POST',
  });
  return linkFromWire(link);
}

export function useRegenerateShare() {
  return useMutation({ mutationFn: regenerateShare });
}
