/**
 * The Team/Enterprise contact form: its fields, their limits and the one validator both the
 * browser's form and `POST /api/contact` apply. Pure TypeScript: no SDK imports.
 */

/** The form's company sizes, in order. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export interface ContactRequest {
  name: string;
  email: string;
  size: CompanySize;
  notes: string;
}

export const CONTACT_LIMITS = { name: 200, email: 320, notes: 5000 } as const;

export function isCompanySize(value: unknown): value is CompanySize {
  return typeof value === 'string' && (COMPANY_SIZES as readonly string[]).includes(value);
}

// What an <input type="email"> accepts, in short: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ContactParse = { ok: true; request: ContactRequest } | { ok: false; field: keyof ContactRequest | 'body'; message: string };

/**
 * The request a form body describes, trimmed, or what is wrong with it, field by field in form
 * order: name, email and size are required, notes are optional.
 */
export function parseContactRequest(body: unknown): ContactParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: 'body', message: 'The contact request must be a JSON object with name, email, size and notes.' };
  }
  const fields = body as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : fields[key]);
  const name = text('name');
  if (typeof name !== 'string' || name === '') return { ok: false, field: 'name', message: 'Please enter your name.' };
  if (name.length > CONTACT_LIMITS.name) return { ok: false, field: 'name', message: `The name is too long (at most ${CONTACT_LIMITS.name} characters).` };
  const email = text('email');
  if (typeof email !== 'string' || email === '') return { ok: false, field: 'email', message: 'Please enter your email address.' };
  if (email.length > CONTACT_LIMITS.email || !EMAIL.test(email)) {
    return { ok: false, field: 'email', message: 'Please enter a valid email address.' };
  }
  const size = text('size');
  if (!isCompanySize(size)) return { ok: false, field: 'size', message: `Please choose a company size: ${COMPANY_SIZES.join(', ')}.` };
  const notes = text('notes') ?? '';
  if (typeof notes !== 'string') return { ok: false, field: 'notes', message: 'The notes must be text.' };
  if (notes.length > CONTACT_LIMITS.notes) return { ok: false, field: 'notes', message: `The notes are too long (at most ${CONTACT_LIMITS.notes} characters).` };
  return { ok: true, request: { name, email, size, notes } };
}
