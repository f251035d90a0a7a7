import type { Interview } from '@verbatim/contract/project';
import { canCorrectTranscript, type QuoteCorrectionCounts, type TranscriptCorrectionResult } from '@verbatim/contract/transcript-correction';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useCallback, useState } from 'react';
import { useCorrectTranscript } from './api/correct-transcript';
import { plural } from '@verbatim/contract/plural';

/** The interview page's correction of its transcript: on or off, the turn being corrected, and what the last save did. */
export interface TranscriptCorrection {
  /** The transcript can be corrected now (read, and not being analysed). */
  available: boolean;
  /** "Correct transcript" is on: each turn offers to correct its words. */
  active: boolean;
  setActive: (active: boolean) => void;
  /** The index of the turn whose words are being corrected. */
  editing: number | null;
  /** Opens a turn's words for correcting (stable, so the turns need not redraw). */
  edit: (index: number) => void;
  cancel: () => void;
  save: (index: number, text: string) => void;
  saving: boolean;
  error: string | null;
  /** What the last correction did, for the researcher. */
  saved: string | null;
  /** How many corrections the transcript has had. */
  version: number;
  machineMade: boolean;
}

/** "Saved. 2 quotes now read the corrected words. 1 quote was removed: …", for what a correction did. */
export function correctionSummary(result: Pick<TranscriptCorrectionResult, 'quotes'>): string {
  const { changed, removed, insightsWithoutQuotes }: QuoteCorrectionCounts = result.quotes;
  const parts = ['Saved.'];
  if (changed > 0) parts.push(`${plural(changed, 'quote')} now ${changed === 1 ? 'reads' : 'read'} the corrected words.`);
  if (removed > 0) parts.push(`${plural(removed, 'quote')} ${removed === 1 ? 'was' : 'were'} removed: ${removed === 1 ? 'its' : 'their'} words were deleted, or are no longer a participant’s.`);
  if (insightsWithoutQuotes > 0) {
    parts.push(`${plural(insightsWithoutQuotes, 'insight')} ${insightsWithoutQuotes === 1 ? 'has' : 'have'} no quote left: select a passage to give ${insightsWithoutQuotes === 1 ? 'it' : 'them'} one, or delete ${insightsWithoutQuotes === 1 ? 'it' : 'them'}.`);
  }
  return parts.join(' ');
}

export function useTranscriptCorrection(projectId: string, doc: Interview | null | undefined, content: TranscriptContent | undefined): TranscriptCorrection {
  const mutation = useCorrectTranscript();
  const [active, setActiveState] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const available = Boolean(doc && content && canCorrectTranscript(doc));
  const version = doc?.transcriptVersion ?? 0;

  const { reset } = mutation;
  const edit = useCallback(
    (index: number) => {
      reset();
      setSaved(null);
      setEditing(index);
    },
    [reset],
  );
  const cancel = useCallback(() => setEditing(null), []);
  const setActive = useCallback((on: boolean) => {
    setActiveState(on);
    if (!on) setEditing(null);
  }, []);

  const { mutate } = mutation;
  const save = useCallback(
    (index: number, text: string) => {
      if (!doc) return;
      setSaved(null);
      mutate(
        {
          projectId,
          documentId: doc.id,
          transcriptVersion: doc.transcriptVersion ?? 0,
          turns: [{ index, text }],
          speakerNames: doc.speakers.flatMap((s) => [s.label, ...s.aliases]),
        },
        {
          onSuccess: (result) => {
            setEditing(null);
            setSaved(correctionSummary(result));
          },
        },
      );
    },
    [doc, projectId, mutate],
  );

  return {
    available,
    active: active && available,
    setActive,
    editing: available ? editing : null,
    edit,
    cancel,
    save,
    saving: mutation.isPending,
    error: mutation.error?.message ?? null,
    saved,
    version,
    machineMade: doc?.transcriptOrigin === 'machine',
  };
}
