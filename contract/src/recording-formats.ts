/** The recordings an interview may have: each accepted format's ending and content types, and a file's reading by its name. Pure. */

import { extensionOf } from './transcript-formats';

/** One accepted recording format. */
interface RecordingFormatRow {
  /** The ending an upload carries, lower case with its dot. */
  extension: string;
  /** Content types an upload of it declares (the first is the one the web app declares); storage.rules accept these. */
  contentTypes: readonly string[];
  /** Whether the container usually holds pictures too (the player then shows a video). */
  video: boolean;
}

const RECORDING_TABLE = [
  { extension: '.mp3', contentTypes: ['audio/mpeg', 'audio/mp3'], video: false },
  { extension: '.m4a', contentTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'], video: false },
  { extension: '.wav', contentTypes: ['audio/wav', 'audio/x-wav', 'audio/wave'], video: false },
  { extension: '.ogg', contentTypes: ['audio/ogg', 'application/ogg'], video: false },
  { extension: '.webm', contentTypes: ['video/webm', 'audio/webm'], video: true },
  { extension: '.mp4', contentTypes: ['video/mp4'], video: true },
  { extension: '.mov', contentTypes: ['video/quicktime'], video: true },
] as const satisfies readonly RecordingFormatRow[];

export const RECORDING_FORMATS: readonly RecordingFormatRow[] = RECORDING_TABLE;

/** Endings a recording upload may carry, in the order shown to researchers. */
export const RECORDING_EXTENSIONS: readonly string[] = RECORDING_TABLE.map((row) => row.extension);

/** ".mp3, .m4a, .wav, .ogg, .webm, .mp4 and .mov". */
export const RECORDING_EXTENSIONS_LIST = `${RECORDING_EXTENSIONS.slice(0, -1).join(', ')} and ${RECORDING_EXTENSIONS.at(-1)}`;

/** Every content type a recording upload may declare (and `application/octet-stream`, which says nothing). */
export const RECORDING_CONTENT_TYPES: readonly string[] = RECORDING_TABLE.flatMap((row) => row.contentTypes);

/** Whether a file is named as a recording (".m4a", ".MP4", …). Its bytes are still read before it is believed. */
export function isRecordingFileName(fileName: string): boolean {
  const ext = extensionOf(fileName);
  return ext !== null && RECORDING_EXTENSIONS.includes(ext);
}

/** The content type a recording upload of `fileName` declares. */
export function recordingContentTypeOf(fileName: string): string {
  const ext = extensionOf(fileName);
  return RECORDING_TABLE.find((row) => row.extension === ext)?.contentTypes[0] ?? 'application/octet-stream';
}
