import type { Turn } from '@verbatim/contract/transcript';

/**
 * A question is never an insight's evidence: it says what someone asked, not what they think. An anchored span that
 * is nothing but questions is refused; one that ends on a question put to the next speaker (the last words of its
 * turn, answered by someone else) keeps its statements and loses the question. The span only ever shrinks to a
 * sentence boundary inside it, so what is kept is still the transcript's own words. A rhetorical question followed by
 * the speaker's own answer stays part of what they said. Pure.
 */

/** A sentence's end: its mark, then closing quotation marks or brackets. */
const SENTENCE_END = /[.!?…]+["'”’»)\]]*/gu;
const QUESTION_END = /\?["'”’»)\]]*$/u;

/** The span with a closing question put to someone else cut off, or null when the span is nothing but questions. */
export function withoutQuestions(
  text: string,
  span: { start: number; end: number; turnIndex: number },
  turns: readonly Turn[],
): { start: number; end: number } | null {
  const sentences = sentenceEnds(text, span.start, span.end);
  const isQuestion = sentences.map(({ from, to }) => QUESTION_END.test(text.slice(from, to).trim()));
  if (isQuestion.every(Boolean)) return null;
  const turn = turns[span.turnIndex];
  const next = turns[span.turnIndex + 1];
  const closesTurn = text.slice(span.end, turn.end).trim() === '';
  if (!closesTurn || !next || next.speaker === turn.speaker) return span;
  let last = sentences.length - 1;
  while (last >= 0 && isQuestion[last]) last -= 1;
  if (last === sentences.length - 1) return span;
  return { start: span.start, end: sentences[last].to };
}

/** The sentences of `text.slice(start, end)`, as [from, to) offsets with their marks; the last runs to `end`. */
function sentenceEnds(text: string, start: number, end: number): { from: number; to: number }[] {
  const slice = text.slice(start, end);
  const sentences: { from: number; to: number }[] = [];
  let from = 0;
  for (const match of slice.matchAll(SENTENCE_END)) {
    const to = match.index + match[0].length;
    // A mark inside a word ("v1.2", "e.g.x") does not end a sentence.
    if (to < slice.length && !/\s/u.test(slice[to])) continue;
    if (slice.slice(from, to).trim() !== '') sentences.push({ from: start + from, to: start + to });
    from = to;
  }
  if (slice.slice(from).trim() !== '') sentences.push({ from: start + from, to: end });
  return sentences;
}
