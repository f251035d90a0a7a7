import { z } from 'zod';
import { documentNameError, MAX_DOCUMENT_NAME_LENGTH } from '../project';
import type { SpeakerRole } from '../transcript';
import { cleanSpeakerName, CORRECTION_MESSAGES, MAX_CORRECTED_TURNS, speakerNameError, turnTextError } from '../transcript-correction';

/** An interview's name as a researcher gives it (on upload or renaming): trimmed, neither blank nor too long. */
const interviewNameField = z
  .string({ error: 'Please give the interview a name.' })
  .trim()
  .superRefine((name, ctx) => {
    const refused = documentNameError(name);
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
  });

// ---- POST /projects/:projectId/documents (step one of an upload) -----------------------------------------------

export const reserveInterviewBody = z.object({
  fileName: z
    .string({ error: 'The fileName field is required.' })
    .trim()
    .min(1, 'The fileName field is required.')
    .max(MAX_DOCUMENT_NAME_LENGTH, `A file name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`),
  /**
   * The interview's name, when the researcher's browser proposed one from the transcript (contract/interview-name.ts) or
   * the researcher typed one; without it the interview is named after its file.
   */
  name: interviewNameField.optional(),
  // Any whole number of bytes, however large: a file over the upload limit becomes a failed interview with the reason.
  size: z
    .number({ error: 'The size field must be the file size in bytes.' })
    .refine((size) => Number.isInteger(size) && size >= 0, 'The size field must be the file size in bytes.'),
  /**
   * What the file is: an interview's transcript (the default), or its recording, from which Gemini makes the
   * transcript (projects analysed by Gemini only; see recording.ts).
   */
  kind: z.enum(['transcript', 'recording'], { error: 'The kind field must be transcript or recording.' }).optional(),
  /**
   * A recording, in a project that redacts personal details: `true` when the researcher confirmed that it may be sent
   * to Gemini as spoken (redaction works on text only). Needed there (else 400 `sound-not-confirmed`); not read
   * elsewhere (see `soundConfirmation` in recording.ts).
   */
  confirmUnredactedSound: z.boolean({ error: 'The confirmUnredactedSound field must be true or false.' }).optional(),
});

export type ReserveInterviewRequest = z.input<typeof reserveInterviewBody>;

// ---- POST /projects/:projectId/documents/:documentId/recording (attach a recording to the interview's transcript) --

export const attachRecordingBody = reserveInterviewBody.pick({ fileName: true, size: true });

export type AttachRecordingRequest = z.input<typeof attachRecordingBody>;

// ---- PATCH /projects/:projectId/documents/:documentId ----------------------------------------------------------

const SPEAKER_ROLES = ['interviewer', 'participant', 'unknown'] as const satisfies readonly SpeakerRole[];

const ROLES_VERSION_NEEDED = 'A role change needs the rolesVersion of the interview as you read it, so that a change made meanwhile is not undone.';

/** The version of the roles a request was made from (the interview's `rolesVersion` as read); `needed` says why. */
function rolesVersionField(needed: string) {
  return z.number({ error: needed }).refine((version) => Number.isInteger(version) && version >= 0, needed);
}

const noSuchSpeaker = CORRECTION_MESSAGES.noSuchSpeaker;

/**
 * A rename, a correction of speakers' roles, or both, for an interview whose speakers are `labels`: each role
 * change names one of them (checked in the list's order, the label before the role), and a role change says which
 * version of the roles it was made from (`rolesVersion`).
 */
export function updateInterviewBody(labels: readonly string[]) {
  const speaker = z.object(
    {
      label: z
        .string({ error: (issue) => noSuchSpeaker(issue.input) })
        .refine((label) => labels.includes(label), { error: (issue) => noSuchSpeaker(issue.input) }),
      role: z.enum(SPEAKER_ROLES, { error: "A speaker's role must be interviewer, participant or unknown." }),
    },
    // Not an object: it names no speaker.
    { error: noSuchSpeaker(undefined) },
  );
  return z
    .object({
      name: interviewNameField.optional(),
      speakers: z.array(speaker, { error: 'The speakers field must be a list of {label, role}.' }).optional(),
      // The version of the roles the change was made from (the interview's `rolesVersion` as read).
      rolesVersion: rolesVersionField(ROLES_VERSION_NEEDED).optional(),
    })
    .refine((body) => body.name !== undefined || body.speakers !== undefined, 'Nothing to change: send a name, speakers or both.')
    .refine((body) => body.speakers === undefined || body.rolesVersion !== undefined, { error: ROLES_VERSION_NEEDED, path: ['rolesVersion'] });
}

