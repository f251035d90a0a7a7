import type { ReserveInterviewRequest } from '@verbatim/contract/request-bodies';
import type { RecordingUploadTarget } from '@verbatim/contract/recording';
import { apiRequest } from '../../../lib/api-client';

export interface ReserveRecordingInput {
  projectId: string;
  fileName: string;
  size: number;
  /** The researcher confirmed that the recording may reach Gemini as spoken (asked in a project that redacts). */
  confirmUnredactedSound?: boolean;
}

/**
 * POST /projects/:projectId/documents {fileName, size, kind: 'recording', confirmUnredactedSound?} → where to send the
 * bytes: step one of a recording that Gemini transcribes into a new interview. Rejects with ApiError 400
 * (needs-transcript) in a project analysed by the built-in analyser, 400 (sound-not-confirmed) in one that redacts
 * when the researcher has not confirmed, 402 when out of credits.
 */
export function reserveRecording({ projectId, fileName, size, confirmUnredactedSound }: ReserveRecordingInput): Promise<RecordingUploadTarget> {
  const body: ReserveInterviewRequest = { fileName, size, kind: 'recording', ...(confirmUnredactedSound ? { confirmUnredactedSound: true } : {}) };
  return apiRequest<RecordingUploadTarget>(`/projects/${encodeURIComponent(projectId)}/documents`, { method: 'POST', body });
}
