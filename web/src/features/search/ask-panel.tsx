import type { AskPassage, AskResponse } from '@verbatim/contract/search';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { copyText } from '../../lib/copy-text';
import { quotePath } from '../insights';
import { useAskResearch } from './api/ask-research';
import { answerText, citationLine, citationNumbers, focusParts } from './answer-text';

function Citation({ passage, n }: { passage: AskPassage; n: number }) {
  return (
    <Link
      to={quotePath(passage.projectId, passage)}
      className="ask-citation"
      data-testid="ask-citation"
      title={`“${passage.text}” — ${citationLine(passage)}`}
      aria-label={`Source ${n}: ${citationLine(passage)}`}
    >
      {n}
    </Link>
  );
}

function Sources({ answer, numbers }: { answer: AskResponse; numbers: Map<string, number> }) {
  const byId = new Map(answer.passages.map((p) => [p.id, p]));
  return (
    <ol className="ask-sources" aria-label="Sources">
      {[...numbers].map(([id, n]) => {
        const p = byId.get(id);
        if (!p) return null;
        return (
          <li key={id} value={n} data-testid="ask-source">
            <blockquote>
              “{focusParts(p)[0]}
              {p.focus && <mark data-testid="ask-focus">{focusParts(p)[1]}</mark>}
              {focusParts(p)[2]}”
            </blockquote>
            <Link to={quotePath(p.projectId, p)} className="muted">
              — {citationLine(p)}
              {p.projectName ? ` · ${p.projectName}` : ''}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

function Answer({ answer }: { answer: AskResponse }) {
  const [copied, setCopied] = useState(false);
  const numbers = citationNumbers(answer);
  const byId = new Map(answer.passages.map((p) => [p.id, p]));
  const cite = (ids: readonly string[]) =>
    ids.map((id) => {
      const p = byId.get(id);
      return p ? <Citation key={id} passage={p} n={numbers.get(id)!} /> : null;
    });
  if (answer.mode === 'nothing') {
    return (
      <p className="ask-answer ask-answer--nothing" data-testid="ask-answer" role="status">
        {answer.notice}
      </p>
    );
  }
  return (
    <div className="ask-answer" data-testid="ask-answer">
      {answer.notice && <p className="muted">{answer.notice}</p>}
      {answer.mode === 'gemini' ? (
        <p>
          {answer.sentences.map((s, k) => (
            <span key={k} className="ask-sentence">
              {s.text} {cite(s.citations)}{' '}
            </span>
          ))}
        </p>
      ) : (
        <p className="ask-headline" data-testid="ask-headline">
          <strong>{answer.headline}</strong> {cite(answer.passages.map((p) => p.id))}
        </p>
      )}
      <Sources answer={answer} numbers={numbers} />
      <div className="ask-answer__actions">
        <button
          type="button"
          className="button button--small"
          onClick={async () => setCopied(await copyText(answerText(answer)))}
        >
          {copied ? 'Copied' : 'Copy answer'}
        </button>
        {(answer.dropped.sentences > 0 || answer.dropped.citations > 0) && (
          <span className="muted">
            {answer.dropped.sentences} sentence(s) and {answer.dropped.citations} citation(s) that did not trace to a passage were left out.
          </span>
        )}
      </div>
    </div>
  );
}

/** "Ask your research": a question → an answer built only from the researcher's own interviews, every citation verbatim. */
export function AskPanel({ projectId, projectName, autoFocus = false }: { projectId?: string; projectName?: string; autoFocus?: boolean }) {
  const [question, setQuestion] = useState('');
  const ask = useAskResearch();
  // The box grows with the question, so the whole of it stays in view.
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [question]);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (question.trim() === '') return;
    ask.mutate({ question: question.trim(), projectId });
  }
  return (
    <section className="ask-panel" id="ask" aria-labelledby="ask-title">
      <h2 id="ask-title">Ask your research{projectName ? ` · ${projectName}` : ''}</h2>
      <form onSubmit={submit} className="ask-form">
        <label className="visually-hidden" htmlFor="ask-question">
          Your question
        </label>
        <textarea
          id="ask-question"
          className="input"
          value={question}
          maxLength={500}
          ref={box}
          rows={1}
          autoFocus={autoFocus}
          placeholder="What did people say about onboarding?"
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            // Enter asks, as in a one-line box; Shift+Enter starts a new line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit" className="button button--primary" disabled={ask.isPending || question.trim() === ''}>
          {ask.isPending ? 'Asking…' : 'Ask'}
        </button>
      </form>
      <p className="muted ask-panel__note">Answers use only your interviews; every citation is a participant’s exact words. Asking costs no credit.</p>
      {ask.error && (
        <p className="form-error" role="alert">
          {ask.error.message}
        </p>
      )}
      {ask.data && <Answer answer={ask.data} />}
    </section>
  );
}
