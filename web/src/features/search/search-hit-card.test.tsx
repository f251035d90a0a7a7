import type { SearchHit } from '@verbatim/contract/search';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { inQuotationMarks } from './answer-text';
import { SearchHitCard } from './search-hit-card';

const hit = (kind: SearchHit['kind'], text: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  id: `${kind}-1`,
  kind,
  projectId: 'p',
  projectName: 'Study',
  documentId: 'd',
  documentName: 'P3 interview',
  speaker: kind === 'insight' ? null : 'Dana',
  start: kind === 'insight' ? null : 0,
  end: kind === 'insight' ? null : text.length,
  ts: null,
  insightId: kind === 'passage' ? null : 'i1',
  insightTitle: kind === 'passage' ? null : 'Setup is confusing',
  theme: kind === 'passage' ? null : 'Onboarding',
  text,
  highlights: [],
  matchedBy: 'words',
  score: 1,
  ...extra,
});

/** The text of the result's words, as the page shows it. */
const shown = (h: SearchHit) =>
  /<span class="search-hit__text">(.*?)<\/span><span class="search-hit__source/
    .exec(renderToStaticMarkup(<MemoryRouter><SearchHitCard hit={h} /></MemoryRouter>))![1]
    .replace(/<[^>]*>/g, '');

describe('a search result', () => {
  it('shows a quote in quotation marks: a participant’s words', () => {
    expect(inQuotationMarks({ kind: 'quote' })).toBe(true);
    expect(shown(hit('quote', 'Onboarding was confusing.'))).toBe('“Onboarding was confusing.”');
  });

  it('never shows an insight’s title and description, or a transcript passage (perhaps the interviewer’s), in quotation marks', () => {
    expect(inQuotationMarks({ kind: 'insight' })).toBe(false);
    expect(inQuotationMarks({ kind: 'passage' })).toBe(false);
    expect(shown(hit('insight', 'Setup is confusing — People redo their setup.'))).toBe('Setup is confusing — People redo their setup.');
    expect(shown(hit('passage', 'So how did the setup go for you?', { speaker: 'Interviewer' }))).toBe('So how did the setup go for you?');
  });
});
