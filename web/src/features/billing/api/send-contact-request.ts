import { config } from '../../../lib/config';

/** The Team/Enterprise contact form's company sizes, in order. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export interface ContactRequest {
  name: string;
  email: string;
  size: CompanySize;
  notes: string;
}

export function isCompanySize(value: string): value is CompanySize {
  return (COMPANY_SIZES as readonly string[]).includes(value);
}

/**
 * POST {name, email, size, notes} as JSON to the outside form-collection service
 * (VITE_CONTACT_FORM_URL). Only success or failure matters: any non-2xx answer, a network error or
 * no configured address is a failure.
 */
export async function sendContactRequest(
  request: ContactRequest,
  { url }: { url?: string } = { url: config.contactFormUrl },
): Promise<void> {
  if (!url) throw new Error('No contact form address is configured (VITE_CONTACT_FORM_URL).');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      name: request.name.trim(),
      email: request.email.trim(),
      size: request.size,
      notes: request.notes.trim(),
    }),
  });
  if (!response.ok) throw new Error(`The contact form service answered ${response.status}.`);
}
