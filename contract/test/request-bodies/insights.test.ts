import { describe, expect, it } from 'vitest';
import { INSIGHT_TEXT_LIMITS, MAX_QUOTE_CHARS } from '../../src/insight';
import { createInsightBody, mergeInsightsBody, passageBody, readBody } from '../../src/request-bodies';

const refused = (field: string, message: string) => ({ ok: false, field, message });
const passage = { documentId: 'd1', start: 10, end: 20 };

describe('POST /projects/:projectId/insights body', () => {
  it('reads the texts trimmed; what is left out is empty, a blank theme none', () => {
    expect(readBody(createInsightBody, { title: ' Onboarding hurts ', passage })).toEqual({
      ok: true,
      value: { title: 'Onboarding hurts', description: '', tag: '', theme: null, passage },
    });
    expect(readBody(createInsightBody, { title: 'T', description: ' d ', tag: null, theme: ' Pricing ', passage, extra: true })).toEqual({
      ok: true,
      value: { title: 'T', description: 'd', tag: '', theme: 'Pricing', passage },
    });
  });

  it('refuses a missing title, text that is not text, and text over its limit (once trimmed)', () => {
    for (const title of [undefined, null, '', '   ']) {
      expect(readBody(createInsightBody, { title, passage })).toEqual(refused('title', 'Please give the insight a title.'));
    }
    expect(readBody(createInsightBody, { title: 5, passage })).toEqual(refused('title', 'The title must be text.'));
    expect(readBody(createInsightBody, { title: 'T', tag: ['x'], passage })).toEqual(refused('tag', 'The tag must be text.'));
    for (const field of ['title', 'description', 'tag', 'theme'] as const) {
      const limit = INSIGHT_TEXT_LIMITS[field];
      const at = { title: 'T', passage, [field]: ` ${'a'.repeat(limit)} ` };
      expect(readBody(createInsightBody, at).ok).toBe(true);
      expect(readBody(createInsightBody, { ...at, [field]: 'a'.repeat(limit + 1) })).toEqual(refused(field, `A ${field} can be at most ${limit} characters.`));
    }
  });

  it('refuses a missing passage, then one without its interview, then bad offsets', () => {
    expect(readBody(createInsightBody, { title: 'T' })).toEqual(refused('passage', 'Select a passage to quote.'));
    expect(readBody(createInsightBody, { title: 'T', passage: 'd1:10-20' })).toEqual(refused('passage', 'Select a passage to quote.'));
    expect(readBody(createInsightBody, { title: 'T', passage: [] })).toEqual(refused('passage', 'Say which interview the passage is from.'));
    expect(readBody(createInsightBody, { title: 'T', passage: { start: 'x', end: 2 } })).toEqual(refused('passage', 'Say which interview the passage is from.'));
    expect(readBody(createInsightBody, { title: 'T', passage: { ...passage, end: 10 } })).toEqual(refused('passage', 'Select a passage of the transcript first.'));
  });
});

describe('POST /projects/:projectId/insights/:insightId/quotes body', () => {
  it('takes whole offsets in order, up to the quote limit', () => {
    expect(readBody(passageBody, passage)).toEqual({ ok: true, value: passage });
    expect(readBody(passageBody, { documentId: 'd1', start: 0, end: MAX_QUOTE_CHARS }).ok).toBe(true);
  });

  it('refuses, with what to do, a passage without its interview, offsets out of order or not whole, a passage too long', () => {
    expect(readBody(passageBody, { start: 1, end: 2 })).toEqual(refused('documentId', 'Say which interview the passage is from.'));
    for (const offsets of [{ start: 5, end: 5 }, { start: -1, end: 4 }, { start: 1.5, end: 4 }, { start: '1', end: 4 }, { end: 4 }]) {
      const read = readBody(passageBody, { documentId: 'd1', ...offsets });
      expect(read.ok ? null : read.message).toBe('Select a passage of the transcript first.');
    }
    expect(readBody(passageBody, { documentId: 'd1', start: 1, end: MAX_QUOTE_CHARS + 2 })).toEqual(
      refused('start', `A quote can be at most ${MAX_QUOTE_CHARS} characters; select a shorter passage.`),
    );
  });
});

describe('POST /projects/:projectId/insights/merge body', () => {
  const MESSAGE = 'Choose between 2 and 20 different insights to merge.';

  it('takes 2 to 20 different ids (each is looked up later)', () => {
    expect(readBody(mergeInsightsBody, { insightIds: ['a', 'b'] })).toEqual({ ok: true, value: { insightIds: ['a', 'b'] } });
    expect(readBody(mergeInsightsBody, { insightIds: Array.from({ length: 20 }, (_, i) => `i${i}`) }).ok).toBe(true);
    expect(readBody(mergeInsightsBody, { insightIds: ['a', 7] }).ok).toBe(true);
  });

  it('refuses fewer than 2, more than 20, or the same one twice, in one sentence', () => {
    for (const insightIds of [undefined, 'a,b', ['a'], ['a', 'a'], Array.from({ length: 21 }, (_, i) => `i${i}`)]) {
      expect(readBody(mergeInsightsBody, { insightIds })).toEqual(refused('insightIds', MESSAGE));
    }
  });
});
