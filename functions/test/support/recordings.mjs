// Test recordings made on the fly: a shared two-speaker transcript spoken by Debian's espeak-ng (two voices), one
// .wav per turn joined with short pauses, then encoded by ffmpeg into the accepted formats; with a .vtt whose cue
// times are the real turn times. Also the bad files a researcher may upload: silent, truncated, an unsupported
// codec, and a text file named .mp3. Each file is made once and cached under .cache/recordings/, keyed by its recipe.
// Each spoken recording has its script for the Gemini stand-in (`scriptOf`: who says what, and when). And bytes for
// the size of a large recording without a file (`patternRange`).
// Plain JavaScript (see recordings.d.mts), so the unit, emulator, browser and benchmark suites all import it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = join(ROOT, '.cache', 'recordings');
/** The interview spoken: the shared transcript's AI researcher and its participant (fixtures/transcripts, CC-BY). */
const SOURCE = fileURLToPath(new URL('../fixtures/transcripts/04_anthropic-interviewer_science_0012.txt', import.meta.url));
/** espeak-ng's voices for the two speakers: the interviewer American, the participant British and higher. */
const VOICES = { interviewer: ['-v', 'en-us', '-s', '185'], participant: ['-v', 'en-gb+f3', '-s', '175'] };
const SAMPLE_RATE = 22_050; // espeak-ng's own
const PAUSE_SECONDS = 0.4;
/** Bump when the way files are made changes: every cached file is made again. */
const RECIPE_VERSION = 2;

/**
 * How each format is encoded (ffmpeg arguments after the input). Each encoder at its fastest setting: what the tests
 * read is the container, the codec, the length and whether there is speech, never how good the sound is (the AAC
 * encoder's default search took about 7 CPU-seconds for four minutes of speech, its fast coder about 1; Opus at its
 * lowest complexity 0.9 s against 4.9 s).
 */
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '48k'];
const OPUS = ['-c:a', 'libopus', '-b:a', '32k', '-compression_level', '0'];
const ENCODINGS = {
  wav: ['-c:a', 'pcm_s16le'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '48k', '-compression_level', '9'],
  m4a: AAC,
  ogg: OPUS,
  webm: OPUS,
};
/** Formats made with a picture track (a still grey frame, five a second) beside the sound. */
const VIDEO_ENCODINGS = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', ...AAC],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', ...AAC],
  // One thread: libvpx's threads spin while they wait for each other (8.4 CPU-seconds for four minutes against 0.8).
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-threads', '1', '-b:v', '50k', ...OPUS],
};

/** The source transcript's turns, each with its speaker's role. */
export function sourceTurns() {
  const turns = [];
  for (const line of readFileSync(SOURCE, 'utf8').split(/\r?\n/)) {
    const labelled = line.match(/^(Assistant|AI|User):\s*(.*)$/);
    if (labelled) turns.push({ speaker: labelled[1] === 'User' ? 'User' : 'AI', text: labelled[2] });
    else if (line.trim() && turns.length > 0) turns.at(-1).text += ` ${line.trim()}`;
  }
  return turns.filter((t) => t.text.trim()).map((t) => ({ ...t, role: t.speaker === 'User' ? 'participant' : 'interviewer' }));
}

function cachePath(recipe, ext) {
  mkdirSync(CACHE, { recursive: true });
  const key = createHash('sha256').update(JSON.stringify({ v: RECIPE_VERSION, ...recipe })).digest('hex').slice(0, 16);
  return join(CACHE, `${recipe.name ?? 'recording'}-${key}.${ext}`);
}

/**
 * Makes `path` once with `make(tmpPath)`; a half-made file never takes its place. Suites running side by side that
 * want the same file make it once: the first takes a lock beside it, the others wait for the file (a lock whose maker
 * has died is taken over).
 */
