import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { plural } from '@verbatim/contract/plural';
import type { TranscriptCorrection } from './use-transcript-correction';

/**
 * Above the transcript: how many corrections it has had, and the switch that lets the researcher correct its words
 * (each turn then offers "Correct"; speakers are renamed in the speakers list). What the last correction did to the
 * quotes is said here.
 */
export function CorrectionBar({ correction }: { correction: TranscriptCorrection }) {
  const { available, active, version, machineMade, saved } = correction;
  if (!available && version === 0 && !machineMade) return null;
  return (
    <div className="correction-bar" data-testid="correction-bar">
      <p className="correction-bar__facts muted">
        {machineMade && <span>Transcribed by Gemini from the recording: check the words and speakers’ names, and correct them here. </span>}
        {version > 0 && <span data-testid="correction-count">Corrected {plural(version, 'time')}.</span>}
      </p>
      {available && (
        <button type="button" className="button button--small" aria-pressed={active} onClick={() => correction.setActive(!active)}>
          {active ? 'Done correcting' : 'Correct transcript'}
        </button>
      )}
      {active && (
        <p className="correction-bar__hint">
          Choose <strong>Correct</strong> on a turn to fix its words; rename speakers in the speakers list. Quotes follow the corrected words.
        </p>
      )}
      {saved && (
        <p className="panel__saved correction-bar__saved" role="status">
          {saved}
        </p>
      )}
    </div>
  );
}

/** A turn's words in a text box: Save stores them, Cancel or Escape puts the turn back as it was. */
export function TurnEditor({
  index,
  speaker,
  text,
  saving,
  error,
  onSave,
  onCancel,
}: {
  index: number;
  speaker: string;
  text: string;
  saving: boolean;
  error: string | null;
  onSave: (index: number, text: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(text);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const unchanged = draft === text;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form
      className="turn-editor"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) onSave(index, draft);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Words of turn {index + 1} ({speaker})
      </label>
      <textarea
        id={id}
        ref={box}
        className="turn-editor__text"
        value={draft}
        rows={Math.min(16, Math.max(3, Math.ceil(draft.length / 90)))}
        onChange={(e) => setDraft(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={saving}
      />
      {error && (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="turn-editor__actions">
        <button type="submit" className="button button--primary button--small" disabled={saving || unchanged}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--small" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
