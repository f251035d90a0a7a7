import { readFileSync } from 'node:fs';
import { makeRecording, type SpokenTurn } from '../../functions/test/support/recordings.mjs';

/** The shared test interview spoken aloud (functions/test/support/recordings.mjs), as a browser test uses it. */
export interface SpokenInterview {
  bytes: Buffer;
  /** WebM with Opus sound: every Chromium plays it. */
  contentType: string;
  durationSeconds: number;
  turns: SpokenTurn[];
  /** A WebVTT transcript whose cue times are the turns' real times. */
  vtt: Buffer;
}

/** The interview's opening turns, spoken and encoded as WebM (made once and kept under .cache/, never committed). */
export function spokenRecording(turns = 8): SpokenInterview {
  const made = makeRecording({ format: 'webm', turns });
  return { bytes: readFileSync(made.path), contentType: 'audio/webm', durationSeconds: made.durationSeconds, turns: made.turns, vtt: made.vtt };
}
