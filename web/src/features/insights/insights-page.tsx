import type { TranscriptDocument } from '@verbatim/contract/project';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../app/spinner';
import { useDocuments } from '../documents/use-documents';
import { interviewsPath, ProjectHeader, projectReadError, ProjectUnavailable, useProject } from '../projects';
import { boardInsights, countsSentence, filterBoard, fromConsolidated, indexBoard, isFiltered, unionGroupedTags, type BoardFilters } from './board';
import { AnalysisProvenance } from './analysis-provenance';
import { BoardFiltersBar, FILTER_PARAMS } from './board-filters';
import { InterviewLedger, isPending, PendingAnalysis } from './interview-ledger';
import { MergeBar } from './merge-bar';
import { ThemeBoard, type BoardEditing } from './theme-board';
import { useProjectInsights, useSynthesis } from './use-insights';

// The pictures (and d3) are their own chunk, fetched as soon as this screen's code runs, alongside the board's
// data. The board waits for it a moment (CHARTS_WAIT_MS) so the pictures do not arrive later and push the board
// down under the reader; past that, the board shows and the pictures follow.
type ChartsModule = typeof import('./insight-charts');
const CHARTS_WAIT_MS = 1_500;
let chartsModule: ChartsModule | null = null;
let chartsChunk: Promise<ChartsModule> | null = null;
function loadCharts(): Promise<ChartsModule> {
  chartsChunk ??= import('./insight-charts').then(
    (module) => (chartsModule = module),
    (err: unknown) => {
      chartsChunk = null; // a later visit tries again
      throw err;
    },
  );
  return chartsChunk;
}
void loadCharts().catch(() => undefined);

