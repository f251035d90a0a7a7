import type { Readable } from 'node:stream';
import type { RecordingScript } from '../../../test/support/gemini-stand-in.mjs';

/** A turn of the spoken interview, with its real times in the recording. */
export interface SpokenTurn {
  speaker: string;
  role: 'interviewer' | 'participant';
  text: string;
  /** Seconds from the recording's start. */
  start: number;
  end: number;
  index: number;
}

export interface TestRecording {
  /** The cached file (under .cache/recordings/). */
  path: string;
  /** The name a researcher's file would have. */
  fileName: string;
}

export interface SpokenRecording extends TestRecording {
  turns: SpokenTurn[];
  durationSeconds: number;
  /** A WebVTT transcript whose cue times are the turns' real times. */
  vtt: Buffer;
}

export type RecordingFormat = 'wav' | 'mp3' | 'm4a' | 'ogg' | 'webm' | 'mp4' | 'mov';

export function sourceTurns(): Array<{ speaker: string; role: 'interviewer' | 'participant'; text: string }>;
export function spokenInterview(options?: { turns?: number; minutes?: number }): { wavPath: string; turns: SpokenTurn[]; durationSeconds: number };
export function vttOf(turns: readonly SpokenTurn[], shiftSeconds?: number): Buffer;
export function makeRecording(options?: { format?: RecordingFormat; video?: boolean; turns?: number; minutes?: number }): SpokenRecording;
export function silentRecording(options?: { format?: RecordingFormat; seconds?: number; video?: boolean; noiseDbfs?: number | null }): TestRecording;
export function lateSpeechRecording(options?: { format?: 'wav' | 'mp3' | 'm4a' | 'ogg' | 'webm'; silentSeconds?: number; turns?: number }): TestRecording & { durationSeconds: number };
export function deepWavRecording(options?: { turns?: number }): TestRecording & { durationSeconds: number };
export function truncatedRecording(options?: { format?: RecordingFormat; fraction?: number }): TestRecording;
export function nestedBoxRecording(options?: { boxes?: number }): TestRecording;
export function denseSilenceRecording(options?: { seconds?: number }): TestRecording;
export function understatedRecording(options?: { headerSeconds?: number; turns?: number }): TestRecording & { headerSeconds: number; durationSeconds: number };
export function unsupportedCodecRecording(): TestRecording;
export function notMediaRecording(): TestRecording;

/** What a spoken recording says, as the Gemini stand-in hears it, matched by the file's SHA-256. */
export type SpokenScript = RecordingScript & { sha256: string };

export declare const VOICE_DESCRIPTIONS: { interviewer: string; participant: string };
export function sha256Of(path: string): string;
export function scriptOf(recording: SpokenRecording): SpokenScript;
export function fileRange(path: string): (start: number, end: number) => Readable;
export function patternRange(start: number, end: number): Readable;
export function patternSha256(size: number): Promise<string>;
