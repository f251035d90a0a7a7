import type { SpeakerRole } from '@verbatim/contract/transcript';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useMemo, type ReactNode, type RefObject } from 'react';
import { Spinner } from '../../components/spinner';
import type { TurnPlayer } from '../recordings';
import type { Live } from '../../lib/use-live';
import { SelectionToolbar, type SelectedPassage } from './selection-toolbar';
import { TranscriptFind } from './transcript-find';
import { TranscriptView, type TranscriptCorrecting, type TranscriptQuote } from './transcript-view';
import { CorrectionBar, TurnEditor } from './transcript-correction';
import type { TranscriptCorrection } from './use-transcript-correction';
import type { LinkedPassage } from './use-linked-passage';
import type { TranscriptFindState } from './use-transcript-find';

interface Props {
  transcript: Live<TranscriptContent>;
  roles: ReadonlyMap<string, SpeakerRole>;
  find: TranscriptFindState;
  passage: LinkedPassage;
  quotesByTurn: ReadonlyMap<number, readonly TranscriptQuote[]>;
  focusedInsight: string | null;
  onHighlight: (keys: string[]) => void;
  onCreate: (passage: SelectedPassage) => void;
  onAdd: (passage: SelectedPassage) => void;
  /** Makes a clip of selected words (absent: no recording ready to cut). */
  onClip?: (passage: SelectedPassage) => void;
  listRef: RefObject<HTMLOListElement | null>;
  /** The researcher's corrections of the words (absent: the transcript is read only). */
  correction?: TranscriptCorrection;
  /** The interview's recording: its player (kept in view with the bar), the turn it is at, turns that play. */
  recording?: { player: ReactNode; playingTurn: number | null; turnPlayer?: TurnPlayer };
}

/** The transcript beside an interview's insights: find, the turns with their quotes, and the bar for selected words. */
export function TranscriptPanel({ transcript, roles, find, passage, quotesByTurn, focusedInsight, onHighlight, onCreate, onAdd, onClip, listRef, correction, recording }: Props) {
  const content = transcript.data;
  const correcting = useCorrecting(content, correction);
  return (
    <section className="doc-layout__main" aria-label="Transcript">
      <div className="transcript-bar">
        <h2 className="section-title">Transcript</h2>
        {content && (
          <TranscriptFind query={find.query} onQuery={find.setQuery} count={find.count} current={find.current} onStep={find.step} capped={find.capped} />
        )}
        {recording?.player}
      </div>
      {correction && <CorrectionBar correction={correction} />}
      {content && content.turns.length > 0 && (
        <p className="transcript-hint muted">Select a participant’s words to make an insight or add them to one. Highlighted words are quotes: choose one to see its insight.</p>
      )}
      {passage.quoteFound === false && (
        <p className="form-error" role="alert" data-testid="quote-missing">
          This passage is not in the transcript as it is stored now, so it cannot be shown.
        </p>
      )}
      {transcript.error ? (
        <p className="form-error" role="alert">
          Could not load the transcript. Reload the page to try again.
        </p>
      ) : content ? (
        <>
          <TranscriptView
            content={content}
            roles={roles}
            targetId={passage.targetId}
            linked={passage.linked}
            flashKey={passage.flashKey}
            quotesByTurn={quotesByTurn}
            findsByTurn={find.findsByTurn}
            currentFind={find.current}
            focusedInsight={focusedInsight}
            onHighlight={onHighlight}
            listRef={listRef}
            correcting={correcting}
            playingTurn={recording?.playingTurn}
            turnPlayer={recording?.turnPlayer}
          />
          <SelectionToolbar rootRef={listRef} text={content.text} turns={content.turns} roles={roles} onCreate={onCreate} onAdd={onAdd} onClip={onClip} />
        </>
      ) : (
        <Spinner label="Loading the transcript" />
      )}
    </section>
  );
}

/** What the turns need while the transcript is corrected: the "Correct" action, and the editor of the turn being corrected. */
function useCorrecting(content: TranscriptContent | undefined, correction: TranscriptCorrection | undefined): TranscriptCorrecting | null {
  const { active, editing, edit, cancel, save, saving, error } = correction ?? {};
  return useMemo(() => {
    if (!content || !active || !edit || !save || !cancel) return null;
    const turn = editing === null || editing === undefined ? undefined : content.turns[editing];
    const editor = turn && (
      <TurnEditor
        key={`${editing}:${turn.start}`}
        index={editing!}
        speaker={turn.speaker}
        text={content.text.slice(turn.start, turn.end)}
        saving={saving ?? false}
        error={error ?? null}
        onSave={save}
        onCancel={cancel}
      />
    );
    return { onCorrect: edit, editing: turn ? editing! : null, editor };
  }, [content, active, editing, edit, cancel, save, saving, error]);
}
