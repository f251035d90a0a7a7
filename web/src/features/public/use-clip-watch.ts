import { useCallback, useEffect, useRef } from 'react';
import type { RecordingMedia } from '../../lib/recording-media';
import { checkPublicClip, CLIP_CHECK_MS } from './public-playback';

/**
 * While a public page plays a clip, the clip is checked every few seconds: when the owner turned the page or its
 * playing off, or the quote is gone, the player stops at once and says why (the bytes it already holds are dropped).
 * Answers the QuotePlayer's `onMedia`.
 */
export function useClipWatch(token: string): (media: RecordingMedia) => void {
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  return useCallback(
    (media: RecordingMedia) => {
      stop.current();
      let timer: ReturnType<typeof setInterval> | undefined;
      const check = async () => {
        const { documentId: clipId, playing } = media.getState();
        if (!clipId || !playing) return;
        const refused = await checkPublicClip(token, clipId);
        if (refused && refused !== 'unreachable' && media.getState().documentId === clipId) media.refuse(refused);
      };
      const follow = () => {
        const playing = media.getState().playing;
        if (playing && timer === undefined) timer = setInterval(() => void check(), CLIP_CHECK_MS);
        if (!playing && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
      const unsubscribe = media.subscribe(follow);
      stop.current = () => {
        unsubscribe();
        clearInterval(timer);
      };
    },
    [token],
  );
}
