import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { RecordingUploadTarget } from '@verbatim/contract/recording';
import { callApi } from './api';
import { uploadViaApi, userWithProject } from './projects';
import { makeRecording, type RecordingFormat } from './recordings.mjs';

/**
 * A new researcher's project with one interview, its transcript uploaded (a .vtt with the recording's real times) and
 * its spoken recording attached through the API and ready.
 */
export async function recordedInterview(name: string, options: { format?: RecordingFormat; video?: boolean } = {}) {
  const recording = makeRecording({ format: options.format ?? 'm4a', video: options.video ?? false });
  const { user, projectId } = await userWithProject(name, 'local');
  const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'interview.vtt', recording.vtt);
  expect(upload?.status).toBe(200);
  const documentId: string = reserve.body.document.id;
  const bytes = readFileSync(recording.path);
  const target = await callApi<RecordingUploadTarget>(`/projects/${projectId}/documents/${documentId}/recording`, { token: user.idToken, json: { fileName: recording.fileName, size: bytes.length } });
  expect(target.status).toBe(201);
  const sent = await callApi(`/projects/${projectId}/documents/${documentId}/recording/content`, { token: user.idToken, method: 'PUT', rawBody: bytes, contentType: 'application/octet-stream' });
  expect(sent.status).toBe(200);
  return { user, projectId, documentId, recording, bytes };
}
