import type { ReserveDocumentRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { documentPath, type WireDocument } from './document-wire';

export type ReserveDocumentInput = ReserveDocumentRequest & { projectId: string };

export interface Reservation {
  /** Already `failed` (with its reason) when the server refused the file on its name or size. */
  document: WireDocument;
  uploadPath: string;
  uploadVia: 'api' | 'storage';
}

/**
 * POST /projects/:projectId/documents {fileName, size} → 201: step one of an upload, before any
 * byte is sent. Rejects with ApiError 402 (code payment-required) when out of credits.
 */
export function reserveDocument({ projectId, fileName, size }: ReserveDocumentInput): Promise<Reservation> {
  const body: ReserveDocumentRequest = { fileName, size };
  return apiRequest<Reservation>(documentPath(projectId), { method: 'POST', body });
}
