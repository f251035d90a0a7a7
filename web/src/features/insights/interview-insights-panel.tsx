import type { Insight } from '@verbatim/contract/insight';
import type { Interview } from '@verbatim/contract/project';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QuotePlayButton } from '../../components/quote-play-button';
import { QuoteClipButton } from '../../components/quote-clip-button';
import { analyserLabel, quoteStatsSentence } from './analysis-labels';
import { boardInsights, byEvidence, sectionsByTheme, type BoardInsight } from './board';
import { parseQuoteHash, quoteHash } from '../interviews';
import { insightsPath } from './paths';
import { insightTitle, QUOTES_REMOVED_NOTE, quoteTime } from './quote-format';

/**
 * The visible insights with at least one quote from this interview (a merge can bring in quotes of another), strongest
 * first; and this interview's insights whose quotes a transcript correction removed, waiting for a new one.
 */
export function insightsQuoting(insights: readonly Insight[], documentId: string): BoardInsight[] {
  return boardInsights(insights)
    .filter((i) => i.quotes.some((q) => q.documentId === documentId) || (i.quotesRemoved && i.documentIds.includes(documentId)))
    .sort(byEvidence);
}

/**
 * Beside a transcript: the insights quoting this interview, by theme; each quote a link to its passage on this
 * same page (`#q-<start>-<end>`). The insight chosen from a highlight in the transcript is brought into view and
 * focused here (and, on a phone, shown in a sheet at the bottom of the screen).
 */
export function InterviewInsightsPanel({
  projectId,
  document,
  insights,
  loading,
  failed,
  focusedId,
  onFocus,
}: {
  projectId: string;
  document: Interview;
  /** `insightsQuoting(...)` for this interview. */
  insights: BoardInsight[];
  loading: boolean;
  failed: boolean;
  focusedId: string | null;
  onFocus: (id: string | null) => void;
}) {
  const { hash } = useLocation();
  const active = parseQuoteHash(hash);
  const groups = document.analysis?.groupedTags;
  const sections = useMemo(() => sectionsByTheme(insights, groups ?? []), [insights, groups]);
  const count = insights.length;
  const focused = focusedId ? insights.find((i) => i.id === focusedId) : undefined;

  // The panel may scroll on its own (a sticky side column): keep the quote being read, or the insight chosen, in sight.
  const panelRef = useRef<HTMLElement>(null);
  const activeKey = active ? `${active.start}-${active.end}` : null;
  useEffect(() => {
    const item = focusedId
      ? panelRef.current?.querySelector<HTMLElement>(`[data-insight-id="${CSS.escape(focusedId)}"]`)
      : activeKey
        ? panelRef.current?.querySelector<HTMLElement>('.doc-insight__quote--current')
        : null;
    if (!item) return;
    const column = panelRef.current?.parentElement;
    if (column && column.scrollHeight > column.clientHeight) {
      const inner = item.getBoundingClientRect();
      const outer = column.getBoundingClientRect();
      if (inner.top < outer.top || inner.bottom > outer.bottom) column.scrollTop += inner.top - outer.top - outer.height / 4;
    }
    if (focusedId) item.focus({ preventScroll: true });
  }, [activeKey, focusedId, count]);

  let body: ReactNode;
  if (document.status === 'analyzing') {
    body = (
      <p className="panel__hint" aria-live="polite">
        Finding insights… {Math.round(document.progress * 100)}%
      </p>
    );
  } else if (document.status === 'awaiting-roles') {
    body = <p className="panel__hint">Insights appear here once you have checked the speakers and asked for the analysis.</p>;
  } else if (document.status === 'parsed') {
    body = <p className="panel__hint">Waiting to be analysed.</p>;
  } else if (failed) {
    body = (
      <p className="form-error" role="alert">
        Could not load this interview’s insights. Reload the page to try again.
      </p>
    );
  } else if (loading) {
    body = <p className="panel__hint">Loading the insights…</p>;
  } else if (count === 0) {
    body = <p className="panel__hint">No insight quotes this interview yet. Select a participant’s words in the transcript to make one.</p>;
  } else {
    body = sections.map((section) => (
      <div key={section.theme} className="doc-insights__theme">
        <h3 className="doc-insights__theme-title">{section.theme}</h3>
        <ul className="doc-insights__list">
          {section.insights.map((insight) => {
            const here = insight.quotes.filter((q) => q.documentId === document.id);
            const elsewhere = insight.quotes.length - here.length;
            const isFocused = insight.id === focusedId;
            return (
              <li
                key={insight.id}
                className={`doc-insight${isFocused ? ' doc-insight--focused' : ''}`}
                data-testid="document-insight"
                data-insight-id={insight.id}
                tabIndex={-1}
                aria-current={isFocused ? 'true' : undefined}
              >
                <button
                  type="button"
                  className="doc-insight__title"
                  aria-pressed={isFocused}
                  onClick={() => onFocus(isFocused ? null : insight.id)}
                  title="Show this insight’s quotes in the transcript"
                >
                  {insightTitle(insight.title)}
                </button>
                {isFocused && insight.description && <p className="doc-insight__description">{insight.description}</p>}
                <ul className="doc-insight__quotes">
                  {here.map((quote) => {
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
                        <QuotePlayButton quote={quote} />
                        <QuoteClipButton quote={quote} />
                      </li>
                    );
                  })}
                </ul>
                {insight.quotesRemoved && <p className="doc-insight__no-quotes">{QUOTES_REMOVED_NOTE}</p>}
                {elsewhere > 0 && (
                  <p className="doc-insight__elsewhere">
                    + {elsewhere} {elsewhere === 1 ? 'quote' : 'quotes'} from other interviews
                  </p>
                )}
              </li>
            );
          })}
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
      {focused && (
        <div className="focus-sheet" role="region" aria-label="Chosen insight" data-testid="focus-sheet">
          <div className="focus-sheet__body">
            <p className="focus-sheet__title">{insightTitle(focused.title)}</p>
            {focused.description && <p className="focus-sheet__description">{focused.description}</p>}
            <p className="focus-sheet__meta">
              {focused.quotes.length} {focused.quotes.length === 1 ? 'quote' : 'quotes'}
              {focused.tag.trim() && <span className="tag-chip">{focused.tag.trim()}</span>}
            </p>
          </div>
          <button type="button" className="focus-sheet__close" aria-label="Close" onClick={() => onFocus(null)}>
            ×
          </button>
        </div>
      )}
    </section>
  );
}
