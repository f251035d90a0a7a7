// The cost of a public page's clip (recordings/cut-clip.ts, compiled): a 10-second quote cut from a 1-hour and a
// 3-hour recording, at its middle and near its end, through the loopback link ffmpeg seeks by range. Prints the time
// and the bytes of the recording read. The recordings (a tone, as a phone records: AAC in an MP4 whose index is at its
// end, and MP3) are made once with ffmpeg and kept under .cache/bench/clip-cost/.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

function recording(hours, format) {
  const dir = join(root, '.cache/bench/clip-cost');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${hours}h.${format}`);
  if (!existsSync(path)) {
    const codec = format === 'm4a' ? ['-c:a', 'aac', '-b:a', '32k'] : ['-c:a', 'libmp3lame', '-b:a', '32k'];
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=16000', '-t', String(hours * 3600), '-ac', '1', ...codec, '-y', path]);
  }
  return path;
}

export async function run() {
  const { cutClip } = require(join(root, 'functions/lib/recordings/cut-clip.js'));
  console.log('\nA 10-second clip cut from a long recording (time; bytes of the recording read):');
  console.log('| recording | size | clip at | time | bytes read | share of the file |');
  console.log('|---|---|---|---|---|---|');
  for (const [hours, format, container] of [[1, 'm4a', 'M4A/isom/iso2'], [3, 'm4a', 'M4A/isom/iso2'], [3, 'mp3', 'MPEG']]) {
    const path = recording(hours, format);
    const size = statSync(path).size;
    const source = { size, readRange: (start, end) => createReadStream(path, end > start ? { start, end: end - 1 } : { start: 1, end: 0 }) };
    for (const at of [0.5, 0.98]) {
      const from = hours * 3600 * at;
      const started = performance.now();
      const clip = await cutClip(source, { from, to: from + 10, container, hasVideo: false });
      const seconds = (performance.now() - started) / 1000;
      await clip.dispose();
      const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
      console.log(`| ${hours} h ${format} | ${mb(size)} | ${Math.round(at * 100)} % | ${seconds.toFixed(2)} s | ${mb(clip.bytesRead)} | ${((100 * clip.bytesRead) / size).toFixed(1)} % |`);
    }
  }
}
