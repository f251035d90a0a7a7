import { type RecordingLimits } from '@verbatim/contract/recording';
import { isRecordingFileName, RECORDING_EXTENSIONS } from '@verbatim/contract/recording-formats';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { ACCEPTED_EXTENSIONS, unsupportedFormatMessage } from '@verbatim/contract/transcript-formats';
import { recordingRejection } from '../recordings';

/** `contentTypeFor`: the content type a Storage upload declares (storage.rules accept exactly these). */
export { extensionOf, uploadContentTypeOf as contentTypeFor } from '@verbatim/contract/transcript-formats';

/** The `accept` attribute of a transcript's file picker. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** The `accept` attribute of the upload zone's picker: transcripts and recordings. */
export const ZONE_ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...RECORDING_EXTENSIONS].join(',');

/** What a project does with a recording dropped on it: Gemini transcribes it (`transcribe`), within the server's limits. */
export interface RecordingUploads {
  transcribe: boolean;
  limits: RecordingLimits | null;
}

/**
 * Why a file cannot be uploaded, said before anything is sent (the server says the same), or null.
 * An empty file goes through: the server records it as a failed interview with its reason. A recording becomes an
 * interview only where Gemini transcribes it; a private project says what to upload instead.
 */
export function fileRejection(fileName: string, size: number, recordings?: RecordingUploads): string | null {
  if (isRecordingFileName(fileName)) {
    return recordings?.transcribe ? recordingRejection(fileName, size, recordings.limits) : RECORDING_MESSAGES.needsTranscript;
  }
  if (size > MAX_UPLOAD_BYTES) return UPLOAD_SIZE_MESSAGES.tooLarge(size);
  return unsupportedFormatMessage(fileName);
}

export interface PickedFile {
  name: string;
  size: number;
}

export interface UploadPlan<F extends PickedFile> {
  /** Files to upload now. */
  upload: F[];
  /** Files refused before sending, with the reason. */
  rejected: { file: F; reason: string }[];
  /** True when the account has no credit for some of the acceptable files (the subscribe prompt). */
  outOfCredits: boolean;
}

export const NO_CREDIT_FOR_FILE = 'Not uploaded: you have no credits left for this interview.';

/**
 * Sorts picked files: refused ones with their reason; then, for a trial account with `credits`
 * known, only as many as it has credits for (one per interview, a recording as a transcript); the rest are refused
 * and the subscribe prompt is due. Unknown credits (null) let the server decide.
 */
export function planUploads<F extends PickedFile>(
  files: readonly F[],
  credits: number | null,
  subscriptionActive: boolean,
  recordings?: RecordingUploads,
): UploadPlan<F> {
  const rejected: { file: F; reason: string }[] = [];
  const acceptable: F[] = [];
  for (const file of files) {
    const reason = fileRejection(file.name, file.size, recordings);
    if (reason) rejected.push({ file, reason });
    else acceptable.push(file);
  }
  if (subscriptionActive || credits === null || acceptable.length <= Math.max(0, credits)) {
    return { upload: acceptable, rejected, outOfCredits: false };
  }
  const allowed = Math.max(0, credits);
  for (const file of acceptable.slice(allowed)) rejected.push({ file, reason: NO_CREDIT_FOR_FILE });
  return { upload: acceptable.slice(0, allowed), rejected, outOfCredits: true };
}
