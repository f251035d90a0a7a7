import type { ReserveInterviewRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { interviewApiPath, type WireInterview } from './interview-wire';

export type ReserveDocumentInput = ReserveInterviewRequest & { projectId: string };

export interface Reservation {
  /** Already `failed` (with its reason) when the server refused the file on its name or size. */
  document: WireInterview;
  uploadPath: string;
  uploadVia: 'api' | 'storage';
}

/**
 * POST /projects/:projectId/documents {fileName, size, name?} → 201: step one of an upload, before any
 * byte is sent; the interview is named `name` (the proposed or typed one), else after its file. Rejects with
 * ApiError 402 (code payment-required) when out of credits.
 */
export function reserveInterview({ projectId, fileName, size, name }: ReserveDocumentInput): Promise<Reservation> {
  const body: ReserveInterviewRequest = { fileName, size, ...(name !== undefined && name.trim() !== '' ? { name } : {}) };
  return apiRequest<Reservation>(interviewApiPath(projectId), { method: 'POST', body });
}
