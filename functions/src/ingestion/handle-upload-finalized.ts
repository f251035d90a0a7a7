import type { Firestore } from 'firebase-admin/firestore';
import type { StorageObjectData } from 'firebase-functions/v2/storage';
import type { AccountQuotas } from '../config/server-limits';
import { parseUploadPath } from '@verbatim/contract/upload-path';
import { logs } from '../lib/logs';
import type { FileStore } from '../storage/file-store';
import { ingestDocument, type IngestOutcome } from './ingest-document';

export interface UploadFinalizedDeps {
  db: Firestore;
  files: FileStore;
  /** The account's quotas (default: the server config's). */
  quotas?: AccountQuotas;
}

/**
 * Cloud Storage `onObjectFinalized`: a browser finished uploading a transcript to
 * uploads/{uid}/{projectId}/{documentId}/{fileName}. Runs the same pipeline as the API path.
 */
export async function handleUploadFinalized(event: { data: StorageObjectData }, deps: UploadFinalizedDeps): Promise<IngestOutcome | null> {
  const object = event.data;
  const location = parseUploadPath(object.name);
  if (!location) {
    logs.uploadIgnored(object.name, 'not an upload path');
    return null;
  }
  const bytes = await deps.files.read(object.name);
  return ingestDocument(deps.db, {
    uid: location.uid,
    projectId: location.projectId,
    documentId: location.documentId,
    bytes,
    fileName: location.fileName,
    contentType: object.contentType,
  }, undefined, deps.quotas);
}
