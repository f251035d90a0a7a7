import { describe, expect, it } from 'vitest';
import { insightsPath, quotePath } from './paths';

describe('quote links', () => {
  it('links a quote to its passage on the interview page', () => {
    expect(quotePath('p1', { documentId: 'doc-9', start: 120, end: 184 })).toBe('/projects/p1/documents/doc-9#q-120-184');
    expect(insightsPath('a b')).toBe('/projects/a%20b/insights');
  });
});
