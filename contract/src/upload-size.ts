/**
 * How large a transcript upload may be, and every sentence a researcher reads about its size: the upload list's hint,
 * a file refused for its size (in the browser, on the server, from Drive), the bytes arriving over the limit. Each is
 * built from the one limit, so changing it changes every sentence. Pure.
 */
import { byteSizeText } from './byte-size';

/** Largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The upload limit as researchers read it: "20 MB". */
export const MAX_UPLOAD_TEXT = byteSizeText(MAX_UPLOAD_BYTES);

/** A size just over the limit keeps its decimal ("20.1 MB"), so it never reads as the limit itself. */
const overSize = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export const UPLOAD_SIZE_MESSAGES = {
  /** The upload list's hint. */
  hint: `up to ${MAX_UPLOAD_TEXT} each`,
  /** A file refused for its size, naming it (and its name when there are several). */
  tooLarge: (sizeBytes: number, fileName?: string) =>
    `${fileName === undefined ? 'This file is' : `The file ${fileName} is`} ${overSize(sizeBytes)}; the limit is ${MAX_UPLOAD_TEXT}. Split it or export it as text.`,
  /** Over the limit with no size to name (the bytes arrived over it, or Drive did not say). */
  overLimit: (fileName?: string) =>
    `${fileName === undefined ? 'This file is' : `The file ${fileName} is`} over the ${MAX_UPLOAD_TEXT} limit. Split it or export it as text.`,
  /** The file store refused an upload without saying why. */
  refused: `The upload was refused. Check that the file is a transcript under ${MAX_UPLOAD_TEXT} and try again.`,
} as const;
