import { type ContactRequest } from '@verbatim/contract/contact';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';

export { COMPANY_SIZES, isCompanySize, type CompanySize, type ContactRequest } from '@verbatim/contract/contact';

/** The body both destinations get: {name, email, size, notes}, trimmed. */
export function contactBody(request: ContactRequest): ContactRequest {
  return { name: request.name.trim(), email: request.email.trim(), size: request.size, notes: request.notes.trim() };
}

/**
 * Sends the Team/Enterprise contact form: to Verbatim's own API (`POST /api/contact`) by default,
 * or as JSON to an outside form-collection service when VITE_CONTACT_FORM_URL names one. Only
 * success or failure matters: a non-2xx answer or a network error is a failure.
 */
export async function sendContactRequest(request: ContactRequest, { url }: { url?: string } = { url: config.contactFormUrl }): Promise<void> {
  if (!url) {
    await apiRequest('/contact', { method: 'POST', body: contactBody(request), anonymous: true });
    return;
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(contactBody(request)),
  });
  if (!response.ok) throw new Error(`The contact form service answered ${response.status}.`);
}
