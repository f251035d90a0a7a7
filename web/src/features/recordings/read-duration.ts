/** How long the browser waits for a file's length before leaving it to the server. */
const READ_WAIT_MS = 5_000;

/**
 * A recording's length in seconds as the browser reads it from the file's headers (nothing is played or sent), or
 * null when it cannot tell in time (a format it does not play: the server still reads it).
 */
export function readDuration(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement('audio');
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      media.removeAttribute('src');
      media.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(null), READ_WAIT_MS);
    media.preload = 'metadata';
    media.onloadedmetadata = () => done(Number.isFinite(media.duration) ? media.duration : null);
    media.onerror = () => done(null);
    media.src = url;
  });
}
