import { z } from 'zod';
import { COMPANY_SIZES, CONTACT_LIMITS, type ContactParse, type ContactRequest } from '../contact';
import { readBody, trimmedString as trimmed } from './read-body';

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
