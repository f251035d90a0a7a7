import { type RecordingLimits } from '@verbatim/contract/recording';
import { isRecordingFileName } from '@verbatim/contract/recording-formats';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { guardUnload } from '../../lib/unload-guard';
import { isAbortError, uploadToStorage, type UploadProgress } from '../../lib/upload';
import { deleteInterview } from './api/delete-interview';
import { reserveInterview } from './api/reserve-interview';
import { documentNameError, updateInterview } from './api/update-interview';
import { proposeInterviewName } from '@verbatim/contract/interview-name';
import { proposedNameFor } from './name-proposal';
import { uploadInterviewContent } from './api/upload-interview-content';
import { checkRecordingFile, RecordingRefused, reserveRecording, uploadRecording } from '../recordings';
import type { LocalUpload } from './interview-status';
import { contentTypeFor, NO_CREDIT_FOR_FILE } from './upload-checks';

/**
 * The uploads this browser is running, kept outside React so they carry on (and their progress
 * stays visible) when the researcher moves between pages. An item lives from the moment a file
 * is picked until its bytes are in; from then on the document's own live status takes over.
 */
export interface UploadItem extends LocalUpload {
  key: string;
  projectId: string;
  fileName: string;
  size: number;
  /** Set once the server has reserved the document. */
  documentId: string | null;
  /** The interview's name: proposed from the transcript (contract/interview-name.ts) until the researcher edits it. */
  name: string;
  /** True once the researcher typed a name: the proposal no longer replaces it. */
  nameEdited: boolean;
  /** Why the name typed could not be kept, or null. */
  nameError: string | null;
}

export interface UploadHooks {
  /** The server refused for lack of credits (402): show the subscribe prompt. */
  onOutOfCredits: () => void;
  /** The deployment's bounds on recordings (the server's capabilities), when known. */
  recordingLimits?: RecordingLimits | null;
  /** The server reserved the document for the file (e.g. to remove the failed one it replaces). */
  onReserved?: (documentId: string) => void;
  /**
   * The researcher confirmed that these recordings may reach Gemini as spoken (the notice of a project that redacts);
   * the reservation carries it, and the server refuses a recording there without it.
   */
  soundConfirmed?: boolean;
}

/** How many files upload at once. */
const CONCURRENCY = 2;

let items: readonly UploadItem[] = [];
const listeners = new Set<() => void>();
const files = new Map<string, File>();
const hooksByKey = new Map<string, UploadHooks>();
const controllers = new Map<string, AbortController>();
const queue: string[] = [];
let running = 0;
let counter = 0;

function emit() {
  guardUploads();
  listeners.forEach((listener) => listener());
}

function get(key: string): UploadItem | undefined {
  return items.find((item) => item.key === key);
}

function patch(key: string, change: Partial<UploadItem>) {
  if (!get(key)) return;
  items = items.map((item) => (item.key === key ? { ...item, ...change } : item));
  emit();
}

function remove(key: string) {
  files.delete(key);
  hooksByKey.delete(key);
  const index = queue.indexOf(key);
  if (index >= 0) queue.splice(index, 1);
  if (!get(key)) return;
  items = items.filter((item) => item.key !== key);
  emit();
}

/** Queues files for upload into a project (they should have passed `planUploads`). */
export function enqueueUploads(projectId: string, picked: readonly File[], hooks: UploadHooks): void {
  const added = picked.map((file): UploadItem => {
    const key = `u${++counter}`;
    files.set(key, file);
    hooksByKey.set(key, hooks);
    queue.push(key);
    const name = proposeInterviewName(file.name).name;
    return { key, projectId, fileName: file.name, size: file.size, documentId: null, name, nameEdited: false, nameError: null, phase: 'waiting', sent: 0, total: file.size, error: null };
  });
  items = [...items, ...added];
  emit();
  pump();
}

/** Stops an upload that has not finished sending; a reserved document is deleted again. */
export function cancelUpload(key: string): void {
  const controller = controllers.get(key);
  if (controller) controller.abort();
  else remove(key);
}

/**
 * The researcher names an upload's interview. Before the server has reserved it, the name goes with the reservation;
 * after, it is saved as a rename (`save`, when the field is left) like the Rename of the interview's row.
 */
export function renameUpload(key: string, name: string): void {
  patch(key, { name, nameEdited: true, nameError: documentNameError(name) });
}

/** Saves the name typed for an upload whose interview the server has already reserved. */
export async function saveUploadName(key: string): Promise<void> {
  const item = get(key);
  if (!item?.documentId || !item.nameEdited || documentNameError(item.name)) return;
  try {
    await updateInterview({ projectId: item.projectId, documentId: item.documentId, name: item.name });
  } catch (err) {
    patch(key, { nameError: err instanceof Error ? err.message : String(err) });
  }
}

/** Removes a failed item from view. */
export function dismissUpload(key: string): void {
  if (!controllers.has(key)) remove(key);
}

