import type { Interview } from '@verbatim/contract/project';
import type { InterviewRecording } from '@verbatim/contract/recording';
import { recordingPath } from '@verbatim/contract/upload-path';
import type { RecordingStore } from '../storage/recording-store';
import type { RecordingBytes } from './read-bytes';

/**
 * An interview's recording as something to cut from (the researcher's clips, a public page's clips): whether it is
 * ready, where its file is, its bytes, and the string that names what a cut is made from (another recording or a
 * corrected transcript means a new cut).
 */

export interface ReadyRecording {
  recording: InterviewRecording;
  durationSeconds: number;
  /** Where its file is kept in the recording store. */
  path: string;
}

/** The interview's recording when it is ready to cut (checked, its length known); else null. */
export function readyRecordingOf(doc: Interview): ReadyRecording | null {
  const recording = doc.recording;
  if (recording?.status !== 'ready' || !recording.durationSeconds) return null;
  const path = recordingPath({ uid: doc.ownerId, projectId: doc.projectId, documentId: doc.id, fileName: recording.fileName });
  return { recording, durationSeconds: recording.durationSeconds, path };
}

/** The recording's bytes in the store, read a range at a time; null when its file is not there. */
export async function recordingBytesOf(store: RecordingStore, path: string): Promise<RecordingBytes | null> {
  const stat = await store.stat(path);
  if (!stat) return null;
  return { size: stat.size, readRange: (start, end) => store.readRange(path, start, end) };
}

/**
 * Names what a cut of an interview's words is made from: its recording (file, size, last change) and the version of its
 * transcript (a correction moves words, so their moment).
 */
export function recordingIdentity(recording: Pick<InterviewRecording, 'fileName' | 'size' | 'updatedAt'>, transcriptVersion: number | undefined): string {
  return `${recording.fileName}|${recording.size}|${recording.updatedAt instanceof Date ? recording.updatedAt.getTime() : ''}|v${transcriptVersion ?? 0}`;
}
