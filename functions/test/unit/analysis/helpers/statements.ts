/** Statements and unit vectors built in code, for the grouping and tagging of statements without reading text. */
import type { Keyphrase } from '../../../../src/analysis/local/keyphrases';
import type { Statement } from '../../../../src/analysis/local/statements';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import type { WinkReader } from '../../../../src/analysis/local/wink-model';

/** A one-word (or longer) phrase as the analyser keys and shows it. */
export function phrase(key: string): Keyphrase {
  return { key, display: key, words: key.split(' ').length };
}

/** An ordinary statement of its own answer (`index` apart from the others) naming the given phrases. */
export function statement(index: number, salience: number, phrases: readonly string[]): Statement {
  return {
    index,
    turnIndex: index,
    speaker: 'Ana',
    start: index * 100,
    end: index * 100 + 80,
    words: 14,
    kind: 'observation',
    strength: 0,
    sentiment: 0,
    keyphrases: phrases.map(phrase),
    salience,
  };
}

/** A unit vector along one axis: statements on the same axis mean the same thing, on different axes unrelated things. */
export function axis(k: number): Float32Array {
  const vector = new Float32Array(8);
  vector[k] = 1;
  return vector;
}

/** `text` read as one turn (the `turnIndex`th), and `sentence` of it as the `index`th statement, with its tokens. */
export function statementInTurn(wink: WinkReader, text: string, sentence: string, index: number, kind: Statement['kind'] = 'observation', turnIndex = 0): Statement {
  const start = text.indexOf(sentence);
  const tokens = readTurn(wink, text, { start: 0, end: text.length, speaker: 'Ana' }, turnIndex);
  if (!tokens || start < 0) throw new Error('unreadable');
  const from = tokens.starts.findIndex((at) => at >= start);
  const to = tokens.ends.findLastIndex((at) => at <= start + sentence.length);
  return {
    index, turnIndex, speaker: 'Ana', start, end: start + sentence.length, words: sentence.split(' ').length, kind,
    strength: 0, sentiment: 0, keyphrases: [], salience: 1, source: { tokens, from, to },
  };
}
