import type { Clip } from '@verbatim/contract/clip';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { showToast } from '../../lib/toast-store';
import { QuoteClipContext, type ClippableQuote, type QuoteClipping } from '../../lib/quote-clip';
import { createClip } from './api/create-clip';
import { ClipEditor } from './clip-editor';

/**
 * Makes clips on an interview's page: quotes beside the transcript (their "Make a clip" buttons, through the context)
 * and selected words (`useClipMaker().make`). A clip made opens in the editor; a refusal is said in a toast.
 */
export function useClipMaker(projectId: string, clippable: boolean) {
  const [open, setOpen] = useState<Clip | null>(null);
  const [making, setMaking] = useState(false);
  const make = useCallback(
    (quote: ClippableQuote) => {
      setMaking(true);
      createClip(projectId, { documentId: quote.documentId, start: quote.start, end: quote.end })
        .then(setOpen, (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The clip could not be made.', tone: 'error' }))
        .finally(() => setMaking(false));
    },
    [projectId],
  );
  const clipping = useMemo<QuoteClipping>(() => ({ canClip: (quote) => clippable && quote.ts !== undefined, busy: making, make }), [clippable, making, make]);
  const editor = open ? <ClipEditor projectId={projectId} clip={open} onClose={() => setOpen(null)} /> : null;
  return { clipping, make, editor };
}

/** Lets the quotes inside make clips (see `QuoteClipButton`). */
export function QuoteClipArea({ clipping, children }: { clipping: QuoteClipping; children: ReactNode }) {
  return <QuoteClipContext.Provider value={clipping}>{children}</QuoteClipContext.Provider>;
}