/** The pictures' module once loaded; `waiting` while it is worth holding the board for it. */
function useCharts(): { charts: ChartsModule | null; waiting: boolean } {
  const [charts, setCharts] = useState(chartsModule);
  const [waiting, setWaiting] = useState(chartsModule === null);
  useEffect(() => {
    if (charts) return;
    let active = true;
    const timer = window.setTimeout(() => setWaiting(false), CHARTS_WAIT_MS);
    loadCharts().then(
      (module) => active && setCharts(module),
      (err) => console.error('Could not load the pictures', err),
    ).finally(() => active && setWaiting(false));
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [charts]);
  return { charts, waiting: waiting && charts === null };
}

const PICTURES_KEY = 'verbatim.pictures';
const SEARCH_TO_URL_MS = 300;

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
  // The search answers each keystroke at once from local state, and reaches the URL (to link or reload) a moment later.
  const urlSearch = params.get('q') ?? '';
  const [search, setSearch] = useState(urlSearch);
  const pushed = useRef(urlSearch);
  const filters: BoardFilters = {
    interview: params.get('interview'),
    theme: params.get('theme'),
    search,
    tag: params.get('tag'),
    speaker: params.get('speaker'),
  };
  const setFilters = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setParam = (name: string, value: string | null) => setFilters({ [name]: value });
  useEffect(() => {
    // Changed from elsewhere (Clear filters, the back button): the box follows.
    if (urlSearch !== pushed.current) {
      pushed.current = urlSearch;
      setSearch(urlSearch);
    }
  }, [urlSearch]);
  useEffect(() => {
    if (search === pushed.current) return;
    const timer = window.setTimeout(() => {
      pushed.current = search;
      setFilters({ q: search });
    }, SEARCH_TO_URL_MS);
    return () => window.clearTimeout(timer);
  }, [search, setFilters]);
  const changeFilters = useCallback(
    ({ q, ...rest }: Record<string, string | null>) => {
      if (q !== undefined) setSearch(q ?? '');
      if (Object.keys(rest).length > 0) setFilters(rest);
    },
    [setFilters],
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [pictures, setPictures] = useState(() => localStorage.getItem(PICTURES_KEY) !== 'hidden');
  const { charts, waiting: chartsWaiting } = useCharts();

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
  // Everything that does not depend on the filters is done once per snapshot; a keystroke only filters.
  const index = useMemo(() => indexBoard(items, groups), [items, groups]);
  const board = useMemo(
    () => filterBoard(index, filters),
    [index, filters.interview, filters.theme, filters.search, filters.tag, filters.speaker],
  );
  const interviews = useMemo(() => ordered.filter((d) => d.status === 'ready').map((d) => ({ id: d.id, name: d.name })), [ordered]);

  // Selected for a merge: only cards still on the researcher's board count.
  const live = useMemo(() => new Map(perInterview.map((i) => [i.id, i])), [perInterview]);
  const chosen = useMemo(() => selected.filter((id) => live.has(id)), [selected, live]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const onSelect = useCallback((id: string, on: boolean) => setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id))), []);
  useEffect(() => setSelected([]), [view, projectId]);
  const editing = useMemo<BoardEditing | undefined>(
    () => (view === 'insights' ? { themes: index.themes, selected: chosenSet, onSelect } : undefined),
    [view, index.themes, chosenSet, onSelect],
  );
  const onCell = useCallback((theme: string, interview: string) => {
    setFilters({ theme, interview, tag: null, speaker: null });
    document.getElementById('board-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [setFilters]);
  const onTheme = useCallback((theme: string) => {
    setFilters({ theme, interview: null });
    document.getElementById('board-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [setFilters]);
  const togglePictures = () =>
    setPictures((shown) => {
      localStorage.setItem(PICTURES_KEY, shown ? 'hidden' : 'shown');
      return !shown;
    });

  if (project.error || project.data === null) return <ProjectUnavailable error={project.error} />;
  if (!project.data) return <Spinner label="Loading the project" />;

  const readError = documents.error ?? insights.error ?? synthesis.error;
  const loading = documents.loading || insights.loading || (pictures && chartsWaiting);
  const pending = ordered.filter(isPending);
  const failed = ordered.filter((d) => d.status === 'failed');
  const filtered = isFiltered(filters);

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
          <section className="pictures" aria-labelledby="pictures-title">
            <div className="pictures__head">
              <h2 id="pictures-title" className="pictures__title">
                Themes across interviews
              </h2>
              <button type="button" className="link-button" aria-expanded={pictures} onClick={togglePictures}>
                {pictures ? 'Hide pictures' : 'Show pictures'}
              </button>
            </div>
            {pictures && (
              charts ? (
                <charts.default index={index} interviews={interviews} theme={filters.theme} interview={filters.interview} onCell={onCell} onTheme={onTheme} />
              ) : (
                <div className="charts charts--loading" aria-busy="true" />
              )
            )}
          </section>
          <div className="board-tabs" role="group" aria-label="Insights view" id="board-results">
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
              ? 'Insights merged across interviews. Each quote keeps its own interview, speaker and place in the transcript. Edit insights in the By interview view; the synthesis is rebuilt from them.'
              : 'Each interview’s insights, grouped by theme. Edit, move, merge or delete them; your changes are kept when interviews are analysed again. Every quote links to the passage it was taken from.'}
          </p>
          <BoardFiltersBar
            filters={filters}
            index={index}
            themes={board.themes}
            interviews={interviews}
            onChange={changeFilters}
            onClear={() => changeFilters(Object.fromEntries(FILTER_PARAMS.map((k) => [k, null])))}
          />
          {filtered && board.count > 0 && (
            <p className="filters__summary" data-testid="filter-summary" aria-live="polite">
              Showing {board.count} of {items.length} {items.length === 1 ? 'insight' : 'insights'}
            </p>
          )}
          {/* The search the results below were computed for (read by the speed test). */}
          <div className="board-results" data-applied-search={filters.search}>
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
                  <p>Try other words, or another theme, tag, interview or speaker.</p>
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
            <ThemeBoard projectId={projectId} sections={board.sections} count={board.count} names={names} editing={editing} />
          )}
          </div>
          {view === 'insights' && chosen.length > 0 && (
            <MergeBar projectId={projectId} selected={chosen.map((id) => live.get(id)!)} onClear={() => setSelected([])} onMerged={() => setSelected([])} />
          )}
        </div>
        <aside className="board-layout__side">
          {/* Beside the board, not above it: lines that arrive with the synthesis never move the board under the reader. */}
          <AnalysisProvenance projectId={projectId} settings={project.data.settings} documents={ordered} synthesis={synthesis.data ?? null} />
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
