import type { AskRequest } from '@verbatim/contract/request-bodies';
import type { AskResponse } from '@verbatim/contract/search';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /search/ask {question, projectId?}: an answer built only from the caller's own interviews. */
export function askResearch(question: string, projectId?: string): Promise<AskResponse> {
  const body: AskRequest = projectId ? { question, projectId } : { question };
  return apiRequest<AskResponse>('/search/ask', { body });
}

export function useAskResearch() {
  return useMutation({ mutationFn: ({ question, projectId }: { question: string; projectId?: string }) => askResearch(question, projectId) });
}
