import { citationText, uniqueSourceCount, uniqueSourcesTooltip } from '../../lib/citation';
import { CreditLine } from './credit-line';
import { EXAMPLE_INSIGHT } from './example-data';

const names = new Map([[EXAMPLE_INSIGHT.interview, EXAMPLE_INSIGHT.interview]]);
const quotes = EXAMPLE_INSIGHT.quotes.map((q) => ({ ...q, documentId: EXAMPLE_INSIGHT.interview }));
const count = (n: number) => n.toLocaleString('en-US');

/**
 * A real insight, drawn with the workspace's own insight-card classes and citation code: what the built-in analyser
 * made of one public interview. Static: nothing here is a control.
 */
export function ExampleInsightCard() {
  const sources = uniqueSourceCount(quotes);
  return (
    <figure className="landing-figure landing-example" aria-labelledby="example-insight-caption">
      <article className="insight-card landing-example__card" aria-labelledby="example-insight-title">
        <header className="insight-card__head">
          <h3 className="insight-card__title" id="example-insight-title">
            {EXAMPLE_INSIGHT.title}
          </h3>
          <span className="source-badge" title={uniqueSourcesTooltip(sources)}>
            <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
              <path d="M4 1.5h5.5L13 5v9.5H4z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            </svg>
            {sources}
            <span className="visually-hidden"> interview</span>
          </span>
        </header>
        {EXAMPLE_INSIGHT.description && <p className="insight-card__description">{EXAMPLE_INSIGHT.description}</p>}
        <div className="insight-card__meta">
          <span className="tag-chip">{EXAMPLE_INSIGHT.tag}</span>
          <span className="insight-card__count">{quotes.length} quotes</span>
          <span className="insight-card__count">Theme: {EXAMPLE_INSIGHT.theme}</span>
        </div>
        <section className="insight-card__quotes" aria-labelledby="example-quotes-title">
          <h4 className="insight-card__quotes-title" id="example-quotes-title">
            Supporting Quotes
          </h4>
          <ul className="quote-list">
            {quotes.map((quote) => (
              <li className="quote" key={quote.start} data-testid="example-quote">
                <blockquote className="quote__text">
                  <span aria-hidden="true" className="quote__mark">
                    “
                  </span>
                  {quote.text}
                  <span aria-hidden="true" className="quote__mark">
                    ”
                  </span>
                </blockquote>
                <span className="quote__cite">{citationText(quote, names)}</span>
                <span className="landing-example__span"> · characters {count(quote.start)}–{count(quote.end)}</span>
              </li>
            ))}
          </ul>
        </section>
        <p className="landing-example__checked">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {EXAMPLE_INSIGHT.checked}
        </p>
      </article>
      <figcaption id="example-insight-caption" className="landing-figure__caption">
        <strong>An insight card, exactly as Verbatim’s own analysis (Verbatim only) wrote it.</strong>{' '}
        <CreditLine credit={EXAMPLE_INSIGHT.credit} />
      </figcaption>
    </figure>
  );
}
