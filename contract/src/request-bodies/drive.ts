import { z } from 'zod';
import { MAX_DRIVE_FILES_PER_IMPORT } from '../drive';
import { TOKEN } from './tokens';

// ---- POST /projects/:projectId/documents/import-drive ----------------------------------------------

const DRIVE_ID = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_DRIVE_NAME_LENGTH = 1000;

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

const FILES_MESSAGE = 'The files field must list the Google Drive files to import, each as {id, name, mimeType}.';

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
        ctx.addIssue({ code: 'custom', message: `File ${index + 1}: its ${String(issue.path[0])} ${issue.message}.` });
        return z.NEVER;
      }),
    ),
  accessToken: z
    .string({ error: 'The accessToken field must be the Google OAuth access token of the signed-in Google account.' })
    .max(4096, 'The accessToken field must be the Google OAuth access token of the signed-in Google account.')
    .regex(TOKEN, 'The accessToken field must be the Google OAuth access token of the signed-in Google account.'),
});

export type DriveImportRequest = z.infer<typeof driveImportRequestBody>;
export type DriveFileRef = DriveImportRequest['files'][number];
