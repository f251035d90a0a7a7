import type { Interview } from '@verbatim/contract/project';
import { Link } from 'react-router-dom';
import { interviewsPath } from '../interviews';
import { PendingAnalysis } from './interview-ledger';

/** The project has no interview yet: where to upload them. */
export function NoInterviewsYet({ projectId }: { projectId: string }) {
  return (
    <div className="empty-state" data-testid="insights-empty">
      <h2>No interviews yet</h2>
      <p>
        Upload transcripts on the <Link to={interviewsPath(projectId)}>Interviews</Link> tab. Verbatim finds insights in each one and backs every
        insight with the participant’s own words, linked to the moment they said them.
      </p>
      <Link className="button button--primary" to={interviewsPath(projectId)}>
        Go to Interviews
      </Link>
    </div>
  );
}

/** No interview is ready yet: the ones under way with live progress, and the ones that failed with their reason. */
export function NothingReadyYet({ pending, failed, projectId }: { pending: Interview[]; failed: Interview[]; projectId: string }) {
  return (
    <div className="empty-state empty-state--left" data-testid="insights-waiting">
      {pending.length > 0 ? (
        <>
          <h2>Finding insights…</h2>
          <p>Each interview is read, its participants’ statements are grouped into insights, and every quote is checked against the transcript.</p>
          <ul className="waiting-list" aria-live="polite">
            {pending.map((d) => (
              <li key={d.id} data-testid="analysing-item">
                <span className="waiting-list__name">{d.name}</span>
                <PendingAnalysis doc={d} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2>No insights yet</h2>
          <p>
            None of this project’s interviews could be analysed. Upload them again on the <Link to={interviewsPath(projectId)}>Interviews</Link> tab.
          </p>
        </>
      )}
      {failed.length > 0 && (
        <div className="waiting-failed">
          <h3>{failed.length === 1 ? '1 interview failed' : `${failed.length} interviews failed`}</h3>
          <ul>
            {failed.map((d) => (
              <li key={d.id} data-testid="failed-item">
                <strong>{d.name}</strong>: <span className="waiting-failed__error">{d.error ?? 'This interview could not be analysed.'}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
