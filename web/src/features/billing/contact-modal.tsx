import { useState, type FormEvent } from 'react';
import { config } from '../../lib/config';
import { COMPANY_SIZES, isCompanySize, sendContactRequest } from './api/send-contact-request';
import { CONTACT_SENT, contactFailed } from './billing-messages';
import { OverlayModal } from '../../components/overlay-modal';

const EMPTY = { name: '', email: '', size: '', notes: '' };

/**
 * The Team/Enterprise contact form. Name, email and size are required (the browser checks them
 * before anything is sent); notes are optional. On success an alert thanks the visitor and the
 * form closes (and so resets); on failure an alert offers the contact email and the form stays
 * filled in.
 */
export function ContactModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isCompanySize(form.size)) return;
    setSending(true);
    try {
      await sendContactRequest({ ...form, size: form.size });
      window.alert(CONTACT_SENT);
      setForm(EMPTY);
      onClose();
    } catch (err) {
      console.error('The contact form could not be sent', err);
      window.alert(contactFailed(config.contactEmail));
    } finally {
      setSending(false);
    }
  }

  return (
    <OverlayModal title="Talk to us about Team and Enterprise" onClose={onClose} className="contact-modal">
      <p className="modal__lead">Tell us about your team and we'll get back to you with a plan that fits.</p>
      <form className="form" onSubmit={onSubmit} aria-label="Contact form">
        <label>
          Name
          {/* At least one character that is not a space. */}
          <input name="name" autoComplete="name" required pattern=".*\S.*" value={form.name} onChange={set('name')} />
        </label>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        </label>
        <label>
          Company size
          <select name="size" required value={form.size} onChange={set('size')}>
            <option value="" disabled>
              Select a size
            </option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>
            Notes <span className="contact-modal__optional">(optional)</span>
          </span>
          <textarea name="notes" rows={4} value={form.notes} onChange={set('notes')} />
        </label>
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </OverlayModal>
  );
}
