import type { Interview } from '@verbatim/contract/project';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { useMemo } from 'react';

/**
 * Each speaker label's role in an interview. Rebuilt only when a label or role changes, so a progress tick does
 * not redraw every turn.
 */
export function useSpeakerRoles(doc: Interview | null | undefined): ReadonlyMap<string, SpeakerRole> {
  const speakerKey = doc?.speakers.map((s) => `${s.label}\u0000${s.role}`).join('\u0001') ?? '';
  return useMemo(() => rolesFromKey(speakerKey), [speakerKey]);
}

function rolesFromKey(key: string): Map<string, SpeakerRole> {
  if (!key) return new Map();
  return new Map(key.split('\u0001').map((pair) => pair.split('\u0000') as [string, SpeakerRole]));
}
