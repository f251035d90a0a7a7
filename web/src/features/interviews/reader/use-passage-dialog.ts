import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useCallback, useMemo, useState } from 'react';
import type { SelectedPassage } from '..';
import type { DialogPassage } from '../../insights';

export type PassageMode = 'create' | 'add';

/** Selected words on their way into an insight: a new one (`create`) or an existing one (`add`). */
export interface PassageDialogState {
  dialog: { mode: PassageMode; passage: DialogPassage } | null;
  onCreate: (passage: SelectedPassage) => void;
  onAdd: (passage: SelectedPassage) => void;
  close: () => void;
}

/** Opens the dialog for a selected passage, cut from the stored text (the browser's selection is let go). */
export function usePassageDialog(content: TranscriptContent | undefined, documentId: string): PassageDialogState {
  const [dialog, setDialog] = useState<PassageDialogState['dialog']>(null);
  const openDialog = useCallback(
    (mode: PassageMode) => (passage: SelectedPassage) => {
      if (!content) return;
      window.getSelection()?.removeAllRanges();
      setDialog({
        mode,
        passage: { documentId, start: passage.start, end: passage.end, text: content.text.slice(passage.start, passage.end), speaker: passage.speaker },
      });
    },
    [content, documentId],
  );
  const onCreate = useMemo(() => openDialog('create'), [openDialog]);
  const onAdd = useMemo(() => openDialog('add'), [openDialog]);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, onCreate, onAdd, close };
}

/** The insight that stands out beside the transcript; a highlight chosen there focuses the next insight quoting it. */
export function useFocusedInsight(): { focused: string | null; setFocused: (id: string | null) => void; onHighlight: (keys: string[]) => void } {
  const [focused, setFocused] = useState<string | null>(null);
  // A highlight chosen in the transcript: its insight (the next one, when several quote the same words).
  const onHighlight = useCallback((keys: string[]) => {
    const ids = [...new Set(keys.map((k) => k.split('|')[0]))];
    setFocused((current) => {
      const at = current ? ids.indexOf(current) : -1;
      return ids[(at + 1) % ids.length];
    });
  }, []);
  return { focused, setFocused, onHighlight };
}
