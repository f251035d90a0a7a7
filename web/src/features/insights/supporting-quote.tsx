import { Link } from 'react-router-dom';
import { QuotePlayButton } from '../../components/quote-play-button';
import { closeMatchNote } from './analysis-labels';
import { quotePath } from './paths';
import { citationText, type ShownQuote } from './quote-format';

/**
 * One supporting quote: the participant's words in quotation marks, a citation that opens the passage, and a play
 * button when its interview's recording can be heard on the page. A quote
 * the analyser's words matched only closely says so, with the model's wording on request, never in quotation marks.
 */
export function SupportingQuote({ projectId, quote, names }: { projectId: string; quote: ShownQuote; names: ReadonlyMap<string, string> }) {
  const closeMatch = closeMatchNote(quote);
  return (
    <li className="quote" data-testid="quote">
      <blockquote className="quote__text">
        <span aria-hidden="true" className="quote__mark">
          “
        </span>
        <span data-testid="quote-text">{quote.text}</span>
        <span aria-hidden="true" className="quote__mark">
          ”
        </span>
      </blockquote>
      <Link className="quote__cite" to={quotePath(projectId, quote)} data-testid="quote-citation" title="Open this passage in the transcript">
        {citationText(quote, names)}
      </Link>
      <QuotePlayButton quote={quote} />
      {closeMatch &&
        (closeMatch.modelWords ? (
          <details className="quote__match" data-testid="quote-close-match">
            <summary>{closeMatch.label}</summary>
            {/* Not in quotation marks: only a participant's exact words are ever quoted. */}
            <p>
              The model wrote it as: <span className="quote__model-words">{closeMatch.modelWords}</span>
            </p>
          </details>
        ) : (
          <p className="quote__match" data-testid="quote-close-match">
            {closeMatch.label}
          </p>
        ))}
    </li>
  );
}
