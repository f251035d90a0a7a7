import type { RecordingLimits } from '@verbatim/contract/recording';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { guardUnload } from '../../lib/unload-guard';
import { isAbortError, type UploadProgress } from '../../lib/upload';
import { attachRecording } from './api/attach-recording';
import { removeRecording } from './api/remove-recording';
import { checkRecordingFile, RecordingRefused, uploadRecording } from './upload-recording';

/**
 * Recordings this browser is attaching to interviews, kept outside React so the upload carries on (and its progress
 * stays visible) when the researcher moves between pages. One per interview, from the moment a file is picked until
 * its bytes are in; from then on the interview's own `recording.status` takes over.
 */
export interface AttachUpload {
  projectId: string;
  documentId: string;
  fileName: string;
  phase: 'checking' | 'reserving' | 'sending' | 'failed';
  sent: number;
  total: number;
  error: string | null;
}

let uploads: readonly AttachUpload[] = [];
const listeners = new Set<() => void>();
const controllers = new Map<string, AbortController>();

function emit() {
  guardUnload('recordings', controllers.size > 0);
  listeners.forEach((listener) => listener());
}

function patch(documentId: string, change: Partial<AttachUpload>) {
  uploads = uploads.map((u) => (u.documentId === documentId ? { ...u, ...change } : u));
  emit();
}

function drop(documentId: string) {
  uploads = uploads.filter((u) => u.documentId !== documentId);
  emit();
}

/** Attaches `file` to the interview (in place of a recording it had): checked, reserved, then sent with its progress. */
export async function attachRecordingFile(projectId: string, documentId: string, file: File, limits: RecordingLimits | null): Promise<void> {
  if (controllers.has(documentId)) return;
  const controller = new AbortController();
  controllers.set(documentId, controller);
  uploads = [...uploads.filter((u) => u.documentId !== documentId), { projectId, documentId, fileName: file.name, phase: 'checking', sent: 0, total: file.size, error: null }];
  emit();
  let reserved = false;
  try {
    const refused = await checkRecordingFile(file, limits);
    if (refused) throw new RecordingRefused(refused);
    patch(documentId, { phase: 'reserving' });
    await uploadRecording(projectId, file, limits, () => attachRecording({ projectId, documentId, fileName: file.name, size: file.size }), {
      signal: controller.signal,
      onReserved: () => {
        reserved = true;
        patch(documentId, { phase: 'sending' });
      },
      onProgress: ({ loaded, total }: UploadProgress) => patch(documentId, { sent: loaded, total }),
    });
    drop(documentId);
  } catch (err) {
    // The server read the bytes and refused them: the interview's recording says why (and keeps it to replace).
    if (err instanceof ApiError && reserved && (err.status === 422 || err.status === 409)) return drop(documentId);
    // Nothing half-written: a reservation whose bytes will not come is taken back.
    if (reserved) await removeRecording(projectId, documentId).catch((e) => console.error('Could not remove an unfinished recording', e));
    if (isAbortError(err)) drop(documentId);
    else patch(documentId, { phase: 'failed', error: err instanceof Error ? err.message : String(err) });
  } finally {
    controllers.delete(documentId);
    emit();
  }
}

/** Stops an attachment that has not finished sending (its reservation is taken back). */
export function cancelAttach(documentId: string): void {
  controllers.get(documentId)?.abort();
}

/** Removes a failed attachment's message. */
export function dismissAttach(documentId: string): void {
  if (!controllers.has(documentId)) drop(documentId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getUploads = () => uploads;

/** The recording this browser is attaching to one interview, if any. */
export function useAttachUpload(documentId: string): AttachUpload | undefined {
  const all = useSyncExternalStore(subscribe, getUploads, getUploads);
  return useMemo(() => all.find((u) => u.documentId === documentId), [all, documentId]);
}
