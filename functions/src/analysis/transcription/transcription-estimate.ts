/**
 * What a transcription will send and spend, known from its sound's length before anything is sent. Pure.
 *
 * Google's audio guide: a second of audio is 32 tokens, and one prompt holds at most 9.5 hours of audio. Each part
 * sends its own stretch of sound (gemini-transcriber.ts: the window, a few seconds before it and a minute after), a
 * video's part its clip of the file, and a recording that cannot be cut the whole of it in every part. The answer is
 * taken at 6 tokens a second of the part (a 30-minute part of continuous talk answers 8,000–11,000) plus the
 * thinking budget, at most the output limit; the prompt's own text at 1,500 tokens a part (the rules, the schema and
 * the voices already heard).
 */
import { partSpan } from './gemini-transcriber';
import type { TranscriptionSettings } from './transcription-settings';
import { planWindows } from './windows';

export const AUDIO_TOKENS_PER_SECOND = 32;
/** Google's maximum of audio in one prompt (9.5 hours). */
export const MAX_AUDIO_SECONDS_PER_REQUEST = 9.5 * 3600;
const PROMPT_TEXT_TOKENS = 1_500;
const ANSWER_TOKENS_PER_SECOND = 6;

/** How the recording's sound goes to Gemini: each part its own stretch, a video's clip, or (uncut) all of it each time. */
export type SoundSent = 'cut' | 'clip' | 'whole';

export interface TranscriptionEstimate {
  parts: number;
  /** The most audio one request carries, in seconds. */
  longestRequestSeconds: number;
  /** Seconds of audio sent over all parts. */
  audioSeconds: number;
  /** Tokens the transcription will use at most, as far as its length tells. */
  tokens: number;
}

type EstimateSettings = Pick<TranscriptionSettings, 'windowSeconds' | 'partLeadSeconds' | 'partTailSeconds' | 'thinkingBudget' | 'maxOutputTokens'>;

export function estimateTranscription(durationSeconds: number, sent: SoundSent, settings: EstimateSettings): TranscriptionEstimate {
  const windows = planWindows(durationSeconds, settings.windowSeconds);
  let longest = 0;
  let audioSeconds = 0;
  let tokens = 0;
  for (const window of windows) {
    const span = sent === 'cut' ? partSpan(window, durationSeconds, settings) : sent === 'clip' ? window : { start: 0, end: Math.ceil(durationSeconds) };
    const seconds = span.end - span.start;
    longest = Math.max(longest, seconds);
    audioSeconds += seconds;
    const answer = Math.min(settings.maxOutputTokens, Math.ceil((window.end - window.start) * ANSWER_TOKENS_PER_SECOND) + Math.max(0, settings.thinkingBudget));
    tokens += Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND) + PROMPT_TEXT_TOKENS + answer;
  }
  return { parts: windows.length, longestRequestSeconds: longest, audioSeconds, tokens };
}
