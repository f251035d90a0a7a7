import { isVisibleInsight } from '@verbatim/contract/insight';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { insightsPath, useProjectInsights, useSynthesis } from '../insights';
import { useReadyProject } from '../projects';
import { interviewsPath } from '../interviews';
import { EXPORT_CARDS } from './export-catalogue';
import { ExportButton } from './export-button';
import { MiroPush } from './miro-push';
import './deliverable.css';
import { plural } from '@verbatim/contract/plural';

/**
 * /projects/:projectId/deliverable, under the project's header: the project's findings as files to hand on —
 * report, slides, whiteboard notes, a REFI-QDA project and a spreadsheet — each made on the server from the board
 * as it is now.
 */
export default function DeliverablePage() {
  const project = useReadyProject();
  const projectId = project.id;
  const insights = useProjectInsights(projectId);
  const synthesis = useSynthesis(projectId);
  const visible = useMemo(() => (insights.data ?? []).filter(isVisibleInsight), [insights.data]);
  const quotes = visible.reduce((n, i) => n + i.quotes.length, 0);

  const analysed = project.counts.parsed;

  return (
    <>
      <div className="deliverable-intro">
        <h2>Deliverables</h2>
        {synthesis.data?.summarySentence && (
          <p className="deliverable-intro__summary" data-testid="deliverable-summary">
            {synthesis.data.summarySentence}
          </p>
        )}
        <p className="muted" data-testid="deliverable-contents">
          {insights.loading
            ? 'Counting what goes in…'
            : `Each file holds the board as it is now: ${plural(visible.length, 'insight', 'insights')} with ${plural(quotes, 'quote', 'quotes')} from ${plural(analysed, 'interview', 'interviews')}. Every quote is verbatim, cited by interview, speaker and timestamp when the source has one.`}
        </p>
        {!insights.loading && visible.length === 0 && (
          <p className="deliverable-intro__empty" role="note">
            There are no insights to hand on yet. Upload transcripts on the <Link to={interviewsPath(projectId)}>Interviews</Link> tab, or
            curate the <Link to={insightsPath(projectId)}>Insights</Link> board first.
          </p>
        )}
      </div>
      <ul className="export-cards">
        {EXPORT_CARDS.map((card) => (
          <li key={card.id} className="export-card" data-testid="export-card" data-export={card.id} aria-labelledby={`export-${card.id}`}>
            <h3 id={`export-${card.id}`}>{card.title}</h3>
            <p>{card.description}</p>
            <p className="export-card__opens muted">Opens in {card.opensIn}.</p>
            <div className="export-card__actions">
              {card.actions.map((action, i) => (
                <ExportButton key={action.format} projectId={projectId} projectName={project.name} action={action} primary={i === 0} />
              ))}
              {card.id === 'whiteboard' && visible.length > 0 && <MiroPush projectId={projectId} />}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
