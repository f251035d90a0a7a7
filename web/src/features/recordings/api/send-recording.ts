import { type RecordingUploadTarget } from '@verbatim/contract/recording';
import { recordingContentTypeOf } from '@verbatim/contract/recording-formats';
import { sendFileToApi, uploadToStorage, type UploadOptions } from '../../../lib/upload';
import { recordingApiPath } from './recording-wire';

/** Said when Cloud Storage refuses the bytes (its rules hold recordings to their types and size). */
const REFUSED = 'The upload was refused. Check that the file is an audio or video recording within the size limit and try again.';

/**
 * Step two of a recording's upload, where the reservation said: straight to Cloud Storage as a resumable upload
 * (`storage`), or as the body of PUT /projects/:projectId/documents/:documentId/recording/content (`api`, on the
 * emulators). Reports the bytes sent; an abort rejects with a DOMException named AbortError.
 */
export async function sendRecording(projectId: string, target: RecordingUploadTarget, file: Blob & { name: string }, options: UploadOptions): Promise<void> {
  if (target.uploadVia === 'storage') {
    await uploadToStorage(target.uploadPath, file, { ...options, contentType: recordingContentTypeOf(file.name), refused: REFUSED });
  } else {
    await sendFileToApi<unknown>(`${recordingApiPath(projectId, target.documentId)}/content`, file, { ...options, method: 'PUT' });
  }
}
