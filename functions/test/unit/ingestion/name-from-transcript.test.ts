/** An interview nobody named is named from its transcript once the server has read it, as the upload list names a text file. */
import { describe, expect, it } from 'vitest';
import { proposeInterviewName } from '@verbatim/contract/interview-name';
import { readFileSync } from 'node:fs';
import { nameFromTranscript, namedByNobody } from '../../../src/ingestion/name-from-transcript';
import { parseFixture } from '../parsers/helpers/fixtures';

const raw = (name: string) => readFileSync(new URL(`../../fixtures/transcripts/${name}`, import.meta.url), 'utf8');

describe('naming an interview from its parsed transcript', () => {
  it('names a Markdown interview as the upload list does from its text: the participant, not the host', async () => {
    const name = '10_changelog_founders-talk-91.md';
    expect(nameFromTranscript(name, await parseFixture(name))).toBe('Jack Dorsey');
    expect(nameFromTranscript(name, await parseFixture(name))).toBe(proposeInterviewName(name, raw(name)).name);
  });

  it('names a PDF, which the browser cannot read, by its participant', async () => {
    const name = '01_pdpilot_P2_user-study-interview.pdf';
    expect(nameFromTranscript(name, await parseFixture(name))).toBe('P2');
  });

  it('keeps the file’s own name where the transcript names no one and no day (a focus group)', async () => {
    const name = '14_qualcoder_transcript_focus-group.txt';
    expect(nameFromTranscript(name, await parseFixture(name))).toBeNull();
  });

  it('keeps the file’s own name where no turn is labelled: the parser’s placeholder for no one names no participant', async () => {
    const name = '15_qualcoder_ID1_student-response.docx';
    expect(nameFromTranscript(name, await parseFixture(name))).toBeNull();
  });

  it('names only an interview that still carries its file’s name or the name its file’s name alone proposes: a name typed or read from the words is the researcher’s', () => {
    expect(namedByNobody({ name: 'call.docx', fileName: 'call.docx' })).toBe(true);
    // A Word or PDF file the browser cannot read is sent with the name its file's name alone proposes.
    expect(namedByNobody({ name: 'call', fileName: 'call.docx' })).toBe(true);
    expect(namedByNobody({ name: 'P2', fileName: '01_pdpilot_P2_user-study-interview.pdf' })).toBe(true);
    expect(namedByNobody({ name: 'Dana, March', fileName: 'call.docx' })).toBe(false);
    expect(namedByNobody({ name: 'call 2', fileName: 'call.docx' })).toBe(false);
  });
});
