/**
 * Interviews spoken aloud for the transcription tests: turns said by two `espeak-ng` voices (the first speaker a
 * woman's, the other a man's) with a pause between them, joined and encoded with `ffmpeg`, made at test time under
 * .cache/spoken-interviews/ (never committed) and reused while the turns are the same. Each comes with its script for
 * the Gemini stand-in: who says what, and when each turn starts in the audio.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { RecordingScript } from '../../../test/support/gemini-stand-in.mjs';

const CACHE = fileURLToPath(new URL('../../../.cache/spoken-interviews/', import.meta.url));
const SAMPLE_RATE = 22_050;
const PAUSE_SECONDS = 0.6;
const VOICES = { A: ['-v', 'en-us+f3', '-s', '175'], B: ['-v', 'en-gb', '-s', '165'] } as const;

export interface SpokenTurn {
  voice: 'A' | 'B';
  text: string;
}

/** A recording's script as the stand-in hears it (gemini-files.mjs `registerRecording`). */
export type StandInScript = RecordingScript;

export interface SpokenInterview {
  path: string;
  size: number;
  contentType: string;
  durationSeconds: number;
  sha256: string;
  script: StandInScript;
}

export const VOICE_DESCRIPTIONS = { A: 'woman, American accent, asks the questions', B: 'man, British accent, answers' } as const;

/** The PCM samples of a WAV file espeak-ng wrote (16-bit mono at 22,050 Hz). */
function pcmOf(wav: Buffer): Buffer {
  const data = wav.indexOf('data', 12);
  if (data < 0) throw new Error('espeak-ng wrote no WAV data');
  return wav.subarray(data + 8);
}

function wavFile(pcm: Buffer): Buffer {
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

/** The turns spoken and encoded as `.m4a` (AAC) or `.wav`; made once per distinct turns. */
export function spokenInterview(turns: readonly SpokenTurn[], format: 'm4a' | 'wav' = 'm4a'): SpokenInterview {
  const key = createHash('sha256').update(JSON.stringify({ turns, format, v: 1 })).digest('hex').slice(0, 16);
  mkdirSync(CACHE, { recursive: true });
  const path = join(CACHE, `${key}.${format}`);
  const scriptPath = join(CACHE, `${key}.json`);
  if (!existsSync(path) || !existsSync(scriptPath)) {
    const work = join(CACHE, `${key}.work`);
    mkdirSync(work, { recursive: true });
    const pieces: Buffer[] = [];
    const scriptTurns: StandInScript['turns'] = [];
    const pause = Buffer.alloc(Math.round(PAUSE_SECONDS * SAMPLE_RATE) * 2);
    let samples = pause.length / 2;
    pieces.push(pause);
    turns.forEach((turn, i) => {
      const wav = join(work, `${i}.wav`);
      execFileSync('espeak-ng', [...VOICES[turn.voice], '-w', wav, turn.text]);
      const pcm = pcmOf(readFileSync(wav));
      scriptTurns.push({ speaker: turn.voice, start: Math.round((samples / SAMPLE_RATE) * 10) / 10, text: turn.text });
      pieces.push(pcm, pause);
      samples += pcm.length / 2 + pause.length / 2;
    });
    const whole = join(work, 'whole.wav');
    writeFileSync(whole, wavFile(Buffer.concat(pieces)));
    const encoded = join(work, `out.${format}`);
    if (format === 'wav') renameSync(whole, encoded);
    else execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', whole, '-c:a', 'aac', '-b:a', '32k', encoded]);
    const durationSeconds = Math.round((samples / SAMPLE_RATE) * 10) / 10;
    writeFileSync(scriptPath, JSON.stringify({ durationSeconds, turns: scriptTurns }));
    renameSync(encoded, path);
    rmSync(work, { recursive: true, force: true });
  }
  const saved = JSON.parse(readFileSync(scriptPath, 'utf8')) as Pick<StandInScript, 'durationSeconds' | 'turns'>;
  const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
  return {
    path,
    size: statSync(path).size,
    contentType: format === 'm4a' ? 'audio/mp4' : 'audio/wav',
    durationSeconds: saved.durationSeconds,
    sha256,
    script: {
      sha256,
      durationSeconds: saved.durationSeconds,
      speakers: [
        { id: 'A', description: VOICE_DESCRIPTIONS.A },
        { id: 'B', description: VOICE_DESCRIPTIONS.B },
      ],
      turns: saved.turns,
    },
  };
}

/** Reads a file's bytes [start, end) as a stream, as the recordings' store does. */
export function fileRange(path: string) {
  return (start: number, end: number): Readable => (end > start ? createReadStream(path, { start, end: end - 1 }) : Readable.from([]));
}

/** Bytes that are a function of their position, `size` of them, read [start, end) in 64 KiB pieces: a large file without a file. */
export function patternRange(start: number, end: number): Readable {
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
export async function patternSha256(size: number): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of patternRange(0, size)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/**
 * The opening turns of a shared interview (the fixture's interviewer as voice A, everyone else B), each cut to its
 * first `sentences` sentences: a few minutes of speech.
 */
export async function sharedInterviewTurns(fixtureName: string, turnCount: number, sentences = 2): Promise<SpokenTurn[]> {
  const { parseTranscript } = await import('../../src/analysis/parsers');
  const { fixture } = await import('./fixtures');
  const parsed = await parseTranscript({ bytes: fixture(fixtureName), fileName: fixtureName });
  const interviewer = parsed.speakers.find((s) => s.role === 'interviewer')?.label;
  return parsed.turns.slice(0, turnCount).map((turn) => {
    const said = parsed.text.slice(turn.start, turn.end).replace(/\s+/g, ' ');
    const text = (said.match(/[^.!?]+[.!?]+/g) ?? [said]).slice(0, sentences).join(' ').replace(/\s+/g, ' ').trim();
    return { voice: turn.speaker === interviewer ? 'A' : 'B', text: text.replace(/\[REDACTED\]/g, 'the') };
  });
}
