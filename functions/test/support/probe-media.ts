import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What ffprobe reads of a media file's bytes: its length in seconds and its streams' kinds, sorted. From a file: ffprobe
 * stops reading a pipe once it has the header, which fails the write.
 */
export function probeMedia(bytes: Buffer): { duration: number; streams: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'probe-'));
  const path = join(dir, 'media.mp4');
  writeFileSync(path, bytes);
  try {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', path]);
    const read = JSON.parse(out.toString('utf8')) as { format: { duration: string }; streams: { codec_type: string }[] };
    return { duration: Number(read.format.duration), streams: read.streams.map((s) => s.codec_type).sort() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
