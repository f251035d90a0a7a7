import type { SpeakerRole } from '@verbatim/contract/transcript';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '../../app/spinner';
import {
  boardInsights,
  DocumentInsightsPanel,
  highlightInTurn,
  insightsQuoting,
  parseQuoteHash,
  PassageDialog,
  useProjectInsights,
  type DialogPassage,
} from '../insights';
import { interviewsPath, useProject } from '../projects';
import { SubscribeModal } from '../subscribe';
import { countOf, formatBytes, formatLabel, languageLabel } from './document-format';
import { hasTranscript, rowProgress, stalledMessage } from './document-status';
import { ProgressBar } from '../../app/progress-bar';
import { SelectionToolbar, type SelectedPassage } from './selection-toolbar';
import { SpeakerRoles } from './speaker-roles';
import { StatusChip } from './status-chip';
import { TranscriptFind } from './transcript-find';
import { findMatches, foldForFind, MAX_FIND_MATCHES, turnIndexAt, type FindMark } from './transcript-segments';
import { TranscriptView, type TranscriptQuote } from './transcript-view';
import { useUploads } from './upload-store';
import { useDocument, useTranscript } from './use-documents';

/**
 * /projects/:projectId/documents/:documentId: one interview, read as it was said. Every anchored quote is
 * highlighted and opens its insight beside the transcript; a quote chosen there (or linked from the board) is
 * scrolled to and flashed; selected words become an insight or a quote of one; find marks every match.
 */
