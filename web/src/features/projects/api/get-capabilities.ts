import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which analysers this server offers. */
export interface Capabilities {
  analysers: { local: boolean; gemini: boolean };
}

/** GET /capabilities → {analysers: {local, gemini}}. Anything unexpected reads as "Gemini off". */
export async function getCapabilities(): Promise<Capabilities> {
  const body = await apiRequest<Partial<Capabilities> | undefined>('/capabilities');
  return { analysers: { local: true, gemini: body?.analysers?.gemini === true } };
}

export const capabilitiesQuery = { queryKey: ['capabilities'], queryFn: getCapabilities, staleTime: 5 * 60_000 } as const;

export function useCapabilities() {
  return useQuery(capabilitiesQuery);
}