export type UpdateInterviewRequest = z.input<ReturnType<typeof updateInterviewBody>>;

// ---- POST /projects/:projectId/documents/:documentId/confirm-roles ---------------------------------------------

const CONFIRM_VERSION_NEEDED =
  'Confirming the roles needs the rolesVersion of the interview as you read it, so that it is analysed with the roles you saw.';

/** The owner confirms the speakers' roles of an interview waiting for them (`awaiting-roles`), as of the version they read. */
export const confirmRolesBody = z.object({ rolesVersion: rolesVersionField(CONFIRM_VERSION_NEEDED) });

export type ConfirmRolesRequest = z.input<typeof confirmRolesBody>;

// ---- PATCH /projects/:projectId/documents/:documentId/transcript -----------------------------------------------

/**
 * A correction of an interview's transcript whose turns number `turnCount` and whose speakers are named `labels`
 * (with `aliases`, other spellings of them): turns' words and speakers' names, made from version `transcriptVersion`
 * of the transcript. A turn's words may not start a line with a speaker's name and a colon (that would be another
 * speaker's words); renaming a speaker to another's name merges the two.
 */
export function correctTranscriptBody(turnCount: number, labels: readonly string[], aliases: readonly string[] = []) {
  const turn = z.object(
    {
      index: z
        .number({ error: (issue) => CORRECTION_MESSAGES.noSuchTurn(issue.input) })
        .refine((index) => Number.isInteger(index) && index >= 0 && index < turnCount, { error: (issue) => CORRECTION_MESSAGES.noSuchTurn(issue.input) }),
      text: z.string({ error: 'A corrected turn needs its text: the turn’s words as they should read.' }),
    },
    { error: 'The turns field must be a list of {index, text}.' },
  );
  const rename = z.object(
    {
      from: z
        .string({ error: (issue) => CORRECTION_MESSAGES.noSuchSpeaker(issue.input) })
        .refine((label) => labels.includes(label), { error: (issue) => CORRECTION_MESSAGES.noSuchSpeaker(issue.input) }),
      to: z
        .string({ error: CORRECTION_MESSAGES.speakerNameMissing })
        .superRefine((name, ctx) => {
          const refused = speakerNameError(name);
          if (refused) ctx.addIssue({ code: 'custom', message: refused });
        })
        .transform(cleanSpeakerName),
    },
    { error: 'The speakers field must be a list of {from, to}.' },
  );
  return z
    .object({
      transcriptVersion: z
        .number({ error: CORRECTION_MESSAGES.versionNeeded })
        .refine((version) => Number.isInteger(version) && version >= 0, CORRECTION_MESSAGES.versionNeeded),
      turns: z.array(turn, { error: 'The turns field must be a list of {index, text}.' }).max(MAX_CORRECTED_TURNS, CORRECTION_MESSAGES.tooManyTurns).optional(),
      speakers: z.array(rename, { error: 'The speakers field must be a list of {from, to}.' }).optional(),
    })
    .refine((body) => (body.turns?.length ?? 0) + (body.speakers?.length ?? 0) > 0, CORRECTION_MESSAGES.nothingToCorrect)
    .superRefine((body, ctx) => {
      const names = [...labels, ...aliases, ...(body.speakers ?? []).map((s) => s.to)];
      const seenTurns = new Set<number>();
      for (const { index, text } of body.turns ?? []) {
        const refused = seenTurns.has(index) ? CORRECTION_MESSAGES.turnTwice(index) : turnTextError(index, text, names);
        if (refused) return void ctx.addIssue({ code: 'custom', message: refused, path: ['turns'] });
        seenTurns.add(index);
      }
      const seenSpeakers = new Set<string>();
      for (const { from } of body.speakers ?? []) {
        if (seenSpeakers.has(from)) return void ctx.addIssue({ code: 'custom', message: CORRECTION_MESSAGES.speakerTwice(from), path: ['speakers'] });
        seenSpeakers.add(from);
      }
    });
}

export type CorrectTranscriptRequest = z.input<ReturnType<typeof correctTranscriptBody>>;
export type CorrectTranscript = z.output<ReturnType<typeof correctTranscriptBody>>;
