import type { Interview } from '@verbatim/contract/project';
import { joinTranscript, partsOfVersion, type TranscriptContent, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { useEffect, useMemo, useRef } from 'react';
import { interviewRef, interviewsQuery, transcriptPartsCollection } from './interview-refs';
import { useLiveDoc, useLiveQuery, type Live } from '../../lib/use-live';

/** A project's interviews, live, newest first. */
export function useInterviews(projectId: string | undefined): Live<Interview[]> {
  return useLiveQuery(projectId ? `documents:${projectId}` : null, () => interviewsQuery(projectId!));
}

/** One interview, live; null when it does not exist. */
export function useInterview(projectId: string | undefined, documentId: string | undefined): Live<Interview | null> {
  const key = projectId && documentId ? `document:${projectId}/${documentId}` : null;
  return useLiveDoc(key, () => interviewRef(projectId!, documentId!));
}

/**
 * The parsed transcript of an interview, joined from its stored parts. Read only once the document
 * says it is parsed (`enabled`): before that the parts are incomplete.
 */
export function useTranscript(
  projectId: string,
  document: Interview | null | undefined,
  enabled: boolean,
): Live<TranscriptContent> {
  const key = document && enabled ? `transcript:${projectId}/${document.id}` : null;
  const parts = useLiveQuery(key, () => transcriptPartsCollection(projectId, document!.id));
  const labels = document?.speakers.map((s) => s.label).join('\u0000');
  const version = document?.transcriptVersion ?? 0;
  // After a correction the interview and its parts arrive apart: the transcript as last read until both say one version.
  const shown = useRef<TranscriptContent | undefined>(undefined);
  const content = useMemo(() => {
    const stored = parts.data?.filter((p): p is TranscriptPart => p !== null);
    if (!stored) return undefined;
    if (!partsOfVersion(stored, version)) return shown.current;
    return joinTranscript(stored, labels ? labels.split('\u0000') : []);
  }, [parts.data, labels, version]);
  useEffect(() => {
    shown.current = content;
  }, [content]);
  return { data: content, error: parts.error, loading: parts.loading };
}
