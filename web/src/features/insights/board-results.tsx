import type { Board } from './board';
import { ThemeBoard, type BoardEditing } from './theme-board';

interface Props {
  projectId: string;
  board: Board;
  names: ReadonlyMap<string, string>;
  editing: BoardEditing | undefined;
  /** The search the results were computed for. */
  search: string;
  filtered: boolean;
  /** The synthesis view while the synthesis is not there yet. */
  synthesisPending: boolean;
}

/** The insights the filters leave, by theme; or why there are none. */
export function BoardResults({ projectId, board, names, editing, search, filtered, synthesisPending }: Props) {
  return (
    // The search the results below were computed for (read by the speed test).
    <div className="board-results" data-applied-search={search}>
      {synthesisPending ? (
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
  );
}
