/** The local (built-in) analyser: it runs inside Verbatim's functions. Pure apart from loading the wink-nlp model once per process. */
export { createLocalAnalyser, LOCAL_ANALYSER_NOTE, NO_PARTICIPANT_NOTE, NOTHING_FOUND_NOTE, type LocalAnalyserOptions } from './local-analyser';
export { nonEnglishNotice } from './non-english';
export { KIND_THEMES, type StatementKind } from './statement-kinds';
