import type { SpeakerRole } from '@domain/transcript';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '../../app/spinner';
import { DocumentInsightsPanel, highlightInTurn, parseQuoteHash } from '../insights';
import { interviewsPath, useProject } from '../projects';
import { countOf, formatBytes, formatLabel, languageLabel } from './document-format';
import { hasTranscript, rowProgress, stalledMessage } from './document-status';
import { ProgressBar } from './progress-bar';
import { SpeakerRoles } from './speaker-roles';
import { StatusChip } from './status-chip';
import { TranscriptView } from './transcript-view';
import { useUploads } from './upload-store';
import { useDocument, useTranscript } from './use-documents';

/** /projects/:projectId/documents/:documentId: one interview, read as it was said. */
export default function DocumentPage() {
  const { projectId = '', documentId = '' } = useParams();
  const location = useLocation();
  const project = useProject(projectId);
  const live = useDocument(projectId, documentId);
  const doc = live.data;
  const readable = doc ? hasTranscript(doc.status) : false;
  const transcript = useTranscript(projectId, doc, readable);
  const upload = useUploads(projectId).find((u) => u.documentId === documentId);

  // Rebuilt only when a label or role changes, so a progress tick does not redraw every turn.
  const speakerKey = doc?.speakers.map((s) => `${s.label}\u0000${s.role}`).join('\u0001') ?? '';
  const roles = useMemo(() => rolesFromKey(speakerKey), [speakerKey]);
  const targetId = location.hash.startsWith('#t-') ? decodeURIComponent(location.hash.slice(1)) : null;
  // A quote's passage, linked as #q-<start>-<end> from an insight.
  const quote = parseQuoteHash(location.hash);
  const quoteStart = quote?.start ?? null;
  const quoteEnd = quote?.end ?? null;
  const quoteFound =
    quote !== null && transcript.data ? transcript.data.turns.some((turn) => highlightInTurn(turn.start, turn.end, quote) !== null) : null;

  // The turns arrive after the page: bring the linked turn or quote into view once it exists. Turns off screen
  // are laid out lazily, so the position is settled again after the browser has drawn what it scrolled to.
  const turnsShown = Boolean(transcript.data);
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
  }, [targetId, quoteStart, quoteEnd, turnsShown]);

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
            <SpeakerRoles projectId={projectId} document={doc} />
            <DocumentInsightsPanel projectId={projectId} document={doc} />
          </aside>
          <section className="doc-layout__main" aria-label="Transcript">
            <h2 className="section-title">Transcript</h2>
            {quoteFound === false && (
              <p className="form-error" role="alert" data-testid="quote-missing">
                This passage is not in the transcript as it is stored now, so it cannot be shown.
              </p>
            )}
            {transcript.error ? (
              <p className="form-error" role="alert">
                Could not load the transcript. Reload the page to try again.
              </p>
            ) : transcript.data ? (
              <TranscriptView content={transcript.data} roles={roles} targetId={targetId} quoteStart={quoteStart} quoteEnd={quoteEnd} />
            ) : (
              <Spinner label="Loading the transcript" />
            )}
          </section>
        </div>
      )}
    </section>
  );
}

function rolesFromKey(key: string): Map<string, SpeakerRole> {
  if (!key) return new Map();
  return new Map(key.split('\u0001').map((pair) => pair.split('\u0000') as [string, SpeakerRole]));
}
