import type { Insight } from '@verbatim/contract/insight';
import type { StoredSynthesis } from '@verbatim/contract/insight-data';
import { useLiveDoc, useLiveQuery, type Live } from '../../lib/use-live';
import { interviewInsightsQuery, projectInsightsQuery, synthesisRef } from './insight-refs';

/** A project's insights, live. */
export function useProjectInsights(projectId: string | undefined): Live<Insight[]> {
  return useLiveQuery(projectId ? `insights:${projectId}` : null, () => projectInsightsQuery(projectId!));
}

/** One interview's insights, live. */
export function useDocumentInsights(projectId: string | undefined, documentId: string | undefined): Live<Insight[]> {
  const key = projectId && documentId ? `insights:${projectId}/${documentId}` : null;
  return useLiveQuery(key, () => interviewInsightsQuery(projectId!, documentId!));
}

/** The project synthesis, live; null until the server has written one. */
export function useSynthesis(projectId: string | undefined): Live<StoredSynthesis | null> {
  return useLiveDoc(projectId ? `synthesis:${projectId}` : null, () => synthesisRef(projectId!));
}
