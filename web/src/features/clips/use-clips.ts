import type { Clip } from '@verbatim/contract/clip';
import { useLiveQuery, type Live } from '../../lib/use-live';
import { clipsQuery } from './clip-refs';

/** A project's clips, live, newest first. */
export function useClips(projectId: string | undefined): Live<Clip[]> {
  return useLiveQuery(projectId ? `clips:${projectId}` : null, () => clipsQuery(projectId!));
}
