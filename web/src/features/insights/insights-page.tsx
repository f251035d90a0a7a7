import type { TranscriptDocument } from '@domain/project';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../app/spinner';
import { useDocuments } from '../documents/use-documents';
import { interviewsPath, ProjectHeader, projectReadError, useProject } from '../projects';
import { boardInsights, buildBoard, countsSentence, fromConsolidated, unionGroupedTags, type BoardFilters } from './board';
import { InterviewLedger, isPending, PendingAnalysis } from './interview-ledger';
import { ThemeBoard } from './theme-board';
import { useProjectInsights, useSynthesis } from './use-insights';

type View = 'insights' | 'synthesis';

/** /projects/:projectId/insights: every interview's insights by theme, the project synthesis, and how both were made. */
export default function InsightsPage() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const documents = useDocuments(projectId);
  const insights = useProjectInsights(projectId);
  const synthesis = useSynthesis(projectId);
  const [params, setParams] = useSearchParams();

  const view: View = params.get('view') === 'synthesis' ? 'synthesis' : 'insights';
  const filters: BoardFilters = { interview: params.get('interview'), theme: params.get('theme'), search: params.get('q') ?? '' };
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const docs = useMemo(() => documents.data ?? [], [documents.data]);
  // Oldest first: interviews are listed and their themes merged in the order they were added.
  const ordered = useMemo(() => [...docs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()), [docs]);
  const ready = ordered.filter((d) => d.status === 'ready');
  const names = useMemo(() => new Map(docs.map((d) => [d.id, d.name])), [docs]);

  const perInterview = useMemo(() => {
    const known = new Set(ordered.map((d) => d.id));
    return boardInsights((insights.data ?? []).filter((i) => known.has(i.documentId)));
  }, [insights.data, ordered]);
  const consolidated = useMemo(() => (synthesis.data?.consolidatedInsights ?? []).map(fromConsolidated), [synthesis.data]);
  const groups = useMemo(
    () => (view === 'synthesis' ? (synthesis.data?.consolidatedGroupedTags ?? []) : unionGroupedTags(ordered)),
    [view, synthesis.data, ordered],
  );
  const items = view === 'synthesis' ? consolidated : perInterview;
  const board = useMemo(() => buildBoard(items, groups, filters), [items, groups, filters.interview, filters.theme, filters.search]);

  if (project.error || project.data === null) {
    return (
      <section className="container">
        <p className="form-error" role="alert">
          {project.error ? projectReadError(project.error, 'project') : 'This project does not exist or is not yours.'}
        </p>
        <p>
          <Link to="/projects">Back to your projects</Link>
        </p>
      </section>
    );
  }
  if (!project.data) return <Spinner label="Loading the project" />;

  const readError = documents.error ?? insights.error ?? synthesis.error;
  const loading = documents.loading || insights.loading;
  const pending = ordered.filter(isPending);
  const failed = ordered.filter((d) => d.status === 'failed');
  const filtered = filters.interview !== null || filters.theme !== null || filters.search.trim() !== '';

  let body: ReactNode;
  if (readError) {
    body = (
      <p className="form-error" role="alert">
        {projectReadError(readError, 'project')}
      </p>
    );
  } else if (loading) {
    body = <Spinner label="Loading the insights" />;
  } else if (ordered.length === 0) {
    body = (
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
  } else if (ready.length === 0) {
    body = <NothingReadyYet pending={pending} failed={failed} projectId={projectId} />;
  } else {
    body = (
      <div className="board-layout">
        <div className="board-layout__main">
          <Overview
            summary={synthesis.data?.summarySentence ?? ''}
            counts={countsSentence(perInterview.length, ready.length)}
            pending={pending}
            failed={failed}
          />
          <div className="board-tabs" role="group" aria-label="Insights view">
            <button
              type="button"
              aria-pressed={view === 'insights'}
              className="board-tabs__tab"
              onClick={() => setParam('view', null)}
            >
              By interview <span className="board-tabs__count">{perInterview.length}</span>
            </button>
            <button
              type="button"
              aria-pressed={view === 'synthesis'}
              className="board-tabs__tab"
              onClick={() => setParam('view', 'synthesis')}
            >
              Project synthesis <span className="board-tabs__count">{consolidated.length}</span>
            </button>
          </div>
          <p className="board-tabs__hint muted">
            {view === 'synthesis'
              ? 'Insights merged across interviews. Each quote keeps its own interview, speaker and place in the transcript.'
              : 'Each interview’s insights, grouped by theme. Every quote links to the passage it was taken from.'}
          </p>
          <div className="filters" role="search">
            <label className="filters__search">
              <span className="visually-hidden">Search insights and quotes</span>
              <input
                type="search"
                placeholder="Search insights and quotes"
                value={filters.search}
                onChange={(event) => setParam('q', event.target.value)}
              />
            </label>
            <label className="filters__select">
              <span className="visually-hidden">Interview</span>
              <select value={filters.interview ?? ''} onChange={(event) => setParam('interview', event.target.value || null)} aria-label="Interview">
                <option value="">All interviews</option>
                {ready.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="filters__select">
              <span className="visually-hidden">Theme</span>
              <select value={filters.theme ?? ''} onChange={(event) => setParam('theme', event.target.value || null)} aria-label="Theme">
                <option value="">All themes</option>
                {board.themes.map((theme) => (
                  <option key={theme} value={theme}>
                    {theme}
                  </option>
                ))}
                {filters.theme !== null && !board.themes.includes(filters.theme) && <option value={filters.theme}>{filters.theme}</option>}
              </select>
            </label>
            {filtered && (
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      ['q', 'interview', 'theme'].forEach((k) => next.delete(k));
                      return next;
                    },
                    { replace: true },
                  )
                }
              >
                Clear filters
              </button>
            )}
          </div>
          {view === 'synthesis' && !synthesis.data ? (
            <div className="empty-state empty-state--compact" data-testid="synthesis-pending">
              <h3>The project synthesis is being prepared</h3>
              <p>It is rebuilt a moment after each interview finishes; this page updates by itself.</p>
            </div>
          ) : board.count === 0 ? (
            <div className="empty-state empty-state--compact" data-testid="board-empty">
              {filtered ? (
                <>
                  <h3>No insights match these filters</h3>
                  <p>Try other words, or another interview or theme.</p>
                </>
              ) : (
                <>
                  <h3>No insights were found</h3>
                  <p>
                    The analysis kept only insights it could back with a participant’s own words, and found none. The notes beside each interview say
                    why.
                  </p>
                </>
              )}
            </div>
          ) : (
            <ThemeBoard projectId={projectId} sections={board.sections} count={board.count} names={names} />
          )}
        </div>
        <aside className="board-layout__side">
          <InterviewLedger projectId={projectId} documents={ordered} />
        </aside>
      </div>
    );
  }

  return (
    <section className="container insights-page">
      <ProjectHeader project={project.data} />
      {body}
    </section>
  );
}

/** The summary sentence, the counts, and any interview still being analysed. */
function Overview({
  summary,
  counts,
  pending,
  failed,
}: {
  summary: string;
  counts: string;
  pending: TranscriptDocument[];
  failed: TranscriptDocument[];
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

/** No interview is ready yet: the ones under way with live progress, and the ones that failed with their reason. */
function NothingReadyYet({ pending, failed, projectId }: { pending: TranscriptDocument[]; failed: TranscriptDocument[]; projectId: string }) {
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
