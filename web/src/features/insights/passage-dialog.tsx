import { useId, useMemo, useState, type FormEvent } from 'react';
import { DialogActions, ModalDialog } from '../../components/modal-dialog';
import { QuotedWords } from '../../components/quoted-words';
import { showToast } from '../../lib/toast-store';
import { useAddQuote } from './api/add-quote';
import { useCreateInsight } from './api/create-insight';
import { MAX_DESCRIPTION, MAX_TAG, MAX_THEME, MAX_TITLE, insightFieldsError } from './api/insight-wire';
import { updateInsight } from './api/update-insight';
import { searchTerms, normalise } from './board-index';
import type { BoardInsight } from './board';
import { insightMessage } from './insight-messages';
import { insightTitle } from './quote-format';

export interface DialogPassage {
  documentId: string;
  start: number;
  end: number;
  /** The words, as stored: `text.slice(start, end)`. */
  text: string;
  speaker: string;
}

/** How many insights the chooser lists at once. */
const LISTED = 40;

/**
 * What to do with a selected passage: a new insight whose first quote it is, or one more quote of an existing
 * insight. The server anchors it like any quote and refuses the interviewer's words with its own sentence.
 */
export function PassageDialog({
  mode,
  projectId,
  passage,
  insights,
  themes,
  onClose,
  onDone,
}: {
  mode: 'create' | 'add';
  projectId: string;
  passage: DialogPassage;
  /** Every insight on the board (visible), to add to; this interview's first. */
  insights: readonly BoardInsight[];
  /** Themes to offer for a new insight. */
  themes: readonly string[];
  onClose: () => void;
  /** The insight made or added to. */
  onDone: (insightId: string) => void;
}) {
  return (
    <ModalDialog
      title={mode === 'create' ? 'New insight from this passage' : 'Add this passage to an insight'}
      className="passage-dialog"
      testId="passage-dialog"
      onCancel={onClose}
    >
      <blockquote className="passage-dialog__quote">
        <QuotedWords text={passage.text} markClassName="quote__mark" testId="passage-text" />
        <footer>— {passage.speaker}</footer>
      </blockquote>
      {mode === 'create' ? (
        <CreateForm projectId={projectId} passage={passage} themes={themes} onClose={onClose} onDone={onDone} />
      ) : (
        <AddForm projectId={projectId} passage={passage} insights={insights} onClose={onClose} onDone={onDone} />
      )}
    </ModalDialog>
  );
}

function CreateForm({
  projectId,
  passage,
  themes,
  onClose,
  onDone,
}: {
  projectId: string;
  passage: DialogPassage;
  themes: readonly string[];
  onClose: () => void;
  onDone: (id: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tag, setTag] = useState('');
  const [theme, setTheme] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const create = useCreateInsight();
  const id = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = insightFieldsError({ title, description, tag, theme: theme.trim() ? theme : undefined });
    setClientError(invalid);
    if (invalid) return;
    create.mutate(
      { projectId, title, description, tag, theme: theme.trim() || null, passage },
      {
        onSuccess: (insight) => {
          showToast({
            message: insightMessage('Created the insight', insight.title),
            undo: () => updateInsight({ projectId, insightId: insight.id, changes: { deleted: true } }),
            undoneMessage: insightMessage('Removed the insight', insight.title),
          });
          onDone(insight.id);
        },
      },
    );
  }

  const error = clientError ?? create.error?.message ?? null;
  return (
    <form className="form passage-dialog__form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={MAX_TITLE} autoFocus placeholder="What this passage tells you" />
      <label htmlFor={`${id}-description`}>Description (optional)</label>
      <textarea id={`${id}-description`} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={MAX_DESCRIPTION} />
      <div className="passage-dialog__row">
        <div>
          <label htmlFor={`${id}-tag`}>Tag (optional)</label>
          <input id={`${id}-tag`} value={tag} onChange={(e) => setTag(e.target.value)} maxLength={MAX_TAG} />
        </div>
        <div>
          <label htmlFor={`${id}-theme`}>Theme (optional)</label>
          <input id={`${id}-theme`} list={`${id}-themes`} value={theme} onChange={(e) => setTheme(e.target.value)} maxLength={MAX_THEME} />
          <datalist id={`${id}-themes`}>
            {themes.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="passage-error">
          {error}
        </p>
      )}
      <DialogActions type="submit" confirm="Create insight" pendingLabel="Creating…" pending={create.isPending} onCancel={onClose} />
    </form>
  );
}

