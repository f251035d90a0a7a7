import type { BoardView } from './use-board-filters';

/** The two views of the board — each interview's insights, or the project synthesis — with what each one is. */
export function BoardViewTabs({ view, onView, perInterview, consolidated }: { view: BoardView; onView: (view: BoardView) => void; perInterview: number; consolidated: number }) {
  return (
    <>
      <div className="board-tabs" role="group" aria-label="Insights view" id="board-results">
        <button type="button" aria-pressed={view === 'insights'} className="board-tabs__tab" onClick={() => onView('insights')}>
          By interview <span className="board-tabs__count">{perInterview}</span>
        </button>
        <button type="button" aria-pressed={view === 'synthesis'} className="board-tabs__tab" onClick={() => onView('synthesis')}>
          Project synthesis <span className="board-tabs__count">{consolidated}</span>
        </button>
      </div>
      <p className="board-tabs__hint muted">
        {view === 'synthesis'
          ? 'Insights merged across interviews. Each quote keeps its own interview, speaker and place in the transcript. Edit insights in the By interview view; the synthesis is rebuilt from them.'
          : 'Each interview’s insights, grouped by theme. Edit, move, merge or delete them; your changes are kept when interviews are analysed again. Every quote links to the passage it was taken from.'}
      </p>
    </>
  );
}
