import type { ShareEnabledRequest } from '@verbatim/contract/request-bodies';
import type { ShareKind } from '@verbatim/contract/share';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkFromWire, type WireShareLink } from './share-wire';

export interface SetShareEnabledInput extends ShareEnabledRequest {
  projectId: string;
  kind: ShareKind;
}

/**
 * PUT /projects/:projectId/shares/:kind {enabled, playRecordings?} → {link}: turns a public link on (creating it) or
 * off; `playRecordings` lets the interviews page's visitors play quotes (unchanged when absent).
 */
export async function setShareEnabled({ projectId, kind, enabled, playRecordings }: SetShareEnabledInput) {
  const body: ShareEnabledRequest = playRecordings === undefined ? { enabled } : { enabled, playRecordings };
  const { link } = await apiRequest<{ link: WireShareLink }>(`/projects/${encodeURIComponent(projectId)}/shares/${kind}`, { method: 'PUT', body });
  return linkFromWire(link);
}

export function useSetShareEnabled() {
  return useMutation({ mutationFn: setShareEnabled });
}
