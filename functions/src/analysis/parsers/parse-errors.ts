/** The refusals shared by several parsers, each one sentence that says what to do. */
import { ACCEPTED_EXTENSIONS_TEXT, ParseError } from '@verbatim/contract/transcript';

/** `what` says what the file is; `fix` what to do instead (by default: which types are accepted). */
export function unsupportedType(what: string, fix = `upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}`): ParseError {
  return new ParseError('unsupported-type', `${what}; ${fix}.`);
}

export function emptyTranscript(): ParseError {
  return new ParseError('empty', 'This file contains no transcript text; check that you picked the right file and upload it again.');
}

export function whitespaceOnly(): ParseError {
  return new ParseError('whitespace-only', 'This file contains only blank space, no words; check that you picked the right file and upload it again.');
}
