import type { PublicQuote } from '@verbatim/contract/share';
import { memo, useId, useState, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { plural } from '@verbatim/contract/plural';
import { PlayIcon, QuotePlayButton } from '../../components/quote-play-button';
import { useQuotePlayback } from '../../lib/quote-playback';
import { QuotedWords } from '../../components/quoted-words';
import { PublicReelPlayer } from './public-reel';
import { citationText, insightTitle, SUPPORTING_QUOTES, uniqueSourceCount, uniqueSourcesTooltip } from './public-format';

export interface CardInsight {
  id: string;
  title: string;
  description: string;
  tag: string;
  documentId: string;
  quotes: PublicQuote[];
}

function isFocusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * One insight: its title and description. Hovering it (a mouse), focusing it from the keyboard, or
 * tapping it expands its Supporting Quotes, each with the source it is cited from. A click or tap on an
 * expanded card (or Enter on its title) folds it again.
 */
export const PublicInsightCard = memo(function PublicInsightCard({
  insight,
  names,
  showSourceBadge,
  source,
}: {
  insight: CardInsight;
  names: ReadonlyMap<string, string>;
  /** Summary page: the badge counting unique quote sources. */
  showSourceBadge: boolean;
  /** Interview page: the interview the insight comes from. */
  source?: string;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  // Folded by a click while hovered or focused: stays folded until the pointer leaves or focus moves.
  const [dismissed, setDismissed] = useState(false);
  const expanded = pinned || (!dismissed && (hovered || focused));
  const quotesId = useId();
  const quotes = insight.quotes ?? [];
  const sources = uniqueSourceCount(quotes);
  // How many of its quotes can be heard here: said on the folded card, so Play is not found only by hovering.
  const playback = useQuotePlayback();
  const playable = playback ? quotes.filter((q) => playback.momentOf(q) !== null).length : 0;

  const onPointerEnter = (e: PointerEvent) => e.pointerType === 'mouse' && setHovered(true);
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    setHovered(false);
    setDismissed(false);
  };
  const onFocus = (e: FocusEvent) => isFocusVisible(e.target) && setFocused(true);
  const onBlur = (e: FocusEvent) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    setFocused(false);
    setDismissed(false);
  };
  const toggle = () => {
    if (expanded) {
      setPinned(false);
      setDismissed(true);
    } else {
      setPinned(true);
      setDismissed(false);
    }
  };
  const onClick = (e: MouseEvent) => {
    // Reading or selecting a quote never folds the card.
    if ((e.target as Element).closest('.pub-card__quotes, .pub-card__reel')) return;
    if (window.getSelection()?.toString()) return;
    toggle();
  };

  return (
    <article
      className={`pub-card${expanded ? ' pub-card--expanded' : ''}`}
      data-testid="public-insight"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      onClick={onClick}
    >
      <h3 className="pub-card__title">
        <button type="button" className="pub-card__toggle" aria-expanded={expanded} aria-controls={quotesId} data-testid="insight-title">
          {insightTitle(insight.title)}
        </button>
        {showSourceBadge && sources > 0 && (
          <span className="pub-badge" title={uniqueSourcesTooltip(sources)} data-testid="source-badge">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
              <path d="M3 2.5h6.5L13 6v7.5H3z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
              <path d="M9.5 2.5V6H13" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            </svg>
            <span aria-hidden="true">{sources}</span>
            <span className="visually-hidden">{uniqueSourcesTooltip(sources)}</span>
          </span>
        )}
      </h3>
      {insight.description?.trim() && <p className="pub-card__description">{insight.description}</p>}
      <PublicReelPlayer insightId={insight.id} title={insight.title} />
      {source && (
        <p className="pub-card__source" data-testid="insight-source">
          {source}
        </p>
      )}
      <div id={quotesId} className="pub-card__quotes" hidden={!expanded} data-testid="supporting-quotes">
        {expanded && (
          <>
            <h4 className="pub-card__quotes-title">{SUPPORTING_QUOTES}</h4>
            {quotes.length > 0 ? (
              <ul className="pub-quotes">
                {quotes.map((quote, i) => (
                  <li key={`${quote.documentId}:${quote.start}:${quote.end}:${i}`} className="pub-quote" data-testid="public-quote">
                    <blockquote className="pub-quote__text">
                      <QuotedWords text={quote.text} markClassName="pub-quote__mark" testId="quote-text" />
                    </blockquote>
                    <cite className="pub-quote__cite" data-testid="quote-citation">
                      {citationText(quote, names)}
                    </cite>
                    <QuotePlayButton quote={quote} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="pub-card__none">No quotes were shared for this insight.</p>
            )}
          </>
        )}
      </div>
      {quotes.length > 0 && (
        // Hover opens the card (a mouse); this says what is folded, and opens it from a keyboard or a tap.
        <button
          type="button"
          className={`pub-card__more${expanded ? ' pub-card__more--open' : ''}`}
          aria-expanded={expanded}
          aria-controls={quotesId}
          data-testid="show-quotes"
          onClick={(e) => {
            e.stopPropagation();
            toggle();
          }}
        >
          <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
            <path d={expanded ? 'M3 7.5l3-3 3 3' : 'M3 4.5l3 3 3-3'} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {expanded ? 'Hide the supporting quotes' : `Show ${plural(quotes.length, 'supporting quote')}`}
          {!expanded && playable > 0 && (
            <span className="pub-card__playable" data-testid="playable-count">
              <PlayIcon playing={false} />
              {playable === quotes.length ? (playable === 1 ? 'can be played' : 'all can be played') : `${playable} can be played`}
            </span>
          )}
        </button>
      )}
    </article>
  );
});