function cached(path, make) {
  if (existsSync(path)) return path;
  const lock = `${path}.lock`;
  while (!takeLock(lock)) {
    if (existsSync(path)) return path;
    // The quickest recording takes a few tenths of a second to make: looking more often than this finds nothing new.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
  try {
    if (!existsSync(path)) {
      const tmp = `${path}.${process.pid}.tmp${path.slice(path.lastIndexOf('.'))}`;
      make(tmp);
      renameSync(tmp, path);
    }
  } finally {
    rmSync(lock, { force: true });
  }
  return path;
}

/** Creates `lock` holding this process's id; false while a living process holds it. */
function takeLock(lock) {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  let holder = NaN;
  try {
    holder = Number(readFileSync(lock, 'utf8').trim() || 'NaN'); // empty: its maker is about to write its id
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  if (Number.isInteger(holder) && !isAlive(holder)) rmSync(lock, { force: true });
  return false;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The PCM samples (16-bit mono) of a WAV file espeak-ng wrote. */
function wavSamples(path) {
  const bytes = readFileSync(path);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      // espeak-ng writing to a file leaves the size unset when it cannot seek: read to the end.
      if (size === 0 || size === 0xffffffff || offset + 8 + size > bytes.length) size = bytes.length - offset - 8;
      return bytes.subarray(offset + 8, offset + 8 + size);
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`No sound in ${path}`);
}

function wavFile(pcm) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * The interview spoken, as one WAV, and the turns with their real start and end times. `turns` takes the first
 * turns only (the whole interview is about six minutes); `minutes` goes on with them, again from the first, until the
 * recording is that long (ending with the turn that reaches it).
 */
export function spokenInterview({ turns = Infinity, minutes = 0 } = {}) {
  const all = sourceTurns();
  const chosen = all.slice(0, turns);
  const recipe = { name: 'spoken', turns: chosen.length, minutes };
  const timesPath = cachePath(recipe, 'json');
  const wavPath = cachePath(recipe, 'wav');
  if (!existsSync(wavPath) || !existsSync(timesPath)) {
    const pause = Buffer.alloc(Math.round(PAUSE_SECONDS * SAMPLE_RATE) * 2);
    const pieces = [];
    const times = [];
    let samples = 0;
    const speak = (turn, i) => {
      const tmp = cachePath({ name: 'turn', text: turn.text, role: turn.role }, 'wav');
      cached(tmp, (out) => execFileSync('espeak-ng', [...VOICES[turn.role], '-w', out, spokenWords(turn.text)]));
      const pcm = wavSamples(tmp);
      times.push({ speaker: turn.speaker, role: turn.role, text: turn.text, start: samples / SAMPLE_RATE, end: (samples + pcm.length / 2) / SAMPLE_RATE, index: i });
      pieces.push(pcm, pause);
      samples += pcm.length / 2 + pause.length / 2;
    };
    chosen.forEach(speak);
    for (let i = 0; minutes > 0 && samples / SAMPLE_RATE < minutes * 60; i++) speak(chosen[i % chosen.length], i % chosen.length);
    cached(timesPath, (out) => writeFileSync(out, JSON.stringify(times)));
    cached(wavPath, (out) => writeFileSync(out, wavFile(Buffer.concat(pieces))));
  }
  const times = JSON.parse(readFileSync(timesPath, 'utf8'));
  return { wavPath, turns: times, durationSeconds: times.at(-1).end + PAUSE_SECONDS };
}

function vttClock(seconds) {
  const ms = Math.round(seconds * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
}

/** A WebVTT transcript of `turns` (as `spokenInterview` gives them), shifted by `shiftSeconds`: "Speaker: words" cues. */
export function vttOf(turns, shiftSeconds = 0) {
  const cues = turns.map((t, i) => `${i + 1}\n${vttClock(t.start + shiftSeconds)} --> ${vttClock(t.end + shiftSeconds)}\n${t.speaker}: ${t.text}`);
  return Buffer.from(`WEBVTT\n\n${cues.join('\n\n')}\n`);
}

/**
 * A recording of the interview in `format` (wav, mp3, m4a, ogg, webm; mp4, mov and webm with `video`), with its turns'
 * times and a matching .vtt. Answers the file's path, its bytes on demand, and the transcript.
 */
export function makeRecording({ format = 'm4a', video = false, turns = 12, minutes = 0 } = {}) {
  const spoken = spokenInterview({ turns, minutes });
  const encoding = video ? VIDEO_ENCODINGS[format] : ENCODINGS[format];
  if (!encoding) throw new Error(`No recipe for ${video ? 'video ' : ''}${format}`);
  const path = cachePath({ name: `interview-${format}${video ? '-video' : ''}`, source: spoken.wavPath, encoding }, format);
  cached(path, (out) => {
    const picture = video ? ['-f', 'lavfi', '-i', `color=c=gray:s=320x240:r=5:d=${spoken.durationSeconds}`] : [];
    ffmpeg(['-i', spoken.wavPath, ...picture, ...encoding, ...(video ? ['-shortest'] : []), '-f', MUXERS[format], out]);
  });
  return { path, fileName: `interview.${format}`, turns: spoken.turns, durationSeconds: spoken.durationSeconds, vtt: vttOf(spoken.turns) };
}

const MUXERS = { wav: 'wav', mp3: 'mp3', m4a: 'ipod', ogg: 'ogg', webm: 'webm', mp4: 'mp4', mov: 'mov' };

/** How each voice sounds, as a model hearing the recording describes it (the Gemini stand-in's script). */
export const VOICE_DESCRIPTIONS = {
  interviewer: 'man, American accent, asks the questions',
  participant: 'woman, British accent, answers',
};

/** SHA-256 (hex) of a file's bytes. */
export function sha256Of(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * What a spoken recording says, as the Gemini stand-in hears it (`registerRecording`, matched by the file's SHA-256):
 * its length, the two voices (their ids are the roles) and each turn's start and the words spoken.
 */
export function scriptOf(recording) {
  return {
    sha256: sha256Of(recording.path),
    durationSeconds: recording.durationSeconds,
    speakers: Object.entries(VOICE_DESCRIPTIONS).map(([id, description]) => ({ id, description })),
    turns: recording.turns.map((t) => ({ speaker: t.role, start: t.start, text: spokenWords(t.text).replace(/\s+/g, ' ').trim() })),
  };
}

/** The words espeak-ng says for a turn's text. */
function spokenWords(text) {
  return text.replace(/\[REDACTED\]/g, 'redacted');
}

/**
 * `seconds` without speech in `format` (wav, mp3, m4a, ogg, webm; mp4 with `video`): digital silence, or with
 * `noiseDbfs` a recorder left on with its microphone off (a hiss at that loudness, e.g. -66).
 */
export function silentRecording({ format = 'wav', seconds = 20, video = false, noiseDbfs = null } = {}) {
  const encoding = video ? VIDEO_ENCODINGS[format] : ENCODINGS[format];
  if (!encoding) throw new Error(`No recipe for ${video ? 'video ' : ''}${format}`);
  const path = cachePath({ name: `silent-${format}${video ? '-video' : ''}`, seconds, encoding, noiseDbfs }, format);
  const sound = noiseDbfs === null ? `anullsrc=r=${SAMPLE_RATE}:cl=mono` : `anoisesrc=r=${SAMPLE_RATE}:c=white:a=${(10 ** (noiseDbfs / 20) * Math.sqrt(3)).toFixed(6)}`;
  const picture = video ? ['-f', 'lavfi', '-i', `color=c=gray:s=320x240:r=5:d=${seconds}`] : [];
  cached(path, (out) => ffmpeg(['-f', 'lavfi', '-i', sound, ...picture, '-t', String(seconds), ...encoding, '-f', MUXERS[format], out]));
  return { path, fileName: `silent.${format}` };
}

/** The interview in `format` after `silentSeconds` of silence (a recorder started before the call began). */
export function lateSpeechRecording({ format = 'm4a', silentSeconds = 45, turns = 2 } = {}) {
  const spoken = spokenInterview({ turns });
  const path = cachePath({ name: `late-${format}`, source: spoken.wavPath, silentSeconds, encoding: ENCODINGS[format] }, format);
  const delay = Math.round(silentSeconds * 1000);
  cached(path, (out) => ffmpeg(['-i', spoken.wavPath, '-af', `adelay=${delay}:all=1`, ...ENCODINGS[format], '-f', MUXERS[format], out]));
  return { path, fileName: `late.${format}`, durationSeconds: spoken.durationSeconds + silentSeconds };
}

/** The interview as 24-bit stereo WAV (WAVE_FORMAT_EXTENSIBLE, as recorders and editors write it). */
export function deepWavRecording({ turns = 4 } = {}) {
  const spoken = spokenInterview({ turns });
  const path = cachePath({ name: 'interview-24bit', source: spoken.wavPath }, 'wav');
  cached(path, (out) => ffmpeg(['-i', spoken.wavPath, '-ac', '2', '-c:a', 'pcm_s24le', '-f', 'wav', out]));
  return { path, fileName: 'interview-24bit.wav', durationSeconds: spoken.durationSeconds };
}

/** The first `fraction` of a recording, as a recorder cut off mid-write leaves it (an .m4a keeps its index at the end). */
export function truncatedRecording({ format = 'm4a', fraction = 0.5 } = {}) {
  const whole = makeRecording({ format });
  const path = cachePath({ name: `truncated-${format}`, source: whole.path, fraction }, format);
  cached(path, (out) => {
    const bytes = readFileSync(whole.path);
    writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  });
  return { path, fileName: `cut-off.${format}` };
}

/**
 * The interview as .m4a with `boxes` empty `udta` boxes nested one inside the next at the end of its movie box (8 bytes
 * each): a file whose structure makes a reader that keeps every box grow by hundreds of MB per MB of file.
 */
export function nestedBoxRecording({ boxes = 200_000 } = {}) {
  const whole = makeRecording({ format: 'm4a' });
  const path = cachePath({ name: 'nested-boxes', source: whole.path, boxes }, 'm4a');
  cached(path, (out) => {
    const bytes = readFileSync(whole.path);
    const parts = [];
    for (let offset = 0; offset + 8 <= bytes.length; ) {
      const size = bytes.readUInt32BE(offset);
      if (size < 8) throw new Error('unexpected box');
      if (bytes.toString('latin1', offset + 4, offset + 8) === 'moov') {
        const chain = Buffer.alloc(boxes * 8);
        for (let i = 0; i < boxes; i++) {
          chain.writeUInt32BE(8 * (boxes - i), i * 8);
          chain.write('udta', i * 8 + 4, 'latin1');
        }
        const moov = Buffer.from(bytes.subarray(offset, offset + size));
        moov.writeUInt32BE(size + chain.length, 0);
        parts.push(moov, chain);
      } else parts.push(bytes.subarray(offset, offset + size));
      offset += size;
    }
    writeFileSync(out, Buffer.concat(parts));
  });
  return { path, fileName: 'nested.m4a' };
}

/**
 * `seconds` of silence at 192 kHz in 7.1 (eight channels) as FLAC in Matroska: tiny to store, heavy to decode. Ten
 * seconds are encoded and repeated by copying their frames (five minutes encoded whole took 3.4 CPU-seconds; so, 0.3).
 */
export function denseSilenceRecording({ seconds = 300 } = {}) {
  const path = cachePath({ name: 'dense-silence', seconds, looped: true }, 'mkv');
  cached(path, (out) => {
    const piece = `${out}.piece.mkv`;
    ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=192000:cl=7.1', '-t', String(Math.min(seconds, 10)), '-c:a', 'flac', '-f', 'matroska', piece]);
    ffmpeg(['-stream_loop', '-1', '-i', piece, '-t', String(seconds), '-c', 'copy', '-f', 'matroska', out]);
    rmSync(piece);
  });
  return { path, fileName: 'dense.mkv' };
}

/**
 * An .mp3 whose header (its Xing frame) says `headerSeconds` but whose frames go on through the whole spoken interview:
 * the first `headerSeconds` encoded with their header, then the interview's frames without one.
 */
export function understatedRecording({ headerSeconds = 12, turns = 12 } = {}) {
  const spoken = spokenInterview({ turns });
  const path = cachePath({ name: 'understated', source: spoken.wavPath, headerSeconds }, 'mp3');
  cached(path, (out) => {
    const head = `${out}.head.mp3`;
    const rest = `${out}.rest.mp3`;
    ffmpeg(['-i', spoken.wavPath, '-t', String(headerSeconds), ...ENCODINGS.mp3, '-id3v2_version', '0', '-f', 'mp3', head]);
    ffmpeg(['-i', spoken.wavPath, ...ENCODINGS.mp3, '-id3v2_version', '0', '-write_xing', '0', '-f', 'mp3', rest]);
    writeFileSync(out, Buffer.concat([readFileSync(head), readFileSync(rest)]));
    rmSync(head);
    rmSync(rest);
  });
  return { path, fileName: 'understated.mp3', headerSeconds, durationSeconds: headerSeconds + spoken.durationSeconds };
}

/** A recording whose sound browsers cannot play: uncompressed PCM inside a QuickTime .mov. */
export function unsupportedCodecRecording() {
  const spoken = spokenInterview({ turns: 4 });
  const path = cachePath({ name: 'pcm-in-mov', source: spoken.wavPath }, 'mov');
  cached(path, (out) => ffmpeg(['-i', spoken.wavPath, '-c:a', 'pcm_s16le', '-f', 'mov', out]));
  return { path, fileName: 'pcm.mov' };
}

/** A text file named .mp3. */
export function notMediaRecording() {
  const path = cachePath({ name: 'not-media' }, 'mp3');
  cached(path, (out) => writeFileSync(out, Buffer.from('These are meeting notes, not a recording.\n'.repeat(200))));
  return { path, fileName: 'notes.mp3' };
}

/** Reads a file's bytes [start, end) as a stream, as the recordings' store does. */
export function fileRange(path) {
  return (start, end) => (end > start ? createReadStream(path, { start, end: end - 1 }) : Readable.from([]));
}

/** Bytes that are a function of their position, read [start, end) in 64 KiB pieces: a large recording without a file. */
export function patternRange(start, end) {
  let at = start;
  return new Readable({
    read() {
      if (at >= end) {
        this.push(null);
        return;
      }
      const piece = Buffer.alloc(Math.min(64 * 1024, end - at));
      for (let i = 0; i < piece.length; i++) piece[i] = ((at + i) * 2654435761) >>> 24;
      at += piece.length;
      this.push(piece);
    },
  });
}

/** SHA-256 (hex) of `patternRange(0, size)`. */
export async function patternSha256(size) {
  const hash = createHash('sha256');
  for await (const piece of patternRange(0, size)) hash.update(piece);
  return hash.digest('hex');
}
