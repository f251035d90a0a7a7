/**
 * The byte range a reader of a stored recording asks for (the HTTP Range header), served by the emulators' playback
 * route (api/media-router.ts) and by the loopback link ffmpeg reads a recording through (recordings/loopback-bytes.ts).
 * Pure.
 */

/**
 * One byte range of `size` from a Range header ([start, end), end exclusive); null for the whole file (no header, or one
 * ranges not served here: several ranges, another unit); 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1);
  if (start >= size || end <= start) return 'unsatisfiable';
  return [start, end];
}
