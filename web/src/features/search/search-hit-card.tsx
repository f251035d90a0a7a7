import type { SearchHit } from '@verbatim/contract/search';
import { Link } from 'react-router-dom';
import { insightsPath, quotePath } from '../insights';
import { citationLine, inQuotationMarks } from './answer-text';
import { highlightSegments } from './highlight-segments';

const KIND_LABEL: Record<SearchHit['kind'], string> = { quote: 'Quote', insight: 'Insight', passage: 'Transcript' };

/** Where a result opens: the transcript at its passage, or the project's insights. */
export function hitPath(hit: SearchHit): string {
  if (hit.start !== null && hit.end !== null) return quotePath(hit.projectId, { documentId: hit.documentId, start: hit.start, end: hit.end });
  return insightsPath(hit.projectId);
}

export function HighlightedText({ text, ranges }: { text: string; ranges: SearchHit['highlights'] }) {
  return (
    <>
      {highlightSegments(text, ranges).map((s, k) => (s.marked ? <mark key={k}>{s.text}</mark> : <span key={k}>{s.text}</span>))}
    </>
  );
}

export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const marks = inQuotationMarks(hit);
  return (
    <li className="search-hit" data-testid="search-hit" data-kind={hit.kind}>
      <Link to={hitPath(hit)} className="search-hit__link">
        <span className={`search-hit__kind search-hit__kind--${hit.kind}`}>{KIND_LABEL[hit.kind]}</span>
        {hit.kind === 'quote' && hit.insightTitle && <span className="search-hit__insight">{hit.insightTitle}</span>}
        <span className="search-hit__text">
          {marks && '“'}
          <HighlightedText text={hit.text} ranges={hit.highlights} />
          {marks && '”'}
        </span>
        <span className="search-hit__source muted">
          {hit.kind === 'insight' ? hit.documentName : `— ${citationLine(hit)}`}
          {hit.theme ? ` · ${hit.theme}` : ''}
          {hit.matchedBy === 'meaning' ? ' · similar meaning' : ''}
        </span>
      </Link>
    </li>
  );
}
