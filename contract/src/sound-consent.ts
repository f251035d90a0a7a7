/**
 * Whether an interview's recording may be sent to Gemini: redaction works on text only, so where a project redacts, a
 * recording's sound goes only once the researcher confirmed it; a private project sends none. Pure.
 */

import type { ProjectSettings } from './project';
import type { InterviewRecording } from './recording';

/**
 * Whether a recording uploaded to a project with `settings` waits for the researcher's confirmation before it is sent.
 * Redaction works on text only: names, emails and phone numbers said aloud reach Gemini as spoken. So where the project
 * redacts, a recording goes to Gemini only once the researcher confirmed it; where it does not, nothing is asked, and a
 * private project sends no recording at all.
 */
export function soundNeedsConfirmation(settings: ProjectSettings): boolean {
  return settings.analyser === 'gemini' && settings.redactPii;
}

/**
 * The server's decision on a recording reserved for a project with `settings`, given whether the researcher confirmed
 * it (`confirmed`, the request's `confirmUnredactedSound`): `refuse` where a confirmation is needed and missing,
 * `confirmed` where it was needed and given (to be recorded), `not-asked` elsewhere.
 */
export function soundConfirmation(settings: ProjectSettings, confirmed: boolean | undefined): 'not-asked' | 'refuse' | 'confirmed' {
  if (!soundNeedsConfirmation(settings)) return 'not-asked';
  return confirmed === true ? 'confirmed' : 'refuse';
}

/**
 * Whether a recording reserved to be transcribed may be sent to Gemini now, under its project's current `settings`
 * (the owner may have changed them since the reservation): `private` where the project no longer uses Gemini,
 * `unconfirmed` where it redacts now and the researcher never confirmed the recording's sound (it was reserved while
 * redaction was off), `send` otherwise. Asked again before anything is sent, not only at the reservation.
 */
export function transcriptionConsent(
  settings: ProjectSettings,
  recording: Pick<InterviewRecording, 'unredactedSoundConfirmedAt'>,
): 'send' | 'private' | 'unconfirmed' {
  if (settings.analyser !== 'gemini') return 'private';
  if (soundNeedsConfirmation(settings) && !recording.unredactedSoundConfirmedAt) return 'unconfirmed';
  return 'send';
}
