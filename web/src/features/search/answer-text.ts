import { quoteTime } from '@verbatim/contract/citation';
import type { AskPassage, AskResponse, SearchHit } from '@verbatim/contract/search';

/** "Dana, Interview 3 · 12:04" — who said it, where, and when when the transcript has times. */
export function citationLine(p: Pick<AskPassage, 'speaker' | 'documentName' | 'ts'> | Pick<SearchHit, 'speaker' | 'documentName' | 'ts'>): string {
  const time = typeof p.ts === 'number' ? ` · ${quoteTime(p.ts)}` : '';
  return `${p.speaker ? `${p.speaker}, ` : ''}${p.documentName || 'Interview'}${time}`;
}

/**
 * Whether a result is shown in quotation marks: a quote, a participant's words. An insight's title and description
 * are not, and neither is a transcript passage (it may be the interviewer's words): quotation marks mean a
 * participant said it.
 */
export function inQuotationMarks(hit: Pick<SearchHit, 'kind'>): boolean {
  return hit.kind === 'quote';
}

/** A passage's text in three parts: before, the sentence that speaks to the question (empty when none), after. */
export function focusParts(p: Pick<AskPassage, 'text' | 'focus'>): [string, string, string] {
  if (!p.focus) return [p.text, '', ''];
  return [p.text.slice(0, p.focus.start), p.text.slice(p.focus.start, p.focus.end), p.text.slice(p.focus.end)];
}

/** The numbers citations are shown with: passages in the order the answer first cites them, from 1. */
export function citationNumbers(answer: AskResponse): Map<string, number> {
  const order = answer.mode === 'gemini' ? answer.sentences.flatMap((s) => s.citations) : answer.passages.map((p) => p.id);
  const numbers = new Map<string, number>();
  for (const id of order) if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
  return numbers;
}

/** The answer as plain text for the clipboard: the answer with [n] markers, then each cited passage verbatim. */
export function answerText(answer: AskResponse): string {
  const numbers = citationNumbers(answer);
  const marks = (ids: readonly string[]) => ids.map((id) => `[${numbers.get(id)}]`).join('');
  const lines = [`Q: ${answer.question}`, ''];
  if (answer.mode === 'nothing') return [...lines, answer.notice ?? ''].join('\n');
  if (answer.mode === 'gemini') lines.push(answer.sentences.map((s) => `${s.text} ${marks(s.citations)}`).join(' '));
  else lines.push(`${answer.headline ?? ''} ${marks(answer.passages.map((p) => p.id))}`);
  lines.push('', 'Sources:');
  const byId = new Map(answer.passages.map((p) => [p.id, p]));
  for (const [id, n] of numbers) {
    const p = byId.get(id);
    if (p) lines.push(`[${n}] “${p.text}” — ${citationLine(p)}`);
  }
  return lines.join('\n');
}
