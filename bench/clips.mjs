// A researcher's clip (functions/src/clips/, compiled): the time to cut a 15-second clip for its download from a 1-hour
// and a 3-hour recording, sound alone and video, at its middle and near its end, as the API cuts one — cutClip reading
// the stored recording through the loopback link, its file written to the recording store (a folder, as on the
// emulators). Prints the time, the bytes of the recording read, the clip's size and ffmpeg's peak memory (read by
// /usr/bin/time when the machine has it). Goal: a clip in ≤ 2 s, memory flat in the recording's length. Then a
// highlight reel of 10 such clips from each 3-hour recording (render-reel.ts): its time and peak memory (goal ≤ 30 s).
// Then the slide deck with 20 such clips (deck-pptx.ts), sound and video: its size and the time to make it.
//
// The recordings are made once with ffmpeg and kept under .cache/bench/clips/: sound as a phone records it (AAC in an
// MP4 whose index is at its end, mono 32 kb/s, a tone), video as a meeting tool exports it (H.264 320×240 at 5 frames a
// second of a moving test picture, AAC sound, index first).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const CLIP_SECONDS = 15;

function recording(hours, video) {
  const dir = join(root, '.cache/bench/clips');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${hours}h${video ? '-video.mp4' : '.m4a'}`);
  if (!existsSync(path)) {
    const seconds = String(hours * 3600);
    const started = performance.now();
    const sound = ['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=16000'];
    const args = video
      ? [...sound, '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=5', '-t', seconds, '-map', '1:v', '-map', '0:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart']
      : [...sound, '-t', seconds, '-ac', '1', '-c:a', 'aac', '-b:a', '32k', '-f', 'ipod'];
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', ...args, '-y', path]);
    console.log(`(made ${path.replace(root, '')} in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return path;
}

/** An ffmpeg that reports its peak memory (KB) to `file`, through /usr/bin/time; null where there is none. */
function measuredFfmpeg(dir, file) {
  if (!existsSync('/usr/bin/time')) return null;
  const wrapper = join(dir, 'ffmpeg');
  writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -f %M -o '${file}' ffmpeg "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

/** The largest peak memory /usr/bin/time wrote to `file` (one line a run), in MB; "–" without it. */
function peakOf(file) {
  if (!existsSync(file)) return '–';
  const kb = readFileSync(file, 'utf8').split('\n').map(Number).filter((n) => Number.isFinite(n) && n > 0);
  return kb.length ? `${(Math.max(...kb) / 1024).toFixed(0)} MB` : '–';
}

/** A highlight reel of `count` clips of 15 s spread over the recording, rendered as the server renders one. */
async function reel(lib, store, stored, size, hours, video, count, ffmpegPath, memoryFile) {
  const { reelPlan, reelSeconds } = require(join(lib, 'clips/reel-plan.js'));
  const { renderReel } = require(join(lib, 'clips/render-reel.js'));
  const words = 'I spend about half of every Friday exporting data by hand, and honestly it is the part of the job I dread the most.';
  const clips = Array.from({ length: count }, (_, i) => {
    const from = ((i + 0.5) / count) * hours * 3600;
    return { id: `c${i}`, speaker: 'P1', interviewName: `Call ${i + 1}`, words, from, to: from + CLIP_SECONDS, hasVideo: video, finding: 'Exports eat Fridays' };
  });
  const plan = reelPlan(clips);
  rmSync(memoryFile, { force: true });
  let rss = process.memoryUsage().rss;
  const watch = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const rendered = await renderReel(plan, {
      sourceOf: async () => ({ bytes: { size, readRange: (start, end) => store.readRange(stored, start, end) }, container: 'M4A/isom/iso2' }),
      ffmpegPath: ffmpegPath ?? undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    await rendered.dispose();
    return { seconds, length: reelSeconds(plan), size: rendered.size, ffmpeg: peakOf(memoryFile), node: `${(rss / 1048576).toFixed(0)} MB` };
  } finally {
    clearInterval(watch);
  }
}

const DECK_CLIPS = 20;
const DECK_THEMES = ['Exports', 'Sharing', 'Onboarding', 'Pricing'];

/**
 * A project's export model with `count` findings in four themes, each with one verbatim quote of one interview: the
 * shape the full deck draws (one insight slide a finding, its quote with its clip beside it).
 */
function deckModel(count) {
  const sentences = Array.from({ length: count }, (_, i) => `Finding ${i + 1}: I spend about half of every Friday exporting data by hand, and honestly it is the part of the job I dread the most.`);
  const quotes = [];
  let text = '';
  for (const sentence of sentences) {
    const start = text.length;
    text += `${sentence} `;
    quotes.push({ documentId: 'call-1', speaker: 'P1', start, end: start + sentence.length, text: sentence, documentName: 'Call 1', time: null, citation: '— P1, Call 1' });
  }
  const themes = DECK_THEMES.map((name, t) => {
    const insights = quotes
      .map((quote, i) => ({ quote, i }))
      .filter(({ i }) => i % DECK_THEMES.length === t)
      .map(({ quote, i }) => ({ id: `insight-${i}`, title: `Exports eat Fridays (${i + 1})`, description: 'Researchers export by hand every week.', tag: name, source: 'ai', theme: name, quotes: [quote], documentIds: ['call-1'] }));
    return { name, insights, interviewCount: 1, quoteCount: insights.length };
  });
  const words = text.split(/\s+/).filter(Boolean).length;
  return {
    projectId: 'bench',
    projectName: 'Bench: a deck with clips',
    generatedAt: new Date('2026-12-07T00:00:00Z'),
    summary: `Across 1 interview: ${count} findings.`,
    themes,
    interviews: [{ id: 'call-1', name: 'Call 1', fileName: 'call-1.vtt', format: 'vtt', uploadedAt: new Date('2026-12-01T00:00:00Z'), language: 'en', wordCount: words, speakers: [{ label: 'P1', role: 'participant' }], text, insightCount: count, quoteCount: count }],
    counts: { interviews: 1, participants: 1, insights: count, quotes: count, themes: themes.length },
    heatmap: { themes: themes.map((t) => t.name), interviews: ['Call 1'], cells: themes.map((t) => [t.quoteCount]) },
    period: { first: new Date('2026-12-01T00:00:00Z'), last: new Date('2026-12-01T00:00:00Z') },
    droppedQuotes: 0,
    leftOut: [],
    findings: [],
  };
}

/**
 * The full deck with `count` clips of 15 s spread over the recording, each cut as a clip's download is (cutClip, kept
 * in the store) and read back from the store as the export reads it (quote-clips.ts): the deck's size and the time to
 * make it, beside the same deck without clips.
 */
async function deckWithClips(lib, cutClip, store, stored, size, hours, video, count, ffmpegPath) {
  const { deckClipKey } = require(join(lib, 'exports/deck/deck-clips.js'));
  const { deckQuotes } = require(join(lib, 'exports/deck/deck-layout.js'));
  const { renderDeckPptx } = require(join(lib, 'exports/deck/deck-pptx.js'));
  const model = deckModel(count);
  const source = { size, readRange: (start, end) => store.readRange(stored, start, end) };
  const clips = new Map();
  let cutting = performance.now();
  for (const [i, quote] of deckQuotes(model).entries()) {
    const from = ((i + 0.5) / count) * hours * 3600;
    const clip = await cutClip(source, { from, to: from + CLIP_SECONDS, container: 'M4A/isom/iso2', hasVideo: video }, { ffmpegPath: ffmpegPath ?? undefined });
    const path = `clips/bench/deck/${video ? 'v' : 's'}${i}.${video ? 'mp4' : 'm4a'}`;
    await store.write(path, clip.open(), clip.contentType, clip.size + 1);
    await clip.dispose();
    const chunks = [];
    for await (const chunk of store.readRange(path, 0, clip.size)) chunks.push(Buffer.from(chunk));
    clips.set(deckClipKey(quote), { bytes: Buffer.concat(chunks), hasVideo: video, title: `Clip ${i + 1}` });
  }
  cutting = (performance.now() - cutting) / 1000;
  const started = performance.now();
  const deck = await renderDeckPptx(model, clips);
  const seconds = (performance.now() - started) / 1000;
  const clipBytes = [...clips.values()].reduce((n, c) => n + c.bytes.length, 0);
  return { clips: clips.size, clipBytes, size: deck.length, plain: (await renderDeckPptx(model)).length, seconds, cutting };
}

export async function run() {
  const { cutClip } = require(join(root, 'functions/lib/recordings/cut-clip.js'));
  const { localDiskRecordingStore } = require(join(root, 'functions/lib/storage/recording-store.js'));
  const work = mkdtempSync(join(tmpdir(), 'bench-clips-'));
  const store = localDiskRecordingStore(join(work, 'store'));
  const memoryFile = join(work, 'peak-kb');
  const ffmpegPath = measuredFfmpeg(work, memoryFile);
  console.log(`\nA ${CLIP_SECONDS}-second clip cut for its download (cutClip through the loopback link, then kept in the store):`);
  console.log('| recording | size | clip at | time | bytes read | clip | ffmpeg peak memory |');
  console.log('|---|---|---|---|---|---|---|');
  const times = [];
  const reels = [];
  const decks = [];
  try {
    for (const video of [false, true]) {
      for (const hours of [1, 3]) {
        const path = recording(hours, video);
        const size = statSync(path).size;
        const stored = `recordings/bench/${hours}h${video ? 'v' : ''}/${path.split('/').at(-1)}`;
        await store.write(stored, (await import('node:fs')).createReadStream(path), video ? 'video/mp4' : 'audio/mp4', size + 1);
        const source = { size, readRange: (start, end) => store.readRange(stored, start, end) };
        for (const at of [0.5, 0.98]) {
          const from = hours * 3600 * at;
          rmSync(memoryFile, { force: true });
          const started = performance.now();
          const clip = await cutClip(source, { from, to: from + CLIP_SECONDS, container: 'M4A/isom/iso2', hasVideo: video }, { ffmpegPath: ffmpegPath ?? undefined });
          await store.write(`clips/bench/${hours}h/clip.${video ? 'mp4' : 'm4a'}`, clip.open(), clip.contentType, clip.size + 1);
          const seconds = (performance.now() - started) / 1000;
          await clip.dispose();
          times.push(seconds);
          const peak = peakOf(memoryFile);
          console.log(`| ${hours} h ${video ? 'video (H.264 320×240, AAC)' : 'sound (AAC)'} | ${mb(size)} | ${Math.round(at * 100)} % | ${seconds.toFixed(2)} s | ${mb(clip.bytesRead)} | ${mb(clip.size)} | ${peak} |`);
        }
        if (hours === 3 || process.env.CLIPS_REEL_ALL) reels.push([hours, video, await reel(join(root, 'functions/lib'), store, stored, size, hours, video, 10, ffmpegPath, memoryFile)]);
        if (hours === 3) decks.push([video, await deckWithClips(join(root, 'functions/lib'), cutClip, store, stored, size, hours, video, DECK_CLIPS, ffmpegPath)]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nSlowest cut: ${Math.max(...times).toFixed(2)} s (goal ≤ 2 s).`);
  console.log(`\nA highlight reel of 10 clips of ${CLIP_SECONDS} s, each after a title card, captions burnt in (functions/src/clips/render-reel.ts):`);
  console.log('| from | reel length | time | reel size | ffmpeg peak memory | Node peak RSS |');
  console.log('|---|---|---|---|---|---|');
  for (const [hours, video, r] of reels) console.log(`| ${hours} h ${video ? 'video' : 'sound (over a plain card)'} | ${r.length.toFixed(0)} s | ${r.seconds.toFixed(1)} s | ${mb(r.size)} | ${r.ffmpeg} | ${r.node} |`);
  console.log('Goal: a 10-clip reel in ≤ 30 s, memory flat in the recording\'s length.');
  console.log(`\nThe slide deck with ${DECK_CLIPS} clips of ${CLIP_SECONDS} s, one beside each finding's quote (functions/src/exports/deck/deck-pptx.ts):`);
  console.log('| clips | clips\' bytes | deck size | deck without clips | time to make the deck | time to cut the clips |');
  console.log('|---|---|---|---|---|---|');
  for (const [video, d] of decks) console.log(`| ${d.clips} ${video ? 'video (.mp4)' : 'sound (.m4a)'} | ${mb(d.clipBytes)} | ${mb(d.size)} | ${mb(d.plain)} | ${d.seconds.toFixed(2)} s | ${d.cutting.toFixed(1)} s |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
