/** Parsing a file that must be refused: the ParseError it gets, checked to be one plain sentence with the right code. */
import { expect } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers/index';
import { ParseError, type ParseErrorCode } from '@verbatim/contract/transcript';

export async function refusal(bytes: Uint8Array, fileName: string, contentType?: string): Promise<ParseError> {
  try {
    await parseTranscript(contentType ? { bytes, fileName, contentType } : { bytes, fileName });
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error(`${fileName} was accepted`);
}

export async function expectRefused(bytes: Uint8Array, fileName: string, code: ParseErrorCode): Promise<ParseError> {
  const error = await refusal(bytes, fileName);
  expect(error.code).toBe(code);
  expect(error.name).toBe('ParseError');
  // One sentence, ending with a full stop, no stack or library wording.
  expect(error.message).toMatch(/^[A-Z].*\.$/s);
  expect(error.message).not.toMatch(/Exception|undefined|null|\n/);
  return error;
}
