import { ACCEPTED_EXTENSIONS, ACCEPTED_EXTENSIONS_TEXT, MAX_UPLOAD_BYTES, tooLargeMessage } from '@verbatim/contract/transcript';

/** The `accept` attribute of the file picker. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** ".txt" for "Interview 3.TXT"; null without an extension. */
export function extensionOf(fileName: string): string | null {
  return fileName.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? null;
}

/**
 * Why a file cannot be uploaded, said before anything is sent (the server says the same), or null.
 * An empty file goes through: the server records it as a failed interview with its reason.
 */
export function fileRejection(fileName: string, size: number): string | null {
  if (size > MAX_UPLOAD_BYTES) return tooLargeMessage(size);
  const ext = extensionOf(fileName);
  if (!ext || !(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) {
    return `${ext ? `“${ext}” files are` : 'Files without an extension are'} not supported. Upload one of: ${ACCEPTED_EXTENSIONS_TEXT}.`;
  }
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.vtt': 'text/vtt',
  '.srt': 'application/x-subrip',
  '.sub': 'application/x-subviewer',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The content type a Storage upload declares (storage.rules accept exactly these). */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extensionOf(fileName) ?? ''] ?? 'application/octet-stream';
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
 * known, only as many as it has credits for (one per interview); the rest are refused and the
 * subscribe prompt is due. Unknown credits (null) let the server decide.
 */
export function planUploads<F extends PickedFile>(files: readonly F[], credits: number | null, subscriptionActive: boolean): UploadPlan<F> {
  const rejected: { file: F; reason: string }[] = [];
  const acceptable: F[] = [];
  for (const file of files) {
    const reason = fileRejection(file.name, file.size);
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
