import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../constants';

// ---- POST /users/createOrUpdate ----------------------------------------------------------------------

/** The caller's own uid and display name; the email is never read from the body (it comes from the ID token). */
export const profileRequestBody = z.object({
  uid: z
    .string({ error: 'The uid field is required and must be a string.' })
    .trim()
    .min(1, 'The uid field is required and must be a string.')
    .max(128, 'The uid field is longer than 128 characters.'),
  name: z
    .string({ error: 'The name field must be a string.' })
    .max(MAX_NAME_LENGTH, `The name field is longer than ${MAX_NAME_LENGTH} characters.`)
    .nullish()
    .transform((name) => name?.trim() ?? ''),
});

export type ProfileRequest = z.input<typeof profileRequestBody>;
