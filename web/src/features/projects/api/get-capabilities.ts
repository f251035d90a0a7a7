import type { RecordingLimits } from '@verbatim/contract/recording';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which analysers this server offers, and the bounds it sets on recordings (null when it does not say). */
export interface Capabilities {
  analysers: { local: boolean; gemini: boolean };
  recordings: RecordingLimits | null;
}

function recordingLimits(value: unknown): RecordingLimits | null {
  const limits = value as Partial<RecordingLimits> | null | undefined;
  const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!limits || !positive(limits.maxBytes) || !positive(limits.maxSeconds) || !positive(limits.apiMaxBytes)) return null;
  return { maxBytes: limits.maxBytes, maxSeconds: limits.maxSeconds, apiMaxBytes: limits.apiMaxBytes };
}

/**
 * GET /capabilities → {analysers: {local, gemini}, recordings: RecordingLimits}. Anything unexpected reads as "Gemini
 * off", and unknown recording limits leave the checks to the server.
 */
export async function getCapabilities(): Promise<Capabilities> {
  const body = await apiRequest<(Partial<Omit<Capabilities, 'recordings'>> & { recordings?: unknown }) | undefined>('/capabilities');
  return { analysers: { local: true, gemini: body?.analysers?.gemini === true }, recordings: recordingLimits(body?.recordings) };
}

export const capabilitiesQuery = { queryKey: ['capabilities'], queryFn: getCapabilities, staleTime: 5 * 60_000 } as const;

export function useCapabilities() {
  return useQuery(capabilitiesQuery);
}
