/**
 * The server's check of a model's answer before anyone sees it. Every citation must name a passage of the retrieved
 * set (others are dropped and counted); a sentence left without a valid citation is dropped and counted; so is a
 * sentence that puts in quotation marks of any style (see quotation-marks.ts) words its cited passages do not
 * contain, or that shares no word of meaning with them (see free-text/). Links, e-mail addresses and instructions are
 * taken out of every sentence first. What is shown as a quote is always the stored passage, never the model's text.
 * Pure.
 */
import type { AskSentence } from '@verbatim/contract/search';
import { comparable, quotesUnsaid, SAID_APART } from '../analysis/anchoring/quotation-marks';
import { sharesMeaningfulWords, stripFreeText } from '../analysis/free-text';

export const MAX_ANSWER_SENTENCES = 8;
export const MAX_SENTENCE_LENGTH = 600;

export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
}

export interface ValidatedAnswer {
  sentences: AskSentence[];
  dropped: { citations: number; sentences: number };
}

/** Parses and checks the model's JSON; throws MalformedAnswerError when it is not the answer's shape. */
export function validateAnswer(raw: string | undefined, passages: ReadonlyMap<string, string>): ValidatedAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw new MalformedAnswerError('The model did not answer with JSON.');
  }
  const list = (parsed as { sentences?: unknown } | null)?.sentences;
  if (!Array.isArray(list)) throw new MalformedAnswerError('The answer has no list of sentences.');
  const dropped = { citations: 0, sentences: 0 };
  const sentences: AskSentence[] = [];
  for (const item of list) {
    const text = typeof item?.text === 'string' ? stripFreeText(item.text.trim().slice(0, MAX_SENTENCE_LENGTH)) : '';
    const cited: unknown[] = Array.isArray(item?.citations) ? item.citations : [];
    const valid = [...new Set(cited.filter((id): id is string => typeof id === 'string' && passages.has(id.trim())).map((id) => id.trim()))];
    dropped.citations += cited.length - cited.filter((id) => typeof id === 'string' && passages.has(id.trim())).length;
    const misquotes = quotesUnsaid(text, comparable(valid.map((id) => passages.get(id)).join(SAID_APART)));
    const unfounded = !sharesMeaningfulWords(text, valid.map((id) => passages.get(id) ?? ''));
    if (text === '' || valid.length === 0 || misquotes || unfounded || sentences.length >= MAX_ANSWER_SENTENCES) {
      dropped.sentences++;
      continue;
    }
    sentences.push({ text, citations: valid });
  }
  return { sentences, dropped };
}
