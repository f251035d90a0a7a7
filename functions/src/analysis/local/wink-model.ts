/**
 * wink-nlp with its English lite model, shared by the analyses of a process. The modules are loaded once, on first use
 * (about 0.2 s and 4 MB); the instance is built from them when first read with, and built again after a reading that
 * threw (wink may leave its lexicon broken) or once it has read `TEXT_LIMITS.renewLibraryAfterChars` (its lexicon keeps
 * every new word). Each build starts clean: `winkNLP(model)` reads the model's core afresh (a copy of its lexicon and
 * feature tables), and wink keeps no state of its own outside the instance. Only the pipeline steps the analyser reads
 * are run: sentence boundaries, negation, sentiment, part of speech.
 */
import type { WinkMethods } from 'wink-nlp';
import { TEXT_LIMITS } from '../../config/server-limits';
import { RenewableInstance } from '../text-bounds';

/** The shared wink instance: every reading goes through `use`, with the characters it reads as its cost. */
export type WinkReader = RenewableInstance<WinkMethods>;

let loading: Promise<WinkReader> | undefined;

export function loadWink(): Promise<WinkReader> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
    return new RenewableInstance(() => winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']), TEXT_LIMITS.renewLibraryAfterChars);
  })().catch((error: unknown) => {
    loading = undefined; // let a later call try again
    throw error;
  });
  return loading;
}
