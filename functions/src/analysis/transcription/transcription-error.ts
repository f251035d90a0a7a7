/** Why a transcription ends without a transcript (the researcher reads `RECORDING_MESSAGES`; `detail` goes to the log). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';

  constructor(
    readonly code: 'transcription-failed' | 'transcription-empty',
    detail: string,
  ) {
    super(detail);
  }
}
