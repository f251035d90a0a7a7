/** Why a transcription ends without a transcript (the researcher reads `transcriptionFailureMessage`; `detail` goes to the log). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';

  constructor(
    readonly code: 'transcription-failed' | 'transcription-empty',
    detail: string,
    /** `unprocessable`: Google could not process the uploaded file (its state FAILED). */
    readonly reason?: 'unprocessable',
  ) {
    super(detail);
  }
}
