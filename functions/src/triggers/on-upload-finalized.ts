import { getFirestore } from 'firebase-admin/firestore';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { handleUploadFinalized } from '../ingestion/handle-upload-finalized';
import { functionSecrets } from '../config/server-config';
import { cloudStorageFileStore } from '../storage/file-store';
import { cloudStorageRecordingStore } from '../storage/recording-store';

// 540 s, the longest an event function may run: reading a 2 GiB recording through may take tens of seconds. A
// recording's transcription by Gemini runs in a task of its own (transcribe-recording-task.ts).
export const onUploadFinalized = onObjectFinalized({ memory: '1GiB', timeoutSeconds: 540, secrets: functionSecrets('geminiApiKey') }, async (event) => {
  await handleUploadFinalized(event, {
    db: getFirestore(),
    files: cloudStorageFileStore(event.data.bucket),
    recordings: cloudStorageRecordingStore(event.data.bucket),
  });
});
