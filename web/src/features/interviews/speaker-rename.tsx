import type { Interview } from '@verbatim/contract/project';
import { canCorrectTranscript, cleanSpeakerName, MAX_SPEAKER_NAME_LENGTH, speakerNameError } from '@verbatim/contract/transcript-correction';
import { useId, useState, type KeyboardEvent } from 'react';
import { useCorrectTranscript } from './api/correct-transcript';
import { correctionSummary } from './use-transcript-correction';

/**
 * Renames a speaker of the transcript (a machine's "Speaker 2", a misspelt name). Renamed to another speaker's name,
 * the two become one speaker, with that speaker's role: the form says so before saving. Every quote of theirs shows
 * the new name.
 */
export function SpeakerRename({
  projectId,
  document: doc,
  label,
  onSaved,
}: {
  projectId: string;
  document: Interview;
  label: string;
  /** What the rename did, said by the speakers panel (this speaker's row goes once renamed). */
  onSaved: (message: string | null) => void;
}) {
  const rename = useCorrectTranscript();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(label);
  const id = useId();
  if (!canCorrectTranscript(doc)) return null;

  const name = cleanSpeakerName(draft);
  const refused = draft === label ? null : speakerNameError(draft);
  const into = doc.speakers.find((s) => s.label === name && s.label !== label);
  const own = doc.speakers.find((s) => s.label === label);
  const losesQuotes = into && own?.role === 'participant' && into.role !== 'participant';

  function close() {
    setOpen(false);
    setDraft(label);
    rename.reset();
  }

  function save() {
    if (refused || name === label) return;
    rename.mutate(
      {
        projectId,
        documentId: doc.id,
        transcriptVersion: doc.transcriptVersion ?? 0,
        speakers: [{ from: label, to: name }],
        speakerNames: doc.speakers.flatMap((s) => [s.label, ...s.aliases]),
      },
      {
        onSuccess: (result) => {
          setOpen(false);
          onSaved(`${label} is now ${name}. ${correctionSummary(result).replace(/^Saved\. ?/, '')}`.trim());
        },
      },
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className="link-button speaker-rename__open"
        onClick={() => {
          onSaved(null);
          setOpen(true);
        }}
        aria-label={`Rename ${label}`}
      >
        Rename
      </button>
    );
  }

  return (
    <form
      className="speaker-rename"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <label htmlFor={id}>New name for {label}</label>
      <input
        id={id}
        className="speaker-rename__input"
        value={draft}
        maxLength={MAX_SPEAKER_NAME_LENGTH + 20}
        onChange={(e) => setDraft(e.target.value)}
        aria-invalid={refused ? true : undefined}
        aria-describedby={`${id}-note`}
        disabled={rename.isPending}
        autoFocus
      />
      <p className={refused || rename.error ? 'form-error' : 'panel__hint'} id={`${id}-note`} role={refused || rename.error ? 'alert' : undefined}>
        {refused ??
          rename.error?.message ??
          (into
            ? `${into.label} is already a speaker: the two become one${losesQuotes ? `, the ${into.role === 'interviewer' ? 'interviewer' : 'speaker of unknown role'}, and ${label}’s quotes are removed (only participants are quoted)` : ''}.`
            : 'Every quote of theirs will show the new name.')}
      </p>
      <div className="confirm__actions">
        <button type="submit" className="button button--primary button--small" disabled={rename.isPending || Boolean(refused) || name === label}>
          {rename.isPending ? 'Saving…' : into ? 'Merge speakers' : 'Rename'}
        </button>
        <button type="button" className="button button--small" onClick={close} disabled={rename.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
