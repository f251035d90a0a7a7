/**
 * wink-nlp with its English lite model, loaded once per process on first use (about 0.2 s and 4 MB), then shared.
 * Only the pipeline steps the analyser reads are run: sentence boundaries, negation, sentiment, part of speech.
 */
import type { WinkMethods } from 'wink-nlp';

let loading: Promise<WinkMethods> | undefined;

export function loadWink(): Promise<WinkMethods> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
    return winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']);
  })().catch((error: unknown) => {
    loading = undefined; // let a later call try again
    throw error;
  });
  return loading;
}
