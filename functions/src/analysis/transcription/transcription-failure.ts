/**
 * The sentence a researcher reads when a transcription fails, one per kind of failure as an analysis has
 * (the sentences are in ../gemini-failure-messages.ts): what happened, that the credit was returned, and what to do — upload again only
 * where that can help, else the way that works (the interview's transcript with the recording attached). Pure.
 */
import { AnalysisError, type AnalysisErrorCode } from '@verbatim/contract/insight';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { TranscriptionError } from './transcription-error';
import { TRANSCRIPTION_FAILURE_MESSAGES } from '../gemini-failure-messages';

const BY_CODE: Partial<Record<AnalysisErrorCode, keyof typeof TRANSCRIPTION_FAILURE_MESSAGES>> = {
  timeout: 'timeout',
  'rate-limited': 'busy',
  overloaded: 'busy',
  'quota-exhausted': 'quota',
  blocked: 'blocked',
  'unsupported-language': 'language',
  'too-much-input': 'tooLong',
  'too-long': 'answerTooLong',
  'unsupported-file': 'unsupportedFile',
  misconfigured: 'misconfigured',
};

/** The sentence for a failed transcription's error. */
export function transcriptionFailureMessage(error: unknown): string {
  if (error instanceof TranscriptionError) {
    if (error.code === 'transcription-empty') return RECORDING_MESSAGES.transcriptionEmpty;
    return error.reason === 'unprocessable' ? TRANSCRIPTION_FAILURE_MESSAGES.unprocessable : RECORDING_MESSAGES.transcriptionFailed;
  }
  if (error instanceof AnalysisError && error.code === 'provider-error') {
    // Google answered with an error (a 500, a front end's 502 page), or could not be reached at all.
    return error.message.startsWith('Gemini could not be reached') ? TRANSCRIPTION_FAILURE_MESSAGES.unreachable : TRANSCRIPTION_FAILURE_MESSAGES.serviceError;
  }
  const kind = error instanceof AnalysisError ? BY_CODE[error.code] : undefined;
  return kind ? TRANSCRIPTION_FAILURE_MESSAGES[kind] : RECORDING_MESSAGES.transcriptionFailed;
}
