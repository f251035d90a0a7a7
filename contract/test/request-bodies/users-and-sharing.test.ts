import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../src/constants';
import { profileRequestBody, readBody, shareEnabledBody } from '../../src/request-bodies';

describe('POST /users/createOrUpdate body', () => {
  it('reads the uid and the display name, trimmed; no name is an empty one', () => {
    expect(readBody(profileRequestBody, { uid: ' u1 ', name: ' Ada ' })).toEqual({ ok: true, value: { uid: 'u1', name: 'Ada' } });
    expect(readBody(profileRequestBody, { uid: 'u1' })).toEqual({ ok: true, value: { uid: 'u1', name: '' } });
    expect(readBody(profileRequestBody, { uid: 'u1', name: null })).toEqual({ ok: true, value: { uid: 'u1', name: '' } });
  });

  it('says which field is wrong and how', () => {
    expect(readBody(profileRequestBody, { name: 'Ada' })).toEqual({ ok: false, field: 'uid', message: 'The uid field is required and must be a string.' });
    expect(readBody(profileRequestBody, { uid: '   ' })).toEqual({ ok: false, field: 'uid', message: 'The uid field is required and must be a string.' });
    expect(readBody(profileRequestBody, { uid: 'u'.repeat(129) })).toEqual({ ok: false, field: 'uid', message: 'The uid field is longer than 128 characters.' });
    expect(readBody(profileRequestBody, { uid: 'u1', name: 7 })).toEqual({ ok: false, field: 'name', message: 'The name field must be a string.' });
    expect(readBody(profileRequestBody, { uid: 'u1', name: 'a'.repeat(MAX_NAME_LENGTH + 1) })).toEqual({
      ok: false,
      field: 'name',
      message: `The name field is longer than ${MAX_NAME_LENGTH} characters.`,
    });
  });
});

describe('PUT /projects/:projectId/shares/:kind body', () => {
  it('takes true or false, nothing else', () => {
    expect(readBody(shareEnabledBody, { enabled: true })).toEqual({ ok: true, value: { enabled: true } });
    expect(readBody(shareEnabledBody, { enabled: false })).toEqual({ ok: true, value: { enabled: false } });
    for (const enabled of ['true', 1, null, undefined]) {
      expect(readBody(shareEnabledBody, { enabled })).toEqual({ ok: false, field: 'enabled', message: 'The enabled field must be true or false.' });
    }
  });
});
