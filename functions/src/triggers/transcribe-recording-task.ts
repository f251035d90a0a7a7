import { getFirestore } from 'firebase-admin/firestore';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { functionSecrets, serverConfig } from '../config/server-config';
import { TRANSCRIPTION_TASK_SECONDS, TRANSCRIPTIONS_AT_ONCE } from '../recordings/transcription-job';
import { handleTranscriptionTask } from '../recordings/transcribe-recording';
import { defaultRecordingStore } from '../storage/recording-store';

// A recording's transcription by Gemini, queued once the recording was read and its credit spent: 30 minutes, the
// longest a task queue function runs. A task that failed before it could claim the recording is tried again a minute
// later (three attempts in all); a second delivery of a task does nothing (recordings/transcribe-recording.ts).
export const transcribeRecording = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 3, minBackoffSeconds: 60 },
    rateLimits: { maxConcurrentDispatches: TRANSCRIPTIONS_AT_ONCE, maxDispatchesPerSecond: 1 },
    timeoutSeconds: TRANSCRIPTION_TASK_SECONDS,
    memory: '1GiB',
    secrets: functionSecrets('geminiApiKey'),
  },
  async (request) => {
    await handleTranscriptionTask(request, { db: getFirestore(), store: defaultRecordingStore(serverConfig()) });
  },
);
