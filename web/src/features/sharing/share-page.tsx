import { SHARE_KINDS } from '@verbatim/contract/share';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { insightsPath } from '../insights';
import { useReadyProject } from '../projects';
import { SharePanel } from './share-panel';
import { useShareLinks } from './use-share-links';
import './share.css';

/** /projects/:projectId/share: the owner turns each public page's link on or off, copies it, or replaces it. */
export default function SharePage() {
  const project = useReadyProject();
  const projectId = project.id;
  const shares = useShareLinks(projectId);

  return (
    <section className="container share-page">
      <header className="page-header">
        <div>
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <Link to="/projects">Projects</Link>
            <span aria-hidden="true"> / </span>
            <Link to={insightsPath(projectId)}>{project.name}</Link>
          </nav>
          <h1>Share</h1>
          <p className="muted">
            Read-only pages of <strong>{project.name}</strong> for stakeholders: no account needed. They update by themselves as
            you work, and a link you turn off stops working within seconds.
          </p>
        </div>
        <Link className="button" to={insightsPath(projectId)} data-testid="back-to-insights">
          ← Back to insights
        </Link>
      </header>

      {shares.error ? (
        <p className="form-error" role="alert">
          Could not load the share links. Reload the page to try again.
        </p>
      ) : shares.loading ? (
        <Spinner label="Loading the share links" />
      ) : (
        <div className="share-panels">
          {SHARE_KINDS.map((kind) => (
            <SharePanel key={kind} projectId={projectId} kind={kind} link={shares.links[kind]} />
          ))}
        </div>
      )}
      <p className="share-page__note muted">
        Public pages show insight titles, descriptions, themes and the verbatim quotes with the interview they come from — never
        the full transcripts.
      </p>
    </section>
  );
}
