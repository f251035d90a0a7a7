import type { ProjectSettings } from '@verbatim/contract/project';
import { type InterviewRecording, type RecordingErrorCode } from '@verbatim/contract/recording';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { transcriptionConsent } from '@verbatim/contract/sound-consent';

/**
 * Why a recording reserved to be transcribed is not sent to Gemini after all, or null when it may go. The reservation
 * checked the project's settings as they were then; the owner may since have turned redaction on (the recording, never
 * confirmed, waits for a confirmation it cannot get now) or made the project private. Asked with the settings read just
 * before the credit is spent and again just before the first byte is sent; `creditReturned` says which, for the
 * sentence. Pure.
 */
export function withheldTranscription(
  settings: ProjectSettings,
  recording: Pick<InterviewRecording, 'unredactedSoundConfirmedAt'>,
  creditReturned: boolean,
): { code: Extract<RecordingErrorCode, 'sound-not-confirmed' | 'needs-transcript'>; message: string } | null {
  switch (transcriptionConsent(settings, recording)) {
    case 'send':
      return null;
    case 'unconfirmed':
      return { code: 'sound-not-confirmed', message: RECORDING_MESSAGES.redactedSinceUpload(creditReturned) };
    case 'private':
      return { code: 'needs-transcript', message: RECORDING_MESSAGES.privateSinceUpload(creditReturned) };
  }
}
