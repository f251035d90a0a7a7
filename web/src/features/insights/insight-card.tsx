import { useState } from 'react';
import type { BoardInsight } from './board';
import { insightTitle, uniqueSourceCount, uniqueSourcesTooltip } from './quote-format';
import { SupportingQuote } from './supporting-quote';

/** Quotes shown before "Show all". */
const QUOTES_SHOWN = 3;

/** An insight: title, source badge, description, tag, and its supporting quotes with their citations. */
export function InsightCard({ projectId, insight, names }: { projectId: string; insight: BoardInsight; names: ReadonlyMap<string, string> }) {
  const [expanded, setExpanded] = useState(false);
  const sources = uniqueSourceCount(insight.quotes);
  const shown = expanded ? insight.quotes : insight.quotes.slice(0, QUOTES_SHOWN);
  const hidden = insight.quotes.length - shown.length;
  const titleId = `insight-${insight.id}`;
  return (
    <article className="insight-card" data-testid="insight-card" aria-labelledby={titleId}>
      <header className="insight-card__head">
        <h3 className="insight-card__title" id={titleId}>
          {insightTitle(insight.title)}
        </h3>
        <span className="source-badge" title={uniqueSourcesTooltip(sources)} aria-label={uniqueSourcesTooltip(sources)} data-testid="source-badge">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
            <path d="M4 1.5h5.5L13 5v9.5H4z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
          {sources}
        </span>
      </header>
      {insight.description && <p className="insight-card__description">{insight.description}</p>}
      <div className="insight-card__meta">
        {insight.tag.trim() && <span className="tag-chip">{insight.tag.trim()}</span>}
        <span className="insight-card__count">
          {insight.quotes.length} {insight.quotes.length === 1 ? 'quote' : 'quotes'}
        </span>
      </div>
      {insight.quotes.length > 0 && (
        <section className="insight-card__quotes" aria-label="Supporting Quotes">
          <h4 className="insight-card__quotes-title">Supporting Quotes</h4>
          <ul className="quote-list">
            {shown.map((quote) => (
              <SupportingQuote key={`${quote.documentId}:${quote.start}-${quote.end}`} projectId={projectId} quote={quote} names={names} />
            ))}
          </ul>
          {(hidden > 0 || expanded) && insight.quotes.length > QUOTES_SHOWN && (
            <button type="button" className="link-button insight-card__more" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
              {expanded ? 'Show fewer quotes' : `Show ${hidden} more ${hidden === 1 ? 'quote' : 'quotes'}`}
            </button>
          )}
        </section>
      )}
    </article>
  );
}
