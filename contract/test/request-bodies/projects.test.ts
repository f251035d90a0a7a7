import { describe, expect, it } from 'vitest';
import { MAX_PROJECT_NAME_LENGTH } from '../../src/project';
import { createProjectBody, readBody, updateProjectBody } from '../../src/request-bodies';

const refused = (field: string, message: string) => ({ ok: false, field, message });

describe('POST /projects body', () => {
  it('reads the name cleaned as stored, with settings when sent', () => {
    expect(readBody(createProjectBody, { name: '  Onboarding   study\t2026 ' })).toEqual({ ok: true, value: { name: 'Onboarding study 2026' } });
    expect(readBody(createProjectBody, { name: 'P', settings: { analyser: 'gemini', redactPii: false } })).toEqual({
      ok: true,
      value: { name: 'P', settings: { analyser: 'gemini', redactPii: false } },
    });
    expect(readBody(createProjectBody, { name: 'P', settings: {}, extra: 1 })).toEqual({ ok: true, value: { name: 'P', settings: {} } });
  });

  it('refuses a missing, blank or too long name with the contract sentence', () => {
    for (const name of [undefined, null, 7, '', '   \n ']) {
      expect(readBody(createProjectBody, { name })).toEqual(refused('name', 'Please give the project a name.'));
    }
    expect(readBody(createProjectBody, { name: 'a'.repeat(MAX_PROJECT_NAME_LENGTH) }).ok).toBe(true);
    expect(readBody(createProjectBody, { name: `  ${'a'.repeat(MAX_PROJECT_NAME_LENGTH)}  ` }).ok).toBe(true);
    expect(readBody(createProjectBody, { name: 'a'.repeat(MAX_PROJECT_NAME_LENGTH + 1) })).toEqual(
      refused('name', `A project name can be at most ${MAX_PROJECT_NAME_LENGTH} characters.`),
    );
  });

  it('refuses bad settings, before the name', () => {
    expect(readBody(createProjectBody, { settings: 'gemini' })).toEqual(refused('settings', 'The settings field must be an object.'));
    expect(readBody(createProjectBody, { name: 'P', settings: null })).toEqual(refused('settings', 'The settings field must be an object.'));
    expect(readBody(createProjectBody, { name: 'P', settings: ['local'] })).toEqual(refused('settings', 'The settings field must be an object.'));
    for (const analyser of ['openai', null, 1]) {
      expect(readBody(createProjectBody, { name: 'P', settings: { analyser } })).toEqual(refused('settings', 'The analyser must be local or gemini.'));
    }
    expect(readBody(createProjectBody, { name: 'P', settings: { redactPii: 'yes' } })).toEqual(refused('settings', 'The redactPii field must be true or false.'));
  });
});

describe('PATCH /projects/:projectId body', () => {
  it('takes a name, settings, or both', () => {
    expect(readBody(updateProjectBody, { name: ' New  name ' })).toEqual({ ok: true, value: { name: 'New name' } });
    expect(readBody(updateProjectBody, { settings: { analyser: 'local' } })).toEqual({ ok: true, value: { settings: { analyser: 'local' } } });
  });

  it('refuses a bad name before bad settings, and an empty change', () => {
    expect(readBody(updateProjectBody, { name: ' ', settings: 1 })).toEqual(refused('name', 'Please give the project a name.'));
    expect(readBody(updateProjectBody, { name: null })).toEqual(refused('name', 'Please give the project a name.'));
    expect(readBody(updateProjectBody, { settings: { redactPii: 0 } })).toEqual(refused('settings', 'The redactPii field must be true or false.'));
    expect(readBody(updateProjectBody, {})).toEqual(refused('body', 'Nothing to change: send a name, settings or both.'));
    expect(readBody(updateProjectBody, { other: 'x' })).toEqual(refused('body', 'Nothing to change: send a name, settings or both.'));
  });
});
