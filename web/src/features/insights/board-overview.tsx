import type { Interview } from '@verbatim/contract/project';
import { PendingAnalysis } from './interview-ledger';

/** The summary sentence, the counts, and any interview still being analysed. */
export function Overview({
  summary,
  counts,
  pending,
  failed,
}: {
  summary: string;
  counts: string;
  pending: Interview[];
  failed: Interview[];
}) {
  return (
    <div className="overview">
      <p className="overview__eyebrow">Project summary</p>
      {summary && (
        <p className="overview__summary" data-testid="summary-sentence">
          {summary}
        </p>
      )}
      <p className="overview__counts" data-testid="insight-counts">
        {counts}
      </p>
      {pending.length > 0 && (
        <div className="overview__pending" aria-live="polite">
          <p>
            Still analysing {pending.length === 1 ? '1 interview' : `${pending.length} interviews`}; new insights appear here when ready.
          </p>
          <ul>
            {pending.map((d) => (
              <li key={d.id}>
                <span className="overview__pending-name">{d.name}</span>
                <PendingAnalysis doc={d} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {failed.length > 0 && (
        <div className="overview__failed">
          <p>{failed.length === 1 ? '1 interview could not be analysed:' : `${failed.length} interviews could not be analysed:`}</p>
          <ul>
            {failed.map((d) => (
              <li key={d.id} data-testid="failed-item">
                <strong>{d.name}</strong>: {d.error ?? 'This interview could not be analysed.'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
