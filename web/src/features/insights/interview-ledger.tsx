import type { Interview } from '@verbatim/contract/project';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { interviewPagePath } from '../interviews';
import { ProgressBar } from '../../components/progress-bar';
import { analyserLabel, quoteStatsSentence } from './analysis-labels';

/** Interviews whose analysis is still to come or under way. */
export function isPending(doc: Interview): boolean {
  return doc.status === 'uploading' || doc.status === 'parsing' || doc.status === 'parsed' || doc.status === 'analyzing';
}

/** "Finding insights… 40%" while the engine runs; "Reading the transcript…" before it; "Waiting" in between. */
export function PendingAnalysis({ doc }: { doc: Interview }) {
  if (doc.status === 'analyzing') return <ProgressBar label="Finding insights" value={Math.round(doc.progress * 100)} />;
  if (doc.status === 'parsing') return <ProgressBar label="Reading the transcript" value={Math.round(doc.progress * 100)} />;
  if (doc.status === 'uploading') return <ProgressBar label="Uploading" value={0} />;
  if (doc.status === 'awaiting-roles') return <p className="panel__hint">Waiting for you to check its speakers before the analysis.</p>;
  return <ProgressBar label="Waiting to be analysed" value={0} />;
}

/**
 * For each interview, what produced its insights and what the quote check did: the product's promise that every
 * quote is the participant's own words, made visible without shouting.
 */
export const InterviewLedger = memo(function InterviewLedger({ projectId, documents }: { projectId: string; documents: Interview[] }) {
  return (
    <section className="ledger" aria-labelledby="ledger-title">
      <h2 className="ledger__title" id="ledger-title">
        How these insights were made
      </h2>
      <ul className="ledger__list">
        {documents.map((doc) => (
          <li key={doc.id} className={`ledger__item ledger__item--${doc.status}`} data-testid="ledger-item">
            <Link className="ledger__name" to={interviewPagePath(projectId, doc.id)}>
              {doc.name}
            </Link>
            {doc.status === 'ready' && doc.analysis ? (
              <>
                <p className="ledger__analyser" data-testid="analyser-label">
                  {analyserLabel(doc.analysis)}
                </p>
                <p className="ledger__stats" data-testid="quote-stats">
                  {quoteStatsSentence(doc.analysis.quoteStats)}
                </p>
                {doc.analysis.notes.length > 0 && (
                  <details className="ledger__notes">
                    <summary>{doc.analysis.notes.length === 1 ? 'Note' : `${doc.analysis.notes.length} notes`}</summary>
                    <ul>
                      {doc.analysis.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </>
            ) : doc.status === 'failed' ? (
              <p className="ledger__error" data-testid="analysis-error">
                {doc.error ?? 'This interview could not be analysed.'}
              </p>
            ) : (
              <PendingAnalysis doc={doc} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});
