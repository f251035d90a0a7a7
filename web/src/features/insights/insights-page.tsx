import { useCallback, useMemo, type ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { scrollBehavior } from '../../lib/motion';
import { useInterviews } from '../interviews';
import { projectReadError, useReadyProject } from '../projects';
import { OwnerQuotePlayer } from '../recordings';
import { boardInsights, countsSentence, filterBoard, fromConsolidated, indexBoard, isFiltered, unionGroupedTags } from './board';
import { AnalysisProvenance } from './analysis-provenance';
import { BoardFiltersBar, FILTER_PARAMS } from './board-filters';
import { Overview } from './board-overview';
import { BoardPictures } from './board-pictures';
import { BoardResults } from './board-results';
import { BoardViewTabs } from './board-view-tabs';
import { NoInterviewsYet, NothingReadyYet } from './board-waiting';
import { InterviewLedger, isPending } from './interview-ledger';
import { MergeBar } from './merge-bar';
import type { BoardEditing } from './theme-board';
import { useBoardFilters } from './use-board-filters';
import { useCharts, usePicturesShown } from './use-charts';
import { useProjectInsights, useSynthesis } from './use-insights';
import { useMergeSelection } from './use-merge-selection';

const scrollToResults = () => document.getElementById('board-results')?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });

/**
 * /projects/:projectId/insights, under the project's header: every interview's insights by theme, the project
 * synthesis, and how both were made.
 */
export default function InsightsPage() {
  const project = useReadyProject();
  const projectId = project.id;
  const documents = useInterviews(projectId);
  const insights = useProjectInsights(projectId);
  const synthesis = useSynthesis(projectId);
  const { view, filters, setFilters, changeFilters } = useBoardFilters();
  const pictures = usePicturesShown();
  const { charts, waiting: chartsWaiting } = useCharts();

  const docs = useMemo(() => documents.data ?? [], [documents.data]);
  // Oldest first: interviews are listed and their themes merged in the order they were added.
  const ordered = useMemo(() => [...docs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()), [docs]);
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
    // The filters object is new on every render; only its values matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, filters.interview, filters.theme, filters.search, filters.tag, filters.speaker],
  );
  const interviews = useMemo(() => ordered.filter((d) => d.status === 'ready').map((d) => ({ id: d.id, name: d.name })), [ordered]);

  const merge = useMergeSelection(perInterview, `${view}/${projectId}`);
  const editing = useMemo<BoardEditing | undefined>(
    () => (view === 'insights' ? { themes: index.themes, selected: merge.chosenSet, onSelect: merge.onSelect } : undefined),
    [view, index.themes, merge.chosenSet, merge.onSelect],
  );
  const onCell = useCallback((theme: string, interview: string) => {
    setFilters({ theme, interview, tag: null, speaker: null });
    scrollToResults();
  }, [setFilters]);
  const onTheme = useCallback((theme: string) => {
    setFilters({ theme, interview: null });
    scrollToResults();
  }, [setFilters]);

  const readError = documents.error ?? insights.error ?? synthesis.error;
  const loading = documents.loading || insights.loading || (pictures.shown && chartsWaiting);
  const ready = ordered.filter((d) => d.status === 'ready');
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
    body = <NoInterviewsYet projectId={projectId} />;
  } else if (ready.length === 0) {
    body = <NothingReadyYet pending={pending} failed={failed} projectId={projectId} />;
  } else {
    body = (
      <div className="board-layout">
        <div className="board-layout__main">
          <Overview summary={synthesis.data?.summarySentence ?? ''} counts={countsSentence(perInterview.length, ready.length)} pending={pending} failed={failed} />
          <BoardPictures
            shown={pictures.shown}
            onToggle={pictures.toggle}
            charts={charts}
            index={index}
            interviews={interviews}
            theme={filters.theme}
            interview={filters.interview}
            onCell={onCell}
            onTheme={onTheme}
          />
          <BoardViewTabs
            view={view}
            onView={(next) => setFilters({ view: next === 'synthesis' ? 'synthesis' : null })}
            perInterview={perInterview.length}
            consolidated={consolidated.length}
          />
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
          <BoardResults
            projectId={projectId}
            board={board}
            names={names}
            editing={editing}
            search={filters.search}
            filtered={filtered}
            synthesisPending={view === 'synthesis' && !synthesis.data}
          />
          {view === 'insights' && merge.chosen.length > 0 && (
            <MergeBar projectId={projectId} selected={merge.chosen} onClear={merge.clear} onMerged={merge.clear} />
          )}
        </div>
        <aside className="board-layout__side">
          {/* Beside the board, not above it: lines that arrive with the synthesis never move the board under the reader. */}
          <AnalysisProvenance projectId={projectId} settings={project.settings} documents={ordered} synthesis={synthesis.data ?? null} />
          <InterviewLedger projectId={projectId} documents={ordered} />
        </aside>
      </div>
    );
  }

  // One player for the board: a quote whose interview has a ready recording plays its moment.
  return (
    <OwnerQuotePlayer projectId={projectId} documents={docs}>
      {body}
    </OwnerQuotePlayer>
  );
}
