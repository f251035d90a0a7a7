/**
 * The API's request bodies as schemas: each field's rule and the sentence a researcher reads when it is
 * broken. The server checks bodies with `readBody`; the wire types are derived from the schemas, so the
 * web client sends what the server reads. (Kept apart from the lighter contract modules: only the server
 * imports the schema library at run time; the web imports these types alone.)
 */
import { z } from 'zod';
import { COMPANY_SIZES, CONTACT_LIMITS, type ContactParse, type ContactRequest } from './contact';
import { MAX_NAME_LENGTH } from './constants';
import { MAX_DRIVE_FILES_PER_IMPORT } from './drive';

/** A schema's verdict: the value as read, or the first thing wrong with it (its field and sentence). */
export type BodyParse<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/** Reads `body` with `schema`; the first broken rule, in the schema's field order, says what is wrong. */
export function readBody<T>(schema: z.ZodType<T>, body: unknown): BodyParse<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: issue.path.length > 0 ? String(issue.path[0]) : 'body', message: issue.message };
}

const trimmed = (message: string) => z.string({ error: message }).trim();

// ---- POST /contact ------------------------------------------------------------------------------

// What an <input type="email"> accepts, in short: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const contactRequestBody = z.object(
  {
    name: trimmed('Please enter your name.')
      .min(1, 'Please enter your name.')
      .max(CONTACT_LIMITS.name, `The name is too long (at most ${CONTACT_LIMITS.name} characters).`),
    email: trimmed('Please enter your email address.')
      .min(1, 'Please enter your email address.')
      .max(CONTACT_LIMITS.email, 'Please enter a valid email address.')
      .regex(EMAIL, 'Please enter a valid email address.'),
    size: z.enum(COMPANY_SIZES, { error: `Please choose a company size: ${COMPANY_SIZES.join(', ')}.` }),
    notes: z
      .string({ error: 'The notes must be text.' })
      .trim()
      .max(CONTACT_LIMITS.notes, `The notes are too long (at most ${CONTACT_LIMITS.notes} characters).`)
      .nullish()
      .transform((notes) => notes ?? ''),
  },
  { error: 'The contact request must be a JSON object with name, email, size and notes.' },
);

/**
 * The request a contact form body describes, trimmed, or what is wrong with it, field by field in form
 * order: name, email and size are required, notes are optional.
 */
export function parseContactRequest(body: unknown): ContactParse {
  const read = readBody(contactRequestBody, body);
  return read.ok ? { ok: true, request: read.value } : { ok: false, field: read.field as keyof ContactRequest | 'body', message: read.message };
}

// ---- POST /projects/:projectId/documents/import-drive ----------------------------------------------

const DRIVE_ID = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_DRIVE_NAME_LENGTH = 1000;
/** Printable ASCII without spaces: what OAuth access tokens are made of. */
const TOKEN = /^[\x21-\x7e]+$/;

const driveFileRef = z
  .unknown()
  .transform((value) => (typeof value === 'object' && value !== null ? value : {}))
  .pipe(
    z.object({
      id: z.string({ error: 'must be a Google Drive file id' }).regex(DRIVE_ID, 'must be a Google Drive file id'),
      name: z
        .string({ error: `must be the file's name (at most ${MAX_DRIVE_NAME_LENGTH} characters)` })
        .max(MAX_DRIVE_NAME_LENGTH, `must be the file's name (at most ${MAX_DRIVE_NAME_LENGTH} characters)`)
        .trim()
        .min(1, `must be the file's name (at most ${MAX_DRIVE_NAME_LENGTH} characters)`),
      mimeType: z
        .string({ error: "must be the file's Drive mime type" })
        .max(255, "must be the file's Drive mime type")
        .transform((mime) => mime.trim().toLowerCase()),
    }),
  );

const FILES_MESSAGE = '"files" must list the Google Drive files to import, each as {id, name, mimeType}.';

export const driveImportRequestBody = z.object({
  files: z
    .array(z.unknown(), { error: FILES_MESSAGE })
    .min(1, FILES_MESSAGE)
    .superRefine((files, ctx) => {
      if (files.length > MAX_DRIVE_FILES_PER_IMPORT) {
        ctx.addIssue({ code: 'custom', message: `Import at most ${MAX_DRIVE_FILES_PER_IMPORT} files at a time (this request has ${files.length}).` });
      }
    })
    .transform((files, ctx) =>
      files.map((file, index) => {
        const read = driveFileRef.safeParse(file);
        if (read.success) return read.data;
        const issue = read.error.issues[0];
        ctx.addIssue({ code: 'custom', message: `File ${index + 1}: "${String(issue.path[0])}" ${issue.message}.` });
        return z.NEVER;
      }),
    ),
  accessToken: z
    .string({ error: '"accessToken" must be the Google OAuth access token of the signed-in Google account.' })
    .max(4096, '"accessToken" must be the Google OAuth access token of the signed-in Google account.')
    .regex(TOKEN, '"accessToken" must be the Google OAuth access token of the signed-in Google account.'),
});

export type DriveImportRequest = z.infer<typeof driveImportRequestBody>;
export type DriveFileRef = DriveImportRequest['files'][number];

// ---- POST /projects/:projectId/miro/boards/:boardId/stickies ---------------------------------------

const FRAME_IDS = 'frameIds must be the list of frame ids the first step returned.';

export const miroStepRequestBody = z.object({
  frameIds: z.array(z.string({ error: FRAME_IDS }).min(1, FRAME_IDS).max(100, FRAME_IDS), { error: FRAME_IDS }).max(1000, FRAME_IDS),
  planId: z.string({ error: 'planId must be the plan id the first step returned.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'planId must be the plan id the first step returned.'),
  from: z
    .number({ error: 'from must be the number of stickies already placed (0 or more).' })
    .int('from must be the number of stickies already placed (0 or more).')
    .min(0, 'from must be the number of stickies already placed (0 or more).'),
});

export type MiroStepRequest = z.infer<typeof miroStepRequestBody>;

/** The researcher's Miro access token: never logged, never stored. */
export const miroTokenBody = z.object({
  token: z
    .string({ error: 'Paste a Miro access token to send the board to Miro.' })
    .trim()
    .min(1, 'Paste a Miro access token to send the board to Miro.')
    .min(8, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.')
    .max(4096, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.')
    .regex(TOKEN, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.'),
});

// ---- POST /users/createOrUpdate ----------------------------------------------------------------------

/** The caller's own uid and display name; the email is never read from the body (it comes from the ID token). */
export const profileRequestBody = z.object({
  uid: z
    .string({ error: '"uid" is required and must be a string.' })
    .trim()
    .min(1, '"uid" is required and must be a string.')
    .max(128, '"uid" is longer than 128 characters.'),
  name: z
    .string({ error: '"name" must be a string.' })
    .max(MAX_NAME_LENGTH, `"name" is longer than ${MAX_NAME_LENGTH} characters.`)
    .nullish()
    .transform((name) => name?.trim() ?? ''),
});

export type ProfileRequest = z.input<typeof profileRequestBody>;

// ---- PUT /projects/:projectId/shares/:kind -------------------------------------------------------------

export const shareEnabledBody = z.object({
  enabled: z.boolean({ error: '"enabled" must be true or false.' }),
});

export type ShareEnabledRequest = z.infer<typeof shareEnabledBody>;
