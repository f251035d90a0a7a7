import type { RecordingLimits, RecordingUploadTarget } from '@verbatim/contract/recording';
import type { UploadOptions } from '../../lib/upload';
import { sendRecording } from './api/send-recording';
import { durationRejection, recordingRejection } from './recording-checks';
import { readDuration } from './read-duration';

/** A recording refused before its bytes were sent (the sentence says why); the reservation, if any, is to be undone. */
export class RecordingRefused extends Error {
  override readonly name = 'RecordingRefused';
}

/** Why a picked recording cannot be sent, from its name, size and length as the browser reads them; or null. */
export async function checkRecordingFile(file: File, limits: RecordingLimits | null): Promise<string | null> {
  return recordingRejection(file.name, file.size, limits) ?? durationRejection(await readDuration(file), limits);
}

export interface RecordingUploadOptions extends UploadOptions {
  /** The server has reserved the recording's place (before any byte is sent). */
  onReserved?: (target: RecordingUploadTarget) => void;
}

/**
 * Reserves a recording's place (`reserve`: a new interview, or an attachment) and sends its bytes where the server
 * says. Throws `RecordingRefused` when the file is over the limit of the way it is to be sent (known once reserved).
 */
export async function uploadRecording(
  projectId: string,
  file: File,
  limits: RecordingLimits | null,
  reserve: () => Promise<RecordingUploadTarget>,
  options: RecordingUploadOptions,
): Promise<RecordingUploadTarget> {
  const target = await reserve();
  options.onReserved?.(target);
  const refused = recordingRejection(file.name, file.size, limits, target.uploadVia);
  if (refused) throw new RecordingRefused(refused);
  if (options.signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
  await sendRecording(projectId, target, file, options);
  return target;
}
