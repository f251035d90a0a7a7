/** Checks of what a model writes in its own words: links, addresses and instructions out; a sentence rests on its passage. */
export { isInstruction, stripFreeText } from './strip-free-text';
export { meaningfulWords, sharesMeaningfulWords } from './shared-words';
