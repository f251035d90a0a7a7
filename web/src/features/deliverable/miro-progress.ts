import type { MiroPushState } from '@verbatim/contract/miro';

/** The progress bar of a push: the board and its frames first (no amount yet), then stickies placed of all. */
export function miroProgress(board: Pick<MiroPushState, 'done' | 'total'> | null): { label: string; percent: number | null } {
  if (!board) return { label: 'Making the Miro board and its theme frames', percent: null };
  const percent = board.total > 0 ? Math.min(100, Math.round((board.done / board.total) * 100)) : 100;
  return { label: `Placing stickies on the Miro board (${board.done} of ${board.total})`, percent };
}
