import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, MAX_QUESTION_LENGTH } from '../../src/search';
import { askRequestBody, checkoutRequestBody, readBody, searchQuery, UNKNOWN_PRICE_MESSAGE } from '../../src/request-bodies';

const refused = (field: string, message: string) => ({ ok: false, field, message });

describe('POST /billing/create-checkout-session body', () => {
  it('takes a price id (the server compares it with the plan on sale) and refuses anything else', () => {
    expect(readBody(checkoutRequestBody, { priceId: 'price_solo' })).toEqual({ ok: true, value: { priceId: 'price_solo' } });
    for (const priceId of [undefined, 7, null]) expect(readBody(checkoutRequestBody, { priceId })).toEqual(refused('priceId', UNKNOWN_PRICE_MESSAGE));
  });
});

describe('GET /search query', () => {
  it('reads the words trimmed and the filters, leaving out blank or unknown ones', () => {
    expect(readBody(searchQuery, { q: ' onboarding ', projectId: ' p1 ', speaker: '', other: 'x' })).toEqual({
      ok: true,
      value: { q: 'onboarding', filters: { projectId: 'p1' } },
    });
    expect(readBody(searchQuery, { q: 'a', kind: 'quote' })).toEqual({ ok: true, value: { q: 'a', filters: { kind: 'quote' } } });
  });

  it('refuses no words, too many, then a kind that does not exist', () => {
    for (const q of [undefined, '', '   ', ['a', 'b']]) expect(readBody(searchQuery, { q })).toEqual(refused('q', 'Type something to search.'));
    expect(readBody(searchQuery, { q: 'a'.repeat(MAX_QUERY_LENGTH) }).ok).toBe(true);
    expect(readBody(searchQuery, { q: 'a'.repeat(MAX_QUERY_LENGTH + 1) })).toEqual(refused('q', `Keep it under ${MAX_QUERY_LENGTH} characters.`));
    expect(readBody(searchQuery, { q: 'a', kind: 'video' })).toEqual(refused('body', 'kind must be one of quote, insight, passage.'));
  });
});

describe('POST /search/ask body', () => {
  it('reads the question trimmed, and a project only when one is named', () => {
    expect(readBody(askRequestBody, { question: ' Why? ', projectId: ' p1 ' })).toEqual({ ok: true, value: { question: 'Why?', projectId: 'p1' } });
    for (const projectId of [undefined, '', '  ', 7, null]) {
      expect(readBody(askRequestBody, { question: 'Why?', projectId })).toEqual({ ok: true, value: { question: 'Why?', projectId: undefined } });
    }
  });

  it('refuses no question or too long a one', () => {
    for (const question of [undefined, ' ', 3]) expect(readBody(askRequestBody, { question })).toEqual(refused('question', 'Type something to ask.'));
    expect(readBody(askRequestBody, { question: 'a'.repeat(MAX_QUESTION_LENGTH + 1) })).toEqual(refused('question', `Keep it under ${MAX_QUESTION_LENGTH} characters.`));
  });
});
