import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../src/project';
import { readBody, reserveInterviewBody, updateInterviewBody } from '../../src/request-bodies';

const refused = (field: string, message: string) => ({ ok: false, field, message });

describe('POST /projects/:projectId/documents body', () => {
  it('reads the file name trimmed and any whole size (an oversize file is refused later, as a failed interview)', () => {
    expect(readBody(reserveInterviewBody, { fileName: ' a.txt ', size: 12 })).toEqual({ ok: true, value: { fileName: 'a.txt', size: 12 } });
    expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size: 0 }).ok).toBe(true);
    expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size: 2 ** 60 }).ok).toBe(true);
  });

  it('refuses a missing or long file name, then a size that is not a byte count', () => {
    for (const fileName of [undefined, 3, '', '  ']) {
      expect(readBody(reserveInterviewBody, { fileName, size: -1 })).toEqual(refused('fileName', 'The fileName field is required.'));
    }
    expect(readBody(reserveInterviewBody, { fileName: `${'a'.repeat(MAX_DOCUMENT_NAME_LENGTH - 4)}.txt`, size: 1 }).ok).toBe(true);
    expect(readBody(reserveInterviewBody, { fileName: `${'a'.repeat(MAX_DOCUMENT_NAME_LENGTH)}.txt`, size: 1 })).toEqual(
      refused('fileName', `A file name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`),
    );
    for (const size of [undefined, '12', -1, 1.5, null]) {
      expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size })).toEqual(refused('size', 'The size field must be the file size in bytes.'));
    }
  });

  it('takes a proposed name trimmed, and refuses a blank or long one with the sentences a rename gets', () => {
    expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size: 1, name: ' Session 1 ' })).toEqual({ ok: true, value: { fileName: 'a.txt', size: 1, name: 'Session 1' } });
    for (const name of ['', '   ', null, 4]) expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size: 1, name })).toEqual(refused('name', 'Please give the interview a name.'));
    expect(readBody(reserveInterviewBody, { fileName: 'a.txt', size: 1, name: 'a'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1) })).toEqual(
      refused('name', `An interview name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`),
    );
  });

  it('reads a recording’s confirmation that its sound may reach Gemini as spoken, and refuses one that is not true or false', () => {
    expect(readBody(reserveInterviewBody, { fileName: 'call.m4a', size: 9, kind: 'recording', confirmUnredactedSound: true })).toEqual({
      ok: true,
      value: { fileName: 'call.m4a', size: 9, kind: 'recording', confirmUnredactedSound: true },
    });
    expect(readBody(reserveInterviewBody, { fileName: 'call.m4a', size: 9, kind: 'recording' })).toEqual({ ok: true, value: { fileName: 'call.m4a', size: 9, kind: 'recording' } });
    for (const confirmUnredactedSound of ['yes', 1, null]) {
      expect(readBody(reserveInterviewBody, { fileName: 'call.m4a', size: 9, kind: 'recording', confirmUnredactedSound })).toEqual(
        refused('confirmUnredactedSound', 'The confirmUnredactedSound field must be true or false.'),
      );
    }
  });
});

describe('PATCH /projects/:projectId/documents/:documentId body', () => {
  const body = updateInterviewBody(['Interviewer', 'Ana']);

  it('takes a name trimmed, role corrections of the interview’s own speakers with the version of the roles they were made from, or both', () => {
    expect(readBody(body, { name: ' Session 1 ' })).toEqual({ ok: true, value: { name: 'Session 1' } });
    expect(readBody(body, { speakers: [{ label: 'Ana', role: 'participant' }], rolesVersion: 2 })).toEqual({
      ok: true,
      value: { speakers: [{ label: 'Ana', role: 'participant' }], rolesVersion: 2 },
    });
    expect(readBody(body, { speakers: [], rolesVersion: 0 })).toEqual({ ok: true, value: { speakers: [], rolesVersion: 0 } });
  });

  it('refuses a role change that does not say which version of the roles it was made from', () => {
    const needed = 'A role change needs the rolesVersion of the interview as you read it, so that a change made meanwhile is not undone.';
    expect(readBody(body, { speakers: [{ label: 'Ana', role: 'participant' }] })).toEqual(refused('rolesVersion', needed));
    for (const rolesVersion of ['1', -1, 1.5, null]) {
      expect(readBody(body, { speakers: [{ label: 'Ana', role: 'participant' }], rolesVersion })).toEqual(refused('rolesVersion', needed));
    }
  });

  it('refuses a blank or long name', () => {
    for (const name of ['', '   ', null, 4]) expect(readBody(body, { name })).toEqual(refused('name', 'Please give the interview a name.'));
    expect(readBody(body, { name: 'a'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1) })).toEqual(
      refused('name', `An interview name can be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`),
    );
  });

  it('refuses, in list order and label before role, a speaker the interview does not have or a role that does not exist', () => {
    expect(readBody(body, { speakers: 'Ana' })).toEqual(refused('speakers', 'The speakers field must be a list of {label, role}.'));
    expect(readBody(body, { speakers: [{ label: 'Bo', role: 'boss' }] })).toEqual(refused('speakers', 'There is no speaker named Bo in this interview.'));
    expect(readBody(body, { speakers: [{ label: 3, role: 'participant' }] })).toEqual(refused('speakers', 'There is no speaker named 3 in this interview.'));
    expect(readBody(body, { speakers: [null] })).toEqual(refused('speakers', 'There is no speaker named undefined in this interview.'));
    expect(readBody(body, { speakers: [{ label: 'Ana', role: 'boss' }, { label: 'Bo', role: 'participant' }] })).toEqual(
      refused('speakers', "A speaker's role must be interviewer, participant or unknown."),
    );
  });

  it('refuses an empty change', () => {
    expect(readBody(body, {})).toEqual(refused('body', 'Nothing to change: send a name, speakers or both.'));
  });
});
