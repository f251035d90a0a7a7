import type { Firestore } from 'firebase-admin/firestore';
import type { StorageObjectData } from 'firebase-functions/v2/storage';
import type { AccountQuotas } from '../config/server-limits';
import type { RecordingLimits } from '@verbatim/contract/recording';
import { parseRecordingPath, parseUploadPath } from '@verbatim/contract/upload-path';
import { serverConfig } from '../config/server-config';
import { ingestRecording, type RecordingIngestOutcome } from '../recordings/ingest-recording';
import { cloudTasksTranscriptionQueue, type TranscriptionQueue } from '../recordings/transcription-queue';
import type { RecordingStore } from '../storage/recording-store';
import { logs } from '../lib/logs';
import type { FileStore } from '../storage/file-store';
import { ingestInterview, type IngestOutcome } from './ingest-interview';

export interface UploadFinalizedDeps {
  db: Firestore;
  files: FileStore;
  /** Where recordings are read from (the same bucket). */
  recordings: RecordingStore;
  /** The account's quotas (default: the server config's). */
  quotas?: AccountQuotas;
  /** How large and long a recording may be (default: the server config's). */
  recordingLimits?: RecordingLimits;
  /** Where a transcribed recording's transcription is queued (default: Cloud Functions' task queue). */
  transcriptions?: TranscriptionQueue;
}

/**
 * Cloud Storage `onObjectFinalized`: a browser finished uploading a transcript to
 * uploads/{uid}/{projectId}/{documentId}/{fileName}, or a recording to recordings/{uid}/{projectId}/{documentId}/{fileName}.
 * Runs the same pipeline as the API path for each.
 */
export async function handleUploadFinalized(
  event: { data: StorageObjectData },
  deps: UploadFinalizedDeps,
): Promise<IngestOutcome | RecordingIngestOutcome | null> {
  const object = event.data;
  const recording = parseRecordingPath(object.name);
  if (recording) {
    return ingestRecording(deps.db, { uid: recording.uid, projectId: recording.projectId, documentId: recording.documentId, path: object.name }, {
      store: deps.recordings,
      limits: deps.recordingLimits ?? serverConfig().limits.recordings,
      transcriptions: deps.transcriptions ?? cloudTasksTranscriptionQueue(),
    });
  }
  const location = parseUploadPath(object.name);
  if (!location) {
    logs.uploadIgnored(object.name, 'not an upload path');
    return null;
  }
  const bytes = await deps.files.read(object.name);
  return ingestInterview(deps.db, {
    uid: location.uid,
    projectId: location.projectId,
    documentId: location.documentId,
    bytes,
    fileName: location.fileName,
    contentType: object.contentType,
  }, undefined, deps.quotas);
}