function AddForm({
  projectId,
  passage,
  insights,
  onClose,
  onDone,
}: {
  projectId: string;
  passage: DialogPassage;
  insights: readonly BoardInsight[];
  onClose: () => void;
  onDone: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const add = useAddQuote();
  const id = useId();
  // This interview's insights first, then the others; each with its words normalised once for the search.
  const ranked = useMemo(
    () =>
      [...insights]
        .sort((a, b) => Number(b.documentIds.includes(passage.documentId)) - Number(a.documentIds.includes(passage.documentId)))
        .map((insight) => ({ insight, haystack: normalise(`${insight.title}\n${insight.description}\n${insight.tag}`) })),
    [insights, passage.documentId],
  );
  const terms = searchTerms(search);
  const matches = ranked.filter((r) => terms.every((t) => r.haystack.includes(t)));
  const listed = matches.slice(0, LISTED);
  const chosen = choice && listed.some((r) => r.insight.id === choice) ? choice : (listed[0]?.insight.id ?? null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    const target = insights.find((i) => i.id === chosen)!;
    add.mutate(
      { projectId, insightId: chosen, passage },
      {
        onSuccess: () => {
          showToast({ message: insightMessage('Added the passage to the insight', target.title) });
          onDone(chosen);
        },
      },
    );
  }

  return (
    <form className="form passage-dialog__form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-search`}>Find an insight</label>
      <input
        id={`${id}-search`}
        type="search"
        value={search}
        autoFocus
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          const at = listed.findIndex((r) => r.insight.id === chosen);
          if (e.key === 'ArrowDown' && at < listed.length - 1) {
            e.preventDefault();
            setChoice(listed[at + 1].insight.id);
          } else if (e.key === 'ArrowUp' && at > 0) {
            e.preventDefault();
            setChoice(listed[at - 1].insight.id);
          }
        }}
        aria-controls={`${id}-list`}
        placeholder="Type words of its title, description or tag"
      />
      <fieldset className="insight-chooser" id={`${id}-list`}>
        <legend className="visually-hidden">Insight to add the passage to</legend>
        {listed.length === 0 && <p className="muted">No insight matches these words.</p>}
        {listed.map(({ insight }) => (
          <label key={insight.id} className={`insight-chooser__item${insight.id === chosen ? ' insight-chooser__item--chosen' : ''}`}>
            <input type="radio" name={`${id}-insight`} value={insight.id} checked={insight.id === chosen} onChange={() => setChoice(insight.id)} />
            <span className="insight-chooser__title">{insightTitle(insight.title)}</span>
            <span className="insight-chooser__meta">
              {insight.quotes.length} {insight.quotes.length === 1 ? 'quote' : 'quotes'}
              {insight.documentIds.includes(passage.documentId) ? ' · this interview' : ''}
            </span>
          </label>
        ))}
        {matches.length > LISTED && <p className="muted">{matches.length - LISTED} more; type to narrow.</p>}
      </fieldset>
      {add.error && (
        <p className="form-error" role="alert" data-testid="passage-error">
          {add.error.message}
        </p>
      )}
      <DialogActions type="submit" confirm="Add quote" pendingLabel="Adding…" pending={add.isPending} disabled={!chosen} onCancel={onClose} />
    </form>
  );
}