export default function DocumentPage() {
  const { projectId = '', documentId = '' } = useParams();
  const location = useLocation();
  const project = useProject(projectId);
  const live = useDocument(projectId, documentId);
  const doc = live.data;
  const readable = doc ? hasTranscript(doc.status) : false;
  const transcript = useTranscript(projectId, doc, readable);
  const upload = useUploads(projectId).find((u) => u.documentId === documentId);
  const insights = useProjectInsights(readable ? projectId : undefined);
  const [focused, setFocused] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'create' | 'add'; passage: DialogPassage } | null>(null);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const [findQuery, setFindQuery] = useState('');
  const [findIndex, setFindIndex] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);

  // Rebuilt only when a label or role changes, so a progress tick does not redraw every turn.
  const speakerKey = doc?.speakers.map((s) => `${s.label}\u0000${s.role}`).join('\u0001') ?? '';
  const roles = useMemo(() => rolesFromKey(speakerKey), [speakerKey]);
  const targetId = location.hash.startsWith('#t-') ? decodeURIComponent(location.hash.slice(1)) : null;
  // A quote's passage, linked as #q-<start>-<end> from an insight.
  const quote = parseQuoteHash(location.hash);
  const quoteStart = quote?.start ?? null;
  const quoteEnd = quote?.end ?? null;
  const linked = useMemo(() => (quoteStart !== null && quoteEnd !== null ? { start: quoteStart, end: quoteEnd } : null), [quoteStart, quoteEnd]);
  const content = transcript.data;
  const quoteFound = quote !== null && content ? content.turns.some((turn) => highlightInTurn(turn.start, turn.end, quote) !== null) : null;

  // The insights quoting this interview, and each of their quotes here, by the turn holding it.
  const quoting = useMemo(() => insightsQuoting(insights.data ?? [], documentId), [insights.data, documentId]);
  const everyInsight = useMemo(() => boardInsights(insights.data ?? []), [insights.data]);
  const quotesByTurn = useMemo(() => {
    const byTurn = new Map<number, TranscriptQuote[]>();
    if (!content) return byTurn;
    for (const insight of quoting) {
      for (const q of insight.quotes) {
        if (q.documentId !== documentId) continue;
        const turn = content.turns[turnIndexAt(content.turns, q.start)];
        if (!turn) continue;
        const list = byTurn.get(turn.start) ?? [];
        list.push({ key: `${insight.id}|${q.start}-${q.end}`, insightId: insight.id, title: insight.title || 'Untitled Insight', start: q.start, end: q.end });
        byTurn.set(turn.start, list);
      }
    }
    return byTurn;
  }, [quoting, content, documentId]);
  const themes = useMemo(() => {
    const labels = new Map<string, string>();
    for (const g of doc?.analysis?.groupedTags ?? []) if (g.groupLabel.trim()) labels.set(g.groupLabel.trim().toLowerCase(), g.groupLabel.trim());
    for (const i of everyInsight) if (i.theme?.trim()) labels.set(i.theme.trim().toLowerCase(), i.theme.trim());
    return [...labels.values()];
  }, [doc?.analysis?.groupedTags, everyInsight]);

  // Find: matches inside turns; the one looked at is scrolled to.
  const query = useDeferredValue(findQuery);
  const folded = useMemo(() => (content ? foldForFind(content.text) : ''), [content]);
  const matches = useMemo(() => (content ? findMatches(folded, content.turns, query) : []), [folded, content, query]);
  const findsByTurn = useMemo(() => {
    const byTurn = new Map<number, FindMark[]>();
    if (!content) return byTurn;
    matches.forEach((m, index) => {
      const turn = content.turns[turnIndexAt(content.turns, m.start)];
      if (!turn) return;
      const list = byTurn.get(turn.start) ?? [];
      list.push({ ...m, index });
      byTurn.set(turn.start, list);
    });
    return byTurn;
  }, [matches, content]);
  const currentFind = matches.length === 0 ? -1 : Math.min(findIndex, matches.length - 1);
  useEffect(() => setFindIndex(0), [query]);
  useEffect(() => {
    if (currentFind < 0) return;
    // Turns off screen are laid out lazily (content-visibility): settle the position again once they are drawn.
    const reveal = () => listRef.current?.querySelector(`[data-find="${currentFind}"]`)?.scrollIntoView({ block: 'center' });
    reveal();
    const frame = requestAnimationFrame(reveal);
    const again = window.setTimeout(reveal, 200);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(again);
    };
  }, [currentFind, matches]);
  const stepFind = useCallback((step: 1 | -1) => setFindIndex((i) => (matches.length === 0 ? 0 : (Math.min(i, matches.length - 1) + step + matches.length) % matches.length)), [matches.length]);

  // The turns arrive after the page: bring the linked turn or quote into view once it exists. Turns off screen
  // are laid out lazily, so the position is settled again after the browser has drawn what it scrolled to.
  const turnsShown = Boolean(content);
  useEffect(() => {
    if (!turnsShown) return;
    const reveal = () => {
      if (quoteStart !== null) document.querySelector('[data-testid="quote-highlight"]')?.scrollIntoView({ block: 'center' });
      else if (targetId) document.getElementById(targetId)?.scrollIntoView({ block: 'start' });
    };
    if (quoteStart === null && !targetId) return;
    reveal();
    const again = window.setTimeout(reveal, 250);
    return () => window.clearTimeout(again);
  }, [targetId, quoteStart, quoteEnd, turnsShown, location.key]);

  // A highlight chosen in the transcript: its insight (the next one, when several quote the same words).
  const onHighlight = useCallback((keys: string[]) => {
    const ids = [...new Set(keys.map((k) => k.split('|')[0]))];
    setFocused((current) => {
      const at = current ? ids.indexOf(current) : -1;
      return ids[(at + 1) % ids.length];
    });
  }, []);

  const openDialog = useCallback(
    (mode: 'create' | 'add') => (passage: SelectedPassage) => {
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

  if (live.error || doc === null) {
    return (
      <section className="container">
        <p className="form-error" role="alert">
          This interview does not exist or is not yours.
        </p>
        <p>
          <Link to={interviewsPath(projectId)}>Back to the interviews</Link>
        </p>
      </section>
    );
  }
  if (!doc) return <Spinner label="Loading the interview" />;

  const progress = rowProgress(doc, upload);
  const stalled = stalledMessage(doc, upload);

  return (
    <section className="container document-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/projects">Projects</Link>
        <span aria-hidden="true"> / </span>
        <Link to={interviewsPath(projectId)}>{project.data?.name ?? 'Interviews'}</Link>
      </nav>
      <header className="doc-header">
        <div className="doc-header__title">
          <h1>{doc.name}</h1>
          <StatusChip status={doc.status} />
        </div>
        <dl className="doc-facts">
          <div>
            <dt>Format</dt>
            <dd>{formatLabel(doc.format)}</dd>
          </div>
          {readable && (
            <>
              <div>
                <dt>Words</dt>
                <dd data-testid="word-count">{countOf(doc.wordCount, 'word')}</dd>
              </div>
              <div>
                <dt>Turns</dt>
                <dd>{countOf(doc.turnCount, 'turn')}</dd>
              </div>
              <div>
                <dt>Language</dt>
                <dd>{languageLabel(doc.language)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>File</dt>
            <dd>
              {doc.fileName} ({formatBytes(doc.size)})
            </dd>
          </div>
        </dl>
      </header>

      {progress && <ProgressBar {...progress} />}
      {doc.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="document-error">
          {doc.error ?? 'This file could not be read.'}
        </p>
      )}
      {stalled && (
        <p className="form-error" role="alert" data-testid="document-error">
          {stalled}
        </p>
      )}
      {doc.notes.length > 0 && (
        <section className="notes" aria-label="Notes from reading the file">
          <h2>Notes from reading the file</h2>
          <ul>
            {doc.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      )}

      {readable && (
        <div className="doc-layout">
          <aside className="doc-layout__side">
            <SpeakerRoles projectId={projectId} document={doc} onOutOfCredits={() => setSubscribeOpen(true)} />
            <DocumentInsightsPanel
              projectId={projectId}
              document={doc}
              insights={quoting}
              loading={insights.loading}
              failed={insights.error !== null}
              focusedId={focused}
              onFocus={setFocused}
            />
          </aside>
          <section className="doc-layout__main" aria-label="Transcript">
            <div className="transcript-bar">
              <h2 className="section-title">Transcript</h2>
              {content && (
                <TranscriptFind
                  query={findQuery}
                  onQuery={setFindQuery}
                  count={matches.length}
                  current={currentFind}
                  onStep={stepFind}
                  capped={matches.length >= MAX_FIND_MATCHES}
                />
              )}
            </div>
            {content && content.turns.length > 0 && (
              <p className="transcript-hint muted">Select a participant’s words to make an insight or add them to one. Highlighted words are quotes: choose one to see its insight.</p>
            )}
            {quoteFound === false && (
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
                  targetId={targetId}
                  linked={linked}
                  flashKey={location.key}
                  quotesByTurn={quotesByTurn}
                  findsByTurn={findsByTurn}
                  currentFind={currentFind}
                  focusedInsight={focused}
                  onHighlight={onHighlight}
                  listRef={listRef}
                />
                <SelectionToolbar rootRef={listRef} text={content.text} turns={content.turns} roles={roles} onCreate={onCreate} onAdd={onAdd} />
              </>
            ) : (
              <Spinner label="Loading the transcript" />
            )}
          </section>
        </div>
      )}
      {dialog && (
        <PassageDialog
          mode={dialog.mode}
          projectId={projectId}
          passage={dialog.passage}
          insights={everyInsight}
          themes={themes}
          onClose={() => setDialog(null)}
          onDone={(id) => {
            setDialog(null);
            setFocused(id);
          }}
        />
      )}
      {subscribeOpen && <SubscribeModal onClose={() => setSubscribeOpen(false)} />}
    </section>
  );
}

function rolesFromKey(key: string): Map<string, SpeakerRole> {
  if (!key) return new Map();
  return new Map(key.split('\u0001').map((pair) => pair.split('\u0000') as [string, SpeakerRole]));
}
