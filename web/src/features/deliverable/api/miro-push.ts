import type { MiroPushState } from '@verbatim/contract/miro';
import type { MiroStepRequest, MiroTokenRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/projects/{projectId}/miro/boards`: a new Miro board with a frame per theme, no stickies yet. */
export function startMiroBoard(projectId: string, token: string, signal?: AbortSignal): Promise<MiroPushState> {
  return apiRequest<MiroPushState>(`/projects/${encodeURIComponent(projectId)}/miro/boards`, { body: { token } satisfies MiroTokenRequest, signal });
}

/** `POST .../miro/boards/{boardId}/stickies`: the next stickies (up to 100), from where the board stands. */
export function placeMiroStickies(projectId: string, state: MiroPushState, token: string, signal?: AbortSignal): Promise<{ done: number; total: number }> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}/miro/boards/${encodeURIComponent(state.boardId)}/stickies`, {
    body: { token, frameIds: state.frameIds, planId: state.planId, from: state.done } satisfies MiroTokenRequest & MiroStepRequest,
    signal,
  });
}
