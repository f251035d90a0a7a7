import { describe, expect, it } from 'vitest';
import { COMPANY_SIZES } from '../src/contact';
import { parseContactRequest } from '../src/request-bodies';

const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', size: '51-200', notes: 'Twelve researchers.' };

describe('a contact request, checked like the form', () => {
  it('accepts name, email and size with optional notes, trimmed', () => {
    expect(parseContactRequest({ name: ' Ada ', email: ' ada@example.com ', size: '1001+', notes: '  ' })).toEqual({
      ok: true,
      request: { name: 'Ada', email: 'ada@example.com', size: '1001+', notes: '' },
    });
    expect(parseContactRequest({ name: 'Ada', email: 'ada@example.com', size: '1-10' })).toEqual({
      ok: true,
      request: { name: 'Ada', email: 'ada@example.com', size: '1-10', notes: '' },
    });
    for (const size of COMPANY_SIZES) expect(parseContactRequest({ ...VALID, size }).ok).toBe(true);
  });

  it('names the first field that is wrong, with a message a visitor can act on', () => {
    const refusal = (body: unknown) => {
      const parsed = parseContactRequest(body);
      return parsed.ok ? null : [parsed.field, parsed.message];
    };
    expect(refusal([VALID])).toEqual(['body', 'The contact request must be a JSON object with name, email, size and notes.']);
    expect(refusal({ ...VALID, name: '   ' })).toEqual(['name', 'Please enter your name.']);
    expect(refusal({ ...VALID, name: 42 })).toEqual(['name', 'Please enter your name.']);
    expect(refusal({ ...VALID, name: 'x'.repeat(201) })).toEqual(['name', 'The name is too long (at most 200 characters).']);
    expect(refusal({ ...VALID, email: undefined })).toEqual(['email', 'Please enter your email address.']);
    expect(refusal({ ...VALID, email: 'not-an-email' })).toEqual(['email', 'Please enter a valid email address.']);
    expect(refusal({ ...VALID, email: 'a b@example.com' })).toEqual(['email', 'Please enter a valid email address.']);
    expect(refusal({ ...VALID, size: '12' })).toEqual(['size', 'Please choose a company size: 1-10, 11-50, 51-200, 201-500, 501-1000, 1001+.']);
    expect(refusal({ ...VALID, size: undefined })?.[0]).toBe('size');
    expect(refusal({ ...VALID, notes: { text: 'x' } })).toEqual(['notes', 'The notes must be text.']);
    expect(refusal({ ...VALID, notes: 'x'.repeat(5001) })).toEqual(['notes', 'The notes are too long (at most 5000 characters).']);
  });
});
