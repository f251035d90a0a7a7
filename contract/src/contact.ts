/**
 * The Team/Enterprise contact form: its fields, their limits and the one validator both the
 * browser's form and `POST /api/contact` apply. Pure TypeScript: no SDK imports.
 */
import type { z } from 'zod';
import type { contactRequestBody } from './request-bodies';

/** The form's company sizes, in order. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** What the contact form sends (the wire type of POST /contact, derived from its schema). */
export type ContactRequest = z.infer<typeof contactRequestBody>;

export const CONTACT_LIMITS = { name: 200, email: 320, notes: 5000 } as const;

export function isCompanySize(value: unknown): value is CompanySize {
  return typeof value === 'string' && (COMPANY_SIZES as readonly string[]).includes(value);
}

export type ContactParse = { ok: true; request: ContactRequest } | { ok: false; field: keyof ContactRequest | 'body'; message: string };
