import { isRecordingFileName } from '@verbatim/contract/recording-formats';
import { soundNeedsConfirmation } from '@verbatim/contract/sound-consent';
import type { ProjectSettings } from '@verbatim/contract/project';

/**
 * The notice a researcher reads before a recording leaves for Gemini from a project that redacts personal details:
 * redaction works on text only, so what is said aloud reaches Gemini as spoken. Nothing of such a recording is sent
 * until the researcher confirms; the server asks for that confirmation too (`sound-not-confirmed`).
 */
export interface SoundNotice {
  title: string;
  /** The paragraphs under the title, in order; the files' names are listed between the first and the second. */
  risk: string;
  deletion: string;
  alternative: string;
  send: string;
}

/** What the notice says for `count` recordings. */
export function soundNotice(count: number): SoundNotice {
  const one = count === 1;
  return {
    title: one ? 'Send this recording to Gemini?' : `Send these ${count} recordings to Gemini?`,
    risk:
      'This project redacts names, emails and phone numbers from transcripts before Gemini reads them. Redaction works on text only: ' +
      `names and other details said aloud in ${one ? 'the recording' : 'these recordings'} reach Gemini (Google) as spoken.`,
    deletion: one
      ? 'Gemini transcribes it into an interview, and the file is deleted at Google once it is transcribed.'
      : 'Gemini transcribes each one into an interview of its own, and each file is deleted at Google once it is transcribed.',
    alternative:
      'To send nothing anywhere, cancel, upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet), ' +
      'then attach the recording on its interview’s page.',
    send: 'Send to Gemini to transcribe',
  };
}

/**
 * Picked files sorted for a project with `settings`: `held`, the recordings that wait for the notice's confirmation
 * (a project that redacts), and `now`, the rest, sent at once.
 */
export function holdForSoundNotice<F extends { name: string }>(files: readonly F[], settings: ProjectSettings | undefined): { now: F[]; held: F[] } {
  if (!settings || !soundNeedsConfirmation(settings)) return { now: [...files], held: [] };
  return { now: files.filter((f) => !isRecordingFileName(f.name)), held: files.filter((f) => isRecordingFileName(f.name)) };
}
