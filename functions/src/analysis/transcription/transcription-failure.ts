/**
 * The sentence a researcher reads when a transcription fails, one per kind of failure as an analysis has
 * (analysis-runs/failure-messages.ts): what happened, that the credit was returned, and what to do — upload again only
 * where that can help, else the way that works (the interview's transcript with the recording attached). Pure.
 */
import { AnalysisError, type AnalysisErrorCode } from '@verbatim/contract/insight';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { TranscriptionError } from './transcription-error';

const ATTACH = 'upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it';

/** Per kind of failure; a kind not listed reads `RECORDING_MESSAGES.transcriptionFailed`. */
export const TRANSCRIPTION_FAILURE_MESSAGES = {
  timeout: `Gemini did not answer in time while transcribing this recording, so it was not transcribed. Your credit was returned; upload it again later, or ${ATTACH}.`,
  serviceError: 'Gemini’s service kept answering with an error through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  unreachable: 'Gemini could not be reached through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  busy: 'Gemini was busy and turned the transcription away through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  quota: `This server’s daily Gemini quota is used up, so this recording was not transcribed. Your credit was returned; upload it again tomorrow, or ${ATTACH}.`,
  blocked: `Gemini’s safety filters declined this recording, so it was not transcribed; uploading it again would get the same answer. Your credit was returned; ${ATTACH}.`,
  language: `Gemini stopped because this recording is in a language it does not support, so it was not transcribed. Your credit was returned; ${ATTACH}.`,
  tooLong: 'This recording holds more than Gemini can take in one request, so it was not transcribed. Your credit was returned; split it into shorter recordings (an hour or less each) and upload each as its own interview.',
  answerTooLong: `Gemini’s transcript of a stretch of this recording grew past its length limit even when asked for a few minutes at a time, so it was not transcribed. Your credit was returned; ${ATTACH}.`,
  unsupportedFile: 'Gemini does not take this recording’s file as it is, so it was not transcribed. Your credit was returned; export the recording as .mp3 or .m4a (AAC) and upload it again.',
  unprocessable: 'Gemini could not process this recording’s file (it may be damaged, or encoded in a way Gemini does not read), so it was not transcribed. Your credit was returned; export it again as .mp3 or .m4a (AAC) and upload it again.',
  misconfigured: `Gemini is not set up correctly on this server (it refused the request itself), so this recording was not transcribed; the server’s log says why. Your credit was returned; ${ATTACH} meanwhile.`,
} as const;

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
