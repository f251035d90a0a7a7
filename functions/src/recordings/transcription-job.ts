/**
 * A recording's transcription runs in a task of its own (Cloud Tasks: `triggers/transcribe-recording-task.ts`), not in
 * the Storage trigger or the API request that read the recording: an event function stops at 540 s and a request at
 * 300 s, while a 2-hour recording's upload to Gemini alone may take about 9.5 minutes and each of its parts up to 5
 * more. A task carries only the interview's ids; everything else is read from the interview when it runs. Pure.
 */

export interface TranscriptionJob {
  projectId: string;
  documentId: string;
}

/** The task queue function's name (its export in index.ts), and so its queue's. */
export const TRANSCRIPTION_TASK_FUNCTION = 'transcribeRecording';
/** The longest a task queue function may run (Cloud Functions' limit), and so one attempt at a transcription. */
export const TRANSCRIPTION_TASK_SECONDS = 1800;
/** Past this since an attempt started, it has stopped (Cloud Functions ends it at its deadline): another may take over. */
export const TRANSCRIPTION_ATTEMPT_MS = (TRANSCRIPTION_TASK_SECONDS + 60) * 1000;
/** Transcriptions running at once, across all instances: each sends a whole recording's sound to Gemini per part. */
export const TRANSCRIPTIONS_AT_ONCE = 10;

/** One task per interview: Cloud Tasks refuses a second task of the same name (its ids are random, as Cloud Tasks wants). */
export function transcriptionTaskId(job: TranscriptionJob): string {
  return `${job.documentId}-transcription`;
}

const FIRESTORE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** A task's payload as a job, or null when it is not one (nothing to do; asking again would not help). */
export function readTranscriptionJob(data: unknown): TranscriptionJob | null {
  if (!data || typeof data !== 'object') return null;
  const { projectId, documentId } = data as Record<string, unknown>;
  if (typeof projectId !== 'string' || typeof documentId !== 'string' || !FIRESTORE_ID.test(projectId) || !FIRESTORE_ID.test(documentId)) return null;
  return { projectId, documentId };
}
