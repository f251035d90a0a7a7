import type { RecordingPlayback } from '@verbatim/contract/recording';
import type { PublicInterviewsResponse } from '@verbatim/contract/share';
import { config } from '../../lib/config';

/** Said when a public link to a recording is refused (turned off meanwhile, or the recording is gone). */
export const PUBLIC_PLAYBACK_REFUSED = 'This recording cannot be played from this page.';

export function publicPlaybackUrl(token: string, documentId: string, apiBase = config.apiBase): string {
  return `${apiBase}/public/interviews/${encodeURIComponent(token)}/recordings/${encodeURIComponent(documentId)}`;
}

/**
 * GET /api/public/interviews/{token}/recordings/{documentId} → a link that plays the interview's recording for a few
 * minutes, when the owner lets this page play quotes. A plain fetch, no account, no cookies.
 */
export async function fetchPublicPlayback(token: string, documentId: string): Promise<RecordingPlayback> {
  let response: Response;
  try {
    response = await fetch(publicPlaybackUrl(token, documentId), { headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch {
    throw new Error('The server could not be reached. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => undefined)) as (RecordingPlayback & { error?: { message?: string } }) | undefined;
  if (!response.ok || !body?.url) throw new Error(response.status === 429 ? 'Too many requests. Please wait a minute and try again.' : PUBLIC_PLAYBACK_REFUSED);
  return body;
}

/** The interviews whose quotes visitors can play on this page (none unless the owner allows it). */
export function playableRecordings(data: Pick<PublicInterviewsResponse, 'recordings'> | null): ReadonlySet<string> {
  return new Set(Array.isArray(data?.recordings) ? data.recordings.filter((id): id is string => typeof id === 'string') : []);
}
