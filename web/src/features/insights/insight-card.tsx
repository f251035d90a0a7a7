import { memo, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { tagKey } from '@verbatim/contract/themes';
import { MAX_DESCRIPTION, MAX_TAG, MAX_THEME, MAX_TITLE, insightFieldsError } from './api/insight-wire';
import type { BoardInsight } from './board';
import { deleteInsight, editInsight, moveInsight } from './insight-actions';
import { selectToMergeLabel, themeLabel } from './insight-messages';
import { insightTitle, QUOTES_REMOVED_NOTE, uniqueSourceCount, uniqueSourcesTooltip } from './quote-format';
import { SupportingQuote } from './supporting-quote';
import { FindingReelButton } from '../clips';

/** Quotes shown before "Show all". */
const QUOTES_SHOWN = 3;

/**
 * What a card needs to be edited: present on the researcher's own board, absent on the synthesis. Passed as
 * separate props so a card re-renders only when its own part changes.
 */
export interface CardEditing {
  /** Every theme on the board, to move to (the same array for every card). */
  themes: readonly string[];
  /** The theme the card sits under now. */
  theme: string;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}

type Mode = 'view' | 'edit' | 'move';

/** An insight: title, source badge, description, tag, its supporting quotes with their citations, and its edits. */
export const InsightCard = memo(function InsightCard({
  projectId,
  insight,
  names,
  themes,
  theme,
  selected = false,
  onSelect,
}: {
  projectId: string;
  insight: BoardInsight;
  names: ReadonlyMap<string, string>;
} & Partial<CardEditing>) {
  const editing: CardEditing | null = onSelect && themes && theme !== undefined ? { themes, theme, selected, onSelect } : null;
  const [expanded, setExpanded] = useState(false);
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const sources = uniqueSourceCount(insight.quotes);
  const shown = expanded ? insight.quotes : insight.quotes.slice(0, QUOTES_SHOWN);
  const hidden = insight.quotes.length - shown.length;
  const titleId = `insight-${insight.id}`;
  const actionsRef = useRef<HTMLDivElement>(null);

  const close = () => {
    setMode('view');
    // Back to the button that opened the form, for keyboard users.
    requestAnimationFrame(() => actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus());
  };

  async function remove() {
    setBusy(true);
    try {
      await deleteInsight(projectId, insight);
    } catch {
      setBusy(false);
    }
  }

  return (
    <article
      className={`insight-card${editing?.selected ? ' insight-card--selected' : ''}`}
      data-testid="insight-card"
      data-insight-id={insight.id}
      aria-labelledby={titleId}
    >
      {mode === 'edit' && editing ? (
        <InsightEditor projectId={projectId} insight={insight} onDone={close} />
      ) : (
        <>
          <header className="insight-card__head">
            {editing && (
              <label className="insight-card__select" title="Select to merge">
                <input
                  type="checkbox"
                  checked={editing.selected}
                  onChange={(e) => editing.onSelect(insight.id, e.target.checked)}
                  aria-label={selectToMergeLabel(insight.title)}
                  data-testid="select-insight"
                />
              </label>
            )}
            <h3 className="insight-card__title" id={titleId}>
              {insightTitle(insight.title)}
            </h3>
            <span className="source-badge" title={uniqueSourcesTooltip(sources)} aria-label={uniqueSourcesTooltip(sources)} data-testid="source-badge">
              <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
                <path d="M4 1.5h5.5L13 5v9.5H4z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
              </svg>
              {sources}
            </span>
          </header>
          {insight.description && <p className="insight-card__description">{insight.description}</p>}
          <div className="insight-card__meta">
            {insight.tag.trim() && (
              <span className="tag-chip" data-testid="insight-tag">
                {insight.tag.trim()}
              </span>
            )}
            <span className="insight-card__count">
              {insight.quotes.length} {insight.quotes.length === 1 ? 'quote' : 'quotes'}
            </span>
          </div>
        </>
      )}
      {insight.quotesRemoved && mode !== 'edit' && (
        <p className="insight-card__no-quotes" data-testid="quotes-removed">
          {QUOTES_REMOVED_NOTE}
        </p>
      )}
      {insight.quotes.length > 0 && mode !== 'edit' && (
        <section className="insight-card__quotes" aria-label="Supporting Quotes">
          <h4 className="insight-card__quotes-title">Supporting Quotes</h4>
          <ul className="quote-list">
            {shown.map((quote) => (
              <SupportingQuote key={`${quote.documentId}:${quote.start}-${quote.end}`} projectId={projectId} quote={quote} names={names} />
            ))}
          </ul>
          {(hidden > 0 || expanded) && insight.quotes.length > QUOTES_SHOWN && (
            <button type="button" className="link-button insight-card__more" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
              {expanded ? 'Show fewer quotes' : `Show ${hidden} more ${hidden === 1 ? 'quote' : 'quotes'}`}
            </button>
          )}
        </section>
      )}
      {editing && mode === 'move' && <ThemeMover projectId={projectId} insight={insight} editing={editing} onDone={close} />}
      {editing && mode === 'view' && (
        <div className="insight-card__actions" ref={actionsRef}>
          <button type="button" className="card-action" onClick={() => setMode('edit')} disabled={busy}>
            Edit
          </button>
          <button type="button" className="card-action" onClick={() => setMode('move')} disabled={busy}>
            Move to theme
          </button>
          <FindingReelButton projectId={projectId} insight={insight} />
          <button type="button" className="card-action card-action--danger" onClick={() => void remove()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      )}
    </article>
  );
});

/** Title, description and tag, edited in place; Enter in a one-line field saves, Escape cancels. */
function InsightEditor({ projectId, insight, onDone }: { projectId: string; insight: BoardInsight; onDone: () => void }) {
  const [title, setTitle] = useState(insight.title);
  const [description, setDescription] = useState(insight.description);
  const [tag, setTag] = useState(insight.tag);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => firstRef.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = insightFieldsError({ title, description, tag });
    setError(invalid);
    if (invalid) return;
    if (title.trim() === insight.title && description.trim() === insight.description && tag.trim() === insight.tag) return onDone();
    setSaving(true);
    try {
      await editInsight(projectId, insight, { title, description, tag });
      onDone();
    } catch (err) {
      setSaving(false);
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <form className="insight-editor" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label="Edit insight">
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} ref={firstRef} value={title} maxLength={MAX_TITLE} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea
        id={`${id}-description`}
        value={description}
        rows={3}
        maxLength={MAX_DESCRIPTION}
        onChange={(e) => setDescription(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void onSubmit(e);
        }}
      />
      <label htmlFor={`${id}-tag`}>Tag</label>
      <input id={`${id}-tag`} value={tag} maxLength={MAX_TAG} onChange={(e) => setTag(e.target.value)} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="insight-editor__actions">
        <button type="submit" className="button button--primary button--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--small" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const NEW_THEME = '\u0000new';
const TAG_THEME = '\u0000tag';

/** Moves an insight under another theme: one already on the board, a new one, or back to its tag's theme. */
function ThemeMover({ projectId, insight, editing, onDone }: { projectId: string; insight: BoardInsight; editing: CardEditing; onDone: () => void }) {
  const others = editing.themes.filter((t) => tagKey(t) !== tagKey(editing.theme));
  const [choice, setChoice] = useState<string>(others[0] ?? NEW_THEME);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const id = useId();

  useEffect(() => selectRef.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const theme = choice === TAG_THEME ? null : choice === NEW_THEME ? name.trim() : choice;
    const invalid = theme === null ? null : insightFieldsError({ theme });
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      await moveInsight(projectId, insight, theme, themeLabel(theme));
      onDone();
    } catch (err) {
      setSaving(false);
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <form
      className="theme-mover"
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
      noValidate
    >
      <label htmlFor={`${id}-theme`}>Move to theme</label>
      <select id={`${id}-theme`} ref={selectRef} value={choice} onChange={(e) => setChoice(e.target.value)}>
        {others.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
        <option value={NEW_THEME}>New theme…</option>
        {insight.theme && <option value={TAG_THEME}>Back to its tag’s theme</option>}
      </select>
      {choice === NEW_THEME && (
        <input aria-label="New theme name" placeholder="New theme name" value={name} maxLength={MAX_THEME} onChange={(e) => setName(e.target.value)} autoFocus />
      )}
      <button type="submit" className="button button--primary button--small" disabled={saving}>
        {saving ? 'Moving…' : 'Move'}
      </button>
      <button type="button" className="button button--small" onClick={onDone} disabled={saving}>
        Cancel
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
