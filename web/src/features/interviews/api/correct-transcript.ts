import type { CorrectTranscriptRequest } from '@verbatim/contract/request-bodies';
import {
  CORRECTION_MESSAGES,
  MAX_CORRECTION_BODY_BYTES,
  speakerNameError,
  turnTextError,
  type TranscriptCorrectionResult,
  type TranscriptVersionNow,
} from '@verbatim/contract/transcript-correction';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { interviewApiPath } from './interview-wire';

export type CorrectTranscriptInput = CorrectTranscriptRequest & {
  projectId: string;
  documentId: string;
  /** Every name a turn's words may not start a line with (the speakers' labels and other spellings). */
  speakerNames: readonly string[];
};

/**
 * PATCH /projects/:projectId/documents/:documentId/transcript {transcriptVersion, turns?, speakers?} → the new version
 * and what happened to the quotes. The contract's checks run first (an emptied turn, a speaker's name starting a line,
 * a name too long), so a refusal needs no round trip; made from an older version (another tab), 409 and nothing
 * changed (`transcriptChangedMeanwhile`).
 */
export async function correctTranscript({ projectId, documentId, speakerNames, ...body }: CorrectTranscriptInput): Promise<TranscriptCorrectionResult> {
  const names = [...speakerNames, ...(body.speakers ?? []).map((s) => s.to)];
  for (const turn of body.turns ?? []) {
    const refused = turnTextError(turn.index, turn.text, names);
    if (refused) throw new ApiError(400, refused, 'invalid');
  }
  for (const rename of body.speakers ?? []) {
    const refused = speakerNameError(rename.to);
    if (refused) throw new ApiError(400, refused, 'invalid');
  }
  if (new Blob([JSON.stringify(body)]).size > MAX_CORRECTION_BODY_BYTES) throw new ApiError(413, CORRECTION_MESSAGES.tooLarge, 'too-large');
  return apiRequest<TranscriptCorrectionResult>(`${interviewApiPath(projectId, documentId)}/transcript`, { method: 'PATCH', body });
}

/** The transcript's version now, when a correction was refused because it had been corrected meanwhile; else null. */
export function transcriptChangedMeanwhile(error: unknown): TranscriptVersionNow | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const version = (error.details as Partial<TranscriptVersionNow> | undefined)?.transcriptVersion;
  return typeof version === 'number' ? { transcriptVersion: version } : null;
}

export function useCorrectTranscript() {
  return useMutation({ mutationFn: correctTranscript });
}
