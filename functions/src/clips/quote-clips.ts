import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { deckClipKey, type DeckClip } from '../exports/deck/deck-clips';
import { logs } from '../lib/logs';
import { ClipCannotBeCut, clipDownload, type ClipDeps } from './clip-service';
import { clipsCollection } from './clip-refs';

/** The most bytes of clips one deck carries: past it, further quotes go without their clip. */
export const DECK_CLIPS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The clips of quotes a deck shows, by `deckClipKey`: a quote has a clip when the researcher made one of exactly its
 * words. Each clip's file is its download's (cut now when none is kept, and kept). A clip that cannot be had (its
 * recording gone or not ready, a cut that fails, a file past the account's storage for clips and reels) leaves its
 * quote without one; the deck is made all the same. Clips are taken in the order of `quotes` (the deck's); once one
 * has not fitted in the deck's bytes, no further clip is cut for it: only those already kept, of a size known to fit,
 * still go in.
 */
export async function quoteClips(
  db: Firestore,
  deps: ClipDeps,
  uid: string,
  projectId: string,
  quotes: readonly { documentId?: string | null; start: number; end: number }[],
  maxBytes = DECK_CLIPS_MAX_BYTES,
): Promise<Map<string, DeckClip>> {
  const wanted = new Set(quotes.map(deckClipKey));
  // Each quote's clip, with the size of its kept file (undefined when it has none yet).
  const found = new Map<string, { clipId: string; keptSize: number | undefined }>();
  if (wanted.size === 0) return new Map();
  for (const snap of (await clipsCollection(db, projectId).get()).docs) {
    const key = deckClipKey(snap.data());
    const keptSize = snap.get('file.size') as unknown;
    if (wanted.has(key) && !found.has(key)) found.set(key, { clipId: snap.id, keptSize: typeof keptSize === 'number' ? keptSize : undefined });
  }
  const clips = new Map<string, DeckClip>();
  let bytes = 0;
  let full = false;
  // In the order the deck shows its quotes: past the bytes, the later slides go without.
  for (const key of wanted) {
    const clip = found.get(key);
    if (!clip) continue;
    const { clipId, keptSize } = clip;
    if (full && (keptSize === undefined || bytes + keptSize > maxBytes)) continue;
    try {
      const file = await clipDownload(db, deps, uid, projectId, clipId);
      if (bytes + file.size > maxBytes) {
        full = true;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of deps.store.readRange(file.path, 0, file.size)) chunks.push(Buffer.from(chunk as Uint8Array));
      const data = Buffer.concat(chunks);
      bytes += data.length;
      clips.set(key, { bytes: data, hasVideo: file.contentType === 'video/mp4', title: file.clip.title });
    } catch (err) {
      // Without its clip, the quote is on its slide all the same.
      if (!(err instanceof AppError || err instanceof ClipCannotBeCut)) throw err;
      logs.clipNotCut(`deck:${projectId}/${clipId}`, 0, err.message);
    }
  }
  return clips;
}
