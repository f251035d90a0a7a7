import type { Quote } from '@verbatim/contract/insight';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SupportingQuote } from './supporting-quote';

const quote = (extra: Partial<Quote> = {}): Quote => ({
  text: 'The export was honestly really slow for our biggest client reports',
  documentId: 'd1',
  speaker: 'Maria',
  start: 10,
  end: 76,
  ...extra,
});

const markup = (q: Quote) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SupportingQuote projectId="p1" quote={q} names={new Map([['d1', 'Interview 3']])} />
    </MemoryRouter>,
  );
const shown = (q: Quote) => markup(q).replace(/<[^>]*>/g, ' ');

describe('a supporting quote', () => {
  it('marks a close match as such, with the model’s own words beside the participant’s', () => {
    const text = shown(quote({ match: 'fuzzy', proposedText: 'The export was slow for our biggest client reports' }));
    expect(text).toContain('Close match: the model’s words differed slightly; these are the participant’s own.');
    expect(text).toContain('The model wrote it as:  The export was slow for our biggest client reports');
    expect(text).toContain('The export was honestly really slow for our biggest client reports');
  });

  it('never puts the model’s wording in quotation marks: only the participant’s words are quoted', () => {
    const html = markup(quote({ match: 'fuzzy', proposedText: 'The export was slow for our biggest client reports' }));
    expect(html).not.toContain('<q');
    const around = html.replace(/<[^>]*>/g, '');
    expect(around).not.toMatch(/[“"«]\s*The export was slow for our biggest client reports/);
    expect(around).toMatch(/“\s*The export was honestly really slow for our biggest client reports\s*”/);
  });

  it('shows an exact, normalised or older quote without any mark', () => {
    for (const match of ['exact', 'normalised', undefined] as const) expect(shown(quote({ match }))).not.toContain('Close match');
  });
});