function pump() {
  while (running < CONCURRENCY && queue.length > 0) {
    const key = queue.shift()!;
    running++;
    void run(key).finally(() => {
      running--;
      pump();
    });
  }
}

async function run(key: string): Promise<void> {
  const file = files.get(key);
  const item = get(key);
  const hooks = hooksByKey.get(key);
  if (!file || !item || !hooks) return;
  const { projectId } = item;
  const controller = new AbortController();
  controllers.set(key, controller);
  const signal = controller.signal;
  let documentId: string | null = null;
  const onProgress = ({ loaded, total }: UploadProgress) => patch(key, { phase: loaded >= total ? 'processing' : 'sending', sent: loaded, total });
  try {
    patch(key, { phase: 'reserving' });
    if (isRecordingFileName(file.name)) {
      // A recording becomes an interview that Gemini transcribes (planUploads let it through only in such a project).
      const refused = await checkRecordingFile(file, hooks.recordingLimits ?? null);
      if (refused) throw new RecordingRefused(refused);
      const reserve = () => reserveRecording({ projectId, fileName: file.name, size: file.size, confirmUnredactedSound: hooks.soundConfirmed });
      await uploadRecording(projectId, file, hooks.recordingLimits ?? null, reserve, {
        signal,
        onProgress,
        onReserved: (target) => {
          documentId = target.documentId;
          hooks.onReserved?.(documentId);
          patch(key, { documentId, phase: 'sending', sent: 0, total: file.size });
        },
      });
      return remove(key);
    }
    // The name is proposed from the transcript's first pages, unless the researcher has already typed one.
    const proposed = await proposedNameFor(file);
    if (!get(key)?.nameEdited) patch(key, { name: proposed });
    const typed = get(key);
    const name = typed && !documentNameError(typed.name) ? typed.name.trim() : proposed;
    const reservation = await reserveInterview({ projectId, fileName: file.name, size: file.size, name });
    documentId = reservation.document.id;
    hooks.onReserved?.(documentId);
    // Refused on its name or size: the document is already failed and says why; nothing to send.
    if (reservation.document.status !== 'uploading') return remove(key);
    if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
    patch(key, { documentId, phase: 'sending', sent: 0, total: file.size });
    // Renamed while the reservation was on its way: the name typed is saved over the one sent.
    const renamed = get(key);
    if (renamed?.nameEdited && renamed.name.trim() !== name) void saveUploadName(key);
    if (reservation.uploadVia === 'storage') {
      await uploadToStorage(reservation.uploadPath, file, { contentType: contentTypeFor(file.name), onProgress, signal });
    } else {
      await uploadInterviewContent({ projectId, documentId, file }, { onProgress, signal });
    }
    remove(key);
  } catch (err) {
    if (err instanceof RecordingRefused) {
      // Refused before its bytes were sent: the interview reserved for it goes, the reason stays in view.
      if (documentId) await deleteInterview({ projectId, documentId }).catch((e) => console.error('Could not delete a refused recording', e));
      return patch(key, { phase: 'failed', documentId: null, error: err.message });
    }
    if (isAbortError(err)) {
      if (documentId) await deleteInterview({ projectId, documentId }).catch((e) => console.error('Could not delete a cancelled upload', e));
      return remove(key);
    }
    if (err instanceof ApiError && err.status === 402) {
      hooks.onOutOfCredits();
      failWaiting(projectId);
      // With a document, the server has marked it failed with the reason; without, say it here.
      return documentId ? remove(key) : patch(key, { phase: 'failed', error: err.message });
    }
    // The parser refused the file (422) or it was already handled (409): the document says so.
    if (err instanceof ApiError && documentId && (err.status === 422 || err.status === 409)) return remove(key);
    patch(key, { phase: 'failed', documentId, error: err instanceof Error ? err.message : String(err) });
  } finally {
    controllers.delete(key);
    files.delete(key);
  }
}

/** Out of credits: files still waiting in this project will not be sent. */
function failWaiting(projectId: string) {
  for (const item of items) {
    if (item.projectId === projectId && item.phase === 'waiting') {
      const index = queue.indexOf(item.key);
      if (index >= 0) queue.splice(index, 1);
      patch(item.key, { phase: 'failed', error: NO_CREDIT_FOR_FILE });
    }
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

/** This browser's uploads into one project, outside React (tests, handlers). */
export function uploadsOf(projectId: string): readonly UploadItem[] {
  return items.filter((item) => item.projectId === projectId);
}

/** This browser's uploads into one project, oldest first. */
export function useUploads(projectId: string): readonly UploadItem[] {
  const all = useSyncExternalStore(subscribe, getItems, getItems);
  return useMemo(() => all.filter((item) => item.projectId === projectId), [all, projectId]);
}

// Leaving the page while bytes are still going out would lose them: ask first.
function guardUploads() {
  guardUnload('interviews', items.some((item) => item.phase === 'waiting' || item.phase === 'reserving' || item.phase === 'sending'));
}
