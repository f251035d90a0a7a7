import type { RecordingPlayback } from '@verbatim/contract/recording';
import { PUBLIC_CLIP_REFUSED_MESSAGE, type PublicInterviewsResponse } from '@verbatim/contract/share';
import { config } from '../../lib/config';

/**
 * A public page's quotes are heard as clips: each quote's own moment, cut on the server (never the recording). The page
 * checks a clip before it plays it (the answer says why it cannot be, when it cannot) and, while it plays, again every
 * few seconds, so a page the owner turned off stops playing and says why.
 */

export function publicClipUrl(token: string, clipId: string, apiBase = config.apiBase): string {
  return `${apiBase}/public/interviews/${encodeURIComponent(token)}/clips/${encodeURIComponent(clipId)}`;
}

/** How often a playing clip is checked (the owner's "off" reaches an open page within this). */
export const CLIP_CHECK_MS = 5_000;

const TOO_MANY = 'Too many requests. Please wait a minute and try again.';
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/**
 * Whether a clip may be heard, asking for its first byte (the server cuts it on the first ask): null when it may, else
 * the sentence to show. `unreachable` when the server could not be asked (a check while playing then lets it play on).
 */
export async function checkPublicClip(token: string, clipId: string): Promise<string | null | 'unreachable'> {
  let response: Response;
  try {
    response = await fetch(publicClipUrl(token, clipId), { headers: { Range: 'bytes=0-0' }, credentials: 'omit', cache: 'no-store' });
  } catch {
    return 'unreachable';
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.status === 429) return TOO_MANY;
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? PUBLIC_CLIP_REFUSED_MESSAGE;
}

/** The "link" to a clip: its address, once the server said it may be heard. */
export async function fetchPublicClip(token: string, clipId: string): Promise<RecordingPlayback> {
  const refused = await checkPublicClip(token, clipId);
  if (refused === 'unreachable') throw new Error(UNREACHABLE);
  if (refused) throw new Error(refused);
  // A clip's address does not expire: every play and every few seconds of playing check it anew.
  return { url: publicClipUrl(token, clipId), expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(), contentType: 'audio/mp4', hasVideo: false, durationSeconds: 0 };
}

/** The interview a clip is of. */
export function clipInterview(clipId: string): string {
  return clipId.split('.')[0] ?? clipId;
}

/** The interviews whose quotes visitors can play on this page (none unless the owner allows it). */
export function playableRecordings(data: Pick<PublicInterviewsResponse, 'recordings'> | null): ReadonlySet<string> {
  return new Set(Array.isArray(data?.recordings) ? data.recordings.filter((id): id is string => typeof id === 'string') : []);
}
