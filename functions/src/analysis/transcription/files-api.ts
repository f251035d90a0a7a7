/**
 * A recording on Gemini's Files API, through the SDK: uploaded (resumable, in the SDK's 8 MiB chunks, from a Blob that
 * reads the stored recording as it is sent: range-blob.ts), waited for until Google has processed it (ACTIVE), and
 * deleted as soon as the transcription no longer needs it (Google would keep it 48 hours otherwise).
 *
 * The uploads go through a fetch that neither follows redirects nor belongs to a window: with those defaults Node's
 * fetch keeps a copy of every request body (for a redirect it might follow), which for a chunk is 8 MiB held until
 * the chunk is sent; without them a chunk flows from the store to the socket as it drains.
 */
import { loadSdk, type GenAiClient } from '../gemini/gemini-client';
import { callFailureOf, GeminiCallError } from '../gemini/gemini-call';
import { TranscriptionError } from './transcription-error';

/** A file Google holds for us. */
export interface GeminiFile {
  /** `files/abc123`: what get and delete take. */
  name: string;
  /** What a prompt's `fileData.fileUri` names. */
  uri: string;
  mimeType: string;
}

/**
 * Sends a request body as it is read, keeping no copy (see the module comment); with `signal`, every request is cut
 * off when it aborts, with its reason.
 */
function streamingFetch(signal: AbortSignal | undefined): typeof fetch {
  return (input, init) => {
    const signals = [init?.signal, signal].filter((s): s is AbortSignal => s instanceof AbortSignal);
    return fetch(input, { ...init, redirect: 'error', window: null, ...(signals.length > 0 ? { signal: AbortSignal.any(signals) } : {}) });
  };
}

/**
 * The transcription's client: the Files API's version of the REST API (`v1beta`, where Google documents it; the SDK's
 * default is `v1`), and the fetch above. generateContent calls give their own fetch (gemini-call.ts). `signal` cuts off
 * every request of the client (an upload past its deadline).
 */
export function createTranscriptionClient(apiKey: string, baseUrl: string | undefined, signal?: AbortSignal): GenAiClient {
  const { GoogleGenAI } = loadSdk();
  return new GoogleGenAI({ apiKey, apiVersion: 'v1beta', httpOptions: { ...(baseUrl ? { baseUrl } : {}), fetch: streamingFetch(signal) } });
}

function fileOf(file: { name?: string; uri?: string; mimeType?: string }, what: string): GeminiFile {
  if (!file.name || !file.uri) throw new TranscriptionError('transcription-failed', `Gemini's Files API answered the ${what} without the file's name and address.`);
  return { name: file.name, uri: file.uri, mimeType: file.mimeType ?? '' };
}

/** The transcription's own error behind a failed fetch (the upload was given up), if that is why it failed. */
function transcriptionErrorIn(error: unknown): TranscriptionError | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    if (cause instanceof TranscriptionError) return cause;
  }
  return null;
}

/** Uploads the blob; a refusal or a broken connection is a `GeminiCallError`, as a generateContent failure is. */
export async function uploadFile(client: GenAiClient, blob: Blob, config: { mimeType: string; displayName: string }): Promise<GeminiFile> {
  try {
    return fileOf(await client.files.upload({ file: blob, config }), 'upload');
  } catch (error) {
    const given = transcriptionErrorIn(error);
    if (given) throw given;
    throw new GeminiCallError(callFailureOf(error));
  }
}

export interface ActiveWait {
  /** Between two reads of the file's state. */
  pollMs: number;
  /** Given up after (the file is then still deleted). */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Reads the file's state until Google has processed it: ACTIVE → the file; FAILED, or still PROCESSING after
 * `maxWaitMs` → `TranscriptionError`. A read that fails for the service's sake (5xx, 429, the network) is read again.
 */
export async function waitUntilActive(client: GenAiClient, file: GeminiFile, wait: ActiveWait): Promise<GeminiFile> {
  const now = wait.now ?? Date.now;
  const deadline = now() + wait.maxWaitMs;
  for (;;) {
    let state: string | undefined;
    let problem: string | undefined;
    try {
      const read = await client.files.get({ name: file.name });
      state = read.state;
      problem = read.error?.message;
    } catch (error) {
      const failure = callFailureOf(error);
      if (failure.kind === 'http' && failure.status < 500 && failure.status !== 429) {
        throw new TranscriptionError('transcription-failed', `Gemini's Files API refused to say the recording's state (HTTP ${failure.status}: ${failure.detail}).`);
      }
    }
    if (state === 'ACTIVE') return file;
    if (state === 'FAILED') throw new TranscriptionError('transcription-failed', `Gemini could not process the recording${problem ? ` (${problem})` : ''}.`, 'unprocessable');
    if (now() >= deadline) {
      throw new TranscriptionError('transcription-failed', `Gemini was still processing the recording after ${Math.round(wait.maxWaitMs / 1000)} seconds.`);
    }
    await wait.sleep(Math.min(wait.pollMs, Math.max(0, deadline - now())));
  }
}

/** Deletes the file from Google (asked twice); whether it is gone. */
export async function deleteFile(client: GenAiClient, file: GeminiFile): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await client.files.delete({ name: file.name });
      return true;
    } catch (error) {
      const failure = callFailureOf(error);
      // Already gone (403/404 is what Google answers for a file it no longer has).
      if (failure.kind === 'http' && (failure.status === 403 || failure.status === 404)) return true;
    }
  }
  return false;
}
