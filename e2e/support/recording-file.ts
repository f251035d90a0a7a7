import { readFileSync } from 'node:fs';
import { adminDb } from '../../functions/test/support/admin';
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

/** Marks the interview's recording ready, as the server leaves one it has read (its bytes are the caller's to store). */
export async function markRecordingReady(projectId: string, documentId: string, spoken: SpokenInterview, fileName: string): Promise<void> {
  await adminDb()
    .doc(`projects/${projectId}/documents/${documentId}`)
    .update({
      recording: {
        status: 'ready',
        origin: 'attached',
        fileName,
        size: spoken.bytes.length,
        contentType: spoken.contentType,
        durationSeconds: spoken.durationSeconds,
        hasVideo: false,
        container: 'WebM',
        codec: 'Opus',
        progress: 1,
        error: null,
        errorCode: null,
        updatedAt: new Date(),
      },
    });
}
