import type { SpeakerRole, Turn } from '@verbatim/contract/transcript';
import { turnIndexAt } from '@verbatim/contract/transcript-lookup';
import { useEffect, useState, type RefObject } from 'react';
import { resolveSelection, selectionPieces } from './transcript-selection';

/** A passage of one turn the researcher selected: offsets into the stored text. */
export interface SelectedPassage {
  start: number;
  end: number;
  speaker: string;
  role: SpeakerRole;
}

type Shown =
  | { kind: 'passage'; passage: SelectedPassage; top: number; left: number }
  | { kind: 'crosses'; top: number; left: number };

export const INTERVIEWER_PASSAGE = "That passage is the interviewer's; only participants' words can be quoted.";
export const UNKNOWN_ROLE_PASSAGE = 'This speaker’s role is unknown. Mark them as a participant under Speakers to quote them.';
export const CROSSES_PASSAGE = 'That passage crosses speakers or is not in the transcript; select words from one turn.';

/**
 * Watches text selections inside the transcript and offers what can be done with one: create an insight from it,
 * or add it to an insight as a quote. Only a participant's words can be quoted; the bar says so otherwise.
 * Keyboard: N creates, A adds, Escape closes.
 */
export function SelectionToolbar({
  rootRef,
  text,
  turns,
  roles,
  onCreate,
  onAdd,
  onClip,
}: {
  rootRef: RefObject<HTMLElement | null>;
  text: string;
  turns: readonly Turn[];
  roles: ReadonlyMap<string, SpeakerRole>;
  onCreate: (passage: SelectedPassage) => void;
  onAdd: (passage: SelectedPassage) => void;
  /** Makes a clip of the words (absent: the interview has no recording ready). Any speaker's words can be clipped. */
  onClip?: (passage: SelectedPassage) => void;
}) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const read = () => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0) return setShown(null);
      const range = selection.getRangeAt(0);
      if (!root.contains(range.commonAncestorContainer) && !range.intersectsNode(root)) return setShown(null);
      const resolved = resolveSelection(selectionPieces(range, root), text);
      if (resolved.kind === 'empty') return setShown(null);
      const rect = range.getBoundingClientRect();
      const top = rect.bottom + 8;
      const left = Math.min(Math.max(12, rect.left + rect.width / 2), window.innerWidth - 12);
      if (resolved.kind === 'crosses') return setShown({ kind: 'crosses', top, left });
      const turn = turns[turnIndexAt(turns, resolved.start)];
      if (!turn) return setShown(null);
      setShown({
        kind: 'passage',
        passage: { start: resolved.start, end: resolved.end, speaker: turn.speaker, role: roles.get(turn.speaker) ?? 'unknown' },
        top,
        left,
      });
    };
    const later = () => window.setTimeout(read, 0);
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.shiftKey || event.key.startsWith('Arrow') || event.key === 'Shift') later();
    };
    // Selections end with a mouse or finger lifted, or with Shift+arrows; a collapsed selection hides the bar.
    const onSelectionChange = () => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed) setShown(null);
    };
    root.addEventListener('mouseup', later);
    root.addEventListener('touchend', later);
    root.addEventListener('keyup', onKeyUp);
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      root.removeEventListener('mouseup', later);
      root.removeEventListener('touchend', later);
      root.removeEventListener('keyup', onKeyUp);
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, [rootRef, text, turns, roles]);

  // The bar stays under the selection while the page scrolls, and goes when the selection does.
  useEffect(() => {
    if (!shown) return;
    const onScroll = () => {
      const selection = window.getSelection();
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return setShown(null);
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      setShown((s) => (s ? { ...s, top: rect.bottom + 8, left: Math.min(Math.max(12, rect.left + rect.width / 2), window.innerWidth - 12) } : s));
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'Escape') {
        window.getSelection()?.removeAllRanges();
        setShown(null);
      } else if (shown.kind === 'passage' && shown.passage.role === 'participant' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === 'n' || event.key === 'N') {
          event.preventDefault();
          onCreate(shown.passage);
          setShown(null);
        } else if (event.key === 'a' || event.key === 'A') {
          event.preventDefault();
          onAdd(shown.passage);
          setShown(null);
        }
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKey);
    };
  }, [shown, onCreate, onAdd]);

  if (!shown) return null;
  const style = { top: shown.top, left: shown.left };
  const clipButton =
    onClip && shown.kind === 'passage' ? (
      <button
        type="button"
        className="selection-bar__button"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          onClip(shown.passage);
          window.getSelection()?.removeAllRanges();
          setShown(null);
        }}
        title="Make a clip of these words from the recording"
        data-testid="selection-make-clip"
      >
        Make a clip
      </button>
    ) : null;
  let body;
  if (shown.kind === 'crosses') body = <p className="selection-bar__note">{CROSSES_PASSAGE}</p>;
  else if (shown.passage.role === 'interviewer') body = <p className="selection-bar__note">{INTERVIEWER_PASSAGE}</p>;
  else if (shown.passage.role !== 'participant') body = <p className="selection-bar__note">{UNKNOWN_ROLE_PASSAGE}</p>;
  else {
    const passage = shown.passage;
    body = (
      <>
        <button
          type="button"
          className="selection-bar__button"
          // Keep the selection: a mousedown on the bar would otherwise clear it before the click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            onCreate(passage);
            setShown(null);
          }}
          title="Create an insight from this passage (N)"
          aria-keyshortcuts="N"
        >
          Create insight
        </button>
        <button
          type="button"
          className="selection-bar__button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            onAdd(passage);
            setShown(null);
          }}
          title="Add this passage to an insight as a quote (A)"
          aria-keyshortcuts="A"
        >
          Add to insight…
        </button>
      </>
    );
  }
  return (
    <div className="selection-bar" style={style} role="toolbar" aria-label="Selected passage" data-testid="selection-bar">
      {body}
      {clipButton}
    </div>
  );
}
