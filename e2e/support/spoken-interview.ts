import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A short interview spoken aloud for the browser tests: the opening of a shared transcript (its AI interviewer and its
 * participant), each sentence spoken by Debian's espeak-ng in the speaker's voice, joined with short pauses and
 * encoded by ffmpeg as WebM/Opus (which every Chromium plays); with a WebVTT transcript whose cues are the sentences'
 * real times. Made once and kept under .cache/ (never committed), keyed by its recipe.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, '.cache', 'e2e-recordings');
const SOURCE = fileURLToPath(new URL('../../functions/test/fixtures/transcripts/04_anthropic-interviewer_science_0012.txt', import.meta.url));
const VOICES: Record<string, string[]> = { AI: ['-v', 'en-us', '-s', '185'], User: ['-v', 'en-gb+f3', '-s', '175'] };
const SAMPLE_RATE = 22_050; // espeak-ng's own, 16-bit mono
const PAUSE_SECONDS = 0.35;
const RECIPE = 1;

export interface SpokenCue {
  speaker: string;
  text: string;
  /** Seconds from the recording's start. */
  start: number;
  end: number;
}

export interface SpokenInterview {
  /** The recording (WebM, Opus sound). */
  path: string;
  bytes: Buffer;
  contentType: string;
  durationSeconds: number;
  cues: SpokenCue[];
  /** A WebVTT transcript whose cue times are the real times of the recording. */
  vtt: Buffer;
}

/** The source's turns ("AI:"/"Assistant:" and "User:"), each cut into sentences, at most `words` words a turn. */
function sourceSentences(turns: number, words: number): Array<{ speaker: string; text: string }> {
  const out: Array<{ speaker: string; text: string }> = [];
  const read: Array<{ speaker: string; text: string }> = [];
  for (const line of readFileSync(SOURCE, 'utf8').split(/\r?\n/)) {
    const labelled = line.match(/^(Assistant|AI|User):\s*(.*)$/);
    if (labelled) read.push({ speaker: labelled[1] === 'User' ? 'User' : 'AI', text: labelled[2] });
    else if (line.trim() && read.length > 0) read.at(-1)!.text += ` ${line.trim()}`;
  }
  for (const turn of read.slice(0, turns)) {
    let left = words;
    for (const sentence of turn.text.match(/[^.!?]+[.!?]+["”’)]?/g) ?? [turn.text]) {
      const count = sentence.trim().split(/\s+/).length;
      if (left <= 0) break;
      out.push({ speaker: turn.speaker, text: sentence.trim() });
      left -= count;
    }
  }
  return out;
}

function stamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const mm = String(Math.floor(ms / 60_000)).padStart(2, '0');
  const ss = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
}

/** The sound of a .wav espeak-ng wrote: its samples after the 44-byte header. */
function pcmOf(wav: Buffer): Buffer {
  const data = wav.indexOf('data');
  return wav.subarray(data + 8);
}

function wavOf(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** The opening `turns` turns of the shared interview, spoken (at most `words` words a turn). */
export function spokenInterview({ turns = 12, words = 45 } = {}): SpokenInterview {
  mkdirSync(CACHE, { recursive: true });
  const sentences = sourceSentences(turns, words);
  const key = createHash('sha256').update(JSON.stringify({ RECIPE, sentences })).digest('hex').slice(0, 16);
  const path = join(CACHE, `interview-${key}.webm`);
  const cuesPath = `${path}.json`;
  if (!existsSync(path) || !existsSync(cuesPath)) {
    const pause = Buffer.alloc(Math.round(PAUSE_SECONDS * SAMPLE_RATE) * 2);
    const parts: Buffer[] = [];
    const cues: SpokenCue[] = [];
    let at = 0;
    for (const { speaker, text } of sentences) {
      const pcm = pcmOf(execFileSync('espeak-ng', [...VOICES[speaker], '--stdout', text], { maxBuffer: 64 * 1024 * 1024 }));
      const seconds = pcm.length / 2 / SAMPLE_RATE;
      cues.push({ speaker, text, start: at, end: at + seconds });
      parts.push(pcm, pause);
      at += seconds + PAUSE_SECONDS;
    }
    const wav = `${path}.${process.pid}.wav`;
    writeFileSync(wav, wavOf(Buffer.concat(parts)));
    const tmp = `${path}.${process.pid}.tmp.webm`;
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', tmp]);
    renameSync(tmp, path);
    writeFileSync(cuesPath, JSON.stringify({ cues, durationSeconds: at }));
  }
  const { cues, durationSeconds } = JSON.parse(readFileSync(cuesPath, 'utf8')) as { cues: SpokenCue[]; durationSeconds: number };
  const vtt = ['WEBVTT', '', ...cues.flatMap((c) => [`${stamp(c.start)} --> ${stamp(c.end)}`, `<v ${c.speaker}>${c.text}</v>`, ''])].join('\n');
  return { path, bytes: readFileSync(path), contentType: 'audio/webm', durationSeconds, cues, vtt: Buffer.from(vtt) };
}
