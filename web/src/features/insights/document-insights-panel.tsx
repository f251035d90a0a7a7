import type { TranscriptDocument } from '@domain/project';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { analyserLabel, quoteStatsSentence } from './analysis-labels';
import { boardInsights, byEvidence, sectionsByTheme } from './board';
import { insightsPath, parseQuoteHash, quoteHash } from './paths';
import { insightTitle, quoteTime } from './quote-format';
import { useDocumentInsights } from './use-insights';

/**
 * Beside a transcript: the insights found in this interview, by theme, each quote a link to its passage on
 * this same page (`#q-<start>-<end>`), and what the quote check did.
 */
export function DocumentInsightsPanel({ projectId, document }: { projectId: string; document: TranscriptDocument }) {
  const live = useDocumentInsights(projectId, document.id);
  const { hash } = useLocation();
  const active = parseQuoteHash(hash);
  const groups = document.analysis?.groupedTags;
  const shown = useMemo(() => boardInsights(live.data ?? []).sort(byEvidence), [live.data]);
  const sections = useMemo(() => sectionsByTheme(shown, groups ?? []), [shown, groups]);
  const count = shown.length;

  // The panel may scroll on its own (a sticky side column): keep the quote being read in sight there too.
  const panelRef = useRef<HTMLElement>(null);
  const activeKey = active ? `${active.start}-${active.end}` : null;
  useEffect(() => {
    const link = activeKey ? panelRef.current?.querySelector<HTMLElement>('.doc-insight__quote--current') : null;
    const column = panelRef.current?.parentElement;
    if (!link || !column || column.scrollHeight <= column.clientHeight) return;
    const inner = link.getBoundingClientRect();
    const outer = column.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom) column.scrollTop += inner.top - outer.top - outer.height / 3;
  }, [activeKey, count]);

  let body: ReactNode;
  if (document.status === 'analyzing') {
    body = (
      <p className="panel__hint" aria-live="polite">
        Finding insights… {Math.round(document.progress * 100)}%
      </p>
    );
  } else if (document.status === 'parsed') {
    body = <p className="panel__hint">Waiting to be analysed.</p>;
  } else if (live.error) {
    body = (
      <p className="form-error" role="alert">
        Could not load this interview’s insights. Reload the page to try again.
      </p>
    );
  } else if (!live.data) {
    body = <p className="panel__hint">Loading the insights…</p>;
  } else if (count === 0) {
    body = <p className="panel__hint">No insight in this interview could be backed by a participant’s own words.</p>;
  } else {
    body = sections.map((section) => (
      <div key={section.theme} className="doc-insights__theme">
        <h3 className="doc-insights__theme-title">{section.theme}</h3>
        <ul className="doc-insights__list">
          {section.insights.map((insight) => (
            <li key={insight.id} className="doc-insight" data-testid="document-insight">
              <p className="doc-insight__title">{insightTitle(insight.title)}</p>
              <ul className="doc-insight__quotes">
                {insight.quotes.map((quote) => {
                  const current = active !== null && active.start === quote.start && active.end === quote.end;
                  return (
                    <li key={`${quote.start}-${quote.end}`}>
                      <Link
                        to={{ hash: quoteHash(quote) }}
                        className={`doc-insight__quote${current ? ' doc-insight__quote--current' : ''}`}
                        aria-current={current ? 'location' : undefined}
                        data-testid="document-insight-quote"
                      >
                        <span className="doc-insight__words">“{quote.text}”</span>
                        {quote.ts !== undefined && <span className="doc-insight__time">{quoteTime(quote.ts)}</span>}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    ));
  }

  return (
    <section ref={panelRef} className="panel doc-insights" aria-labelledby="doc-insights-title" data-testid="document-insights">
      <h2 id="doc-insights-title">
        Insights from this interview{count > 0 && <span className="doc-insights__count"> {count}</span>}
      </h2>
      {document.analysis && document.status === 'ready' && (
        <p className="doc-insights__made">
          {analyserLabel(document.analysis)}. {quoteStatsSentence(document.analysis.quoteStats)}
        </p>
      )}
      {body}
      {count > 0 && (
        <Link className="doc-insights__board" to={`${insightsPath(projectId)}?interview=${encodeURIComponent(document.id)}`}>
          Open in the insights board →
        </Link>
      )}
    </section>
  );
}
