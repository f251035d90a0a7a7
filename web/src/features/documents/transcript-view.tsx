import type { SpeakerRole } from '@domain/transcript';
import type { TranscriptContent } from '@domain/transcript-parts';
import { memo } from 'react';
import { highlightInTurn, quoteHash } from '../insights';
import { formatTimestamp } from './document-format';
import { ROLE_LABELS } from './document-status';
import { turnAnchor } from './paths';

/**
 * The turns as written: speaker, timestamp when the source has one, and the verbatim words
 * (`text.slice(start, end)`). A plain list with no per-turn state, so long interviews stay light;
 * each turn is anchored `#t-<start>` for links from elsewhere. A quote linked as `#q-<start>-<end>`
 * is marked exactly: the characters [start, end) of the stored text, inside the turn it starts in.
 */
export const TranscriptView = memo(function TranscriptView({
  content,
  roles,
  targetId,
  quoteStart = null,
  quoteEnd = null,
}: {
  content: TranscriptContent;
  roles: ReadonlyMap<string, SpeakerRole>;
  targetId: string | null;
  /** The quoted span to mark, as offsets into `content.text`. */
  quoteStart?: number | null;
  quoteEnd?: number | null;
}) {
  if (content.turns.length === 0) return <p className="muted">This transcript has no turns.</p>;
  const range = quoteStart !== null && quoteEnd !== null ? { start: quoteStart, end: quoteEnd } : null;
  const { text } = content;
  return (
    <ol className="transcript" data-testid="transcript">
      {content.turns.map((turn) => {
        const id = turnAnchor(turn.start);
        const role = roles.get(turn.speaker) ?? 'unknown';
        const quote = highlightInTurn(turn.start, turn.end, range);
        const target = id === targetId || quote !== null;
        return (
          <li key={id} id={id} className={`turn turn--${role}${target ? ' turn--target' : ''}`}>
            <div className="turn__head">
              <span className="turn__speaker">{turn.speaker}</span>
              <span className="turn__role">{ROLE_LABELS[role]}</span>
              {turn.ts !== undefined ? (
                <a className="turn__time" href={`#${id}`} title="Link to this moment">
                  {formatTimestamp(turn.ts)}
                </a>
              ) : (
                <a className="turn__anchor" href={`#${id}`} aria-label="Link to this turn">
                  #
                </a>
              )}
            </div>
            <p className="turn__text">
              {quote ? (
                <>
                  {text.slice(quote.before.start, quote.before.end)}
                  <mark className="quote-highlight" id={quoteHash(quote.mark)} data-testid="quote-highlight">
                    {text.slice(quote.mark.start, quote.mark.end)}
                  </mark>
                  {text.slice(quote.after.start, quote.after.end)}
                </>
              ) : (
                text.slice(turn.start, turn.end)
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
});
