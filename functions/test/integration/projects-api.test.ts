import { describe, expect, it } from 'vitest';
import { createPasswordUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { userWithProject } from '../support/projects';
import { readServerLimits } from '../../src/config/server-limits';
import { uploadsWaitingQuotaMessage } from '../../src/quotas/quota-messages';


describe('projects', () => {
  it('the owner creates a project with empty counts', async () => {
    const user = await createPasswordUser();
    const res = await callApi<{ project: { id: string; name: string; ownerId: string } }>('/projects', {
      token: user.idToken,
      json: { name: '  Checkout   interviews ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.project).toMatchObject({ name: 'Checkout interviews', ownerId: user.uid });
    const stored = (await adminDb().doc(`projects/${res.body.project.id}`).get()).data();
    expect(stored).toMatchObject({ ownerId: user.uid, name: 'Checkout interviews', counts: { documents: 0, parsed: 0, failed: 0, words: 0 } });
  });

  it('a new project gets Gemini with redaction on, as this server has a Gemini key; the owner may choose the built-in analyser instead', async () => {
    const user = await createPasswordUser();
    const byDefault = await callApi<{ project: { id: string; settings: unknown } }>('/projects', { token: user.idToken, json: { name: 'Default' } });
    expect(byDefault.status).toBe(201);
    expect(byDefault.body.project.settings).toEqual({ analyser: 'gemini', redactPii: true });
    expect((await adminDb().doc(`projects/${byDefault.body.project.id}`).get()).get('settings')).toEqual({ analyser: 'gemini', redactPii: true });
    const chosen = await callApi<{ project: { settings: unknown } }>('/projects', { token: user.idToken, json: { name: 'Private', settings: { analyser: 'local' } } });
    expect(chosen.status).toBe(201);
    expect(chosen.body.project.settings).toEqual({ analyser: 'local', redactPii: true });
    const bad = await callApi('/projects', { token: user.idToken, json: { name: 'Bad', settings: { analyser: 'gpt' } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'invalid', message: 'The analyser must be local or gemini.' } });
  });

  it('refuses a project without a name, or with a name too long', async () => {
    const user = await createPasswordUser();
    const empty = await callApi('/projects', { token: user.idToken, json: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: { code: 'invalid', message: 'Please give the project a name.' } });
    const long = await callApi('/projects', { token: user.idToken, json: { name: 'x'.repeat(121) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: { code: 'invalid', message: 'A project name can be at most 120 characters.' } });
  });

  it('the owner renames a project; another user cannot and cannot tell it exists', async () => {
    const { user, projectId } = await userWithProject();
    const renamed = await callApi('/projects/' + projectId, { token: user.idToken, method: 'PATCH', json: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await adminDb().doc(`projects/${projectId}`).get()).data()?.name).toBe('Renamed');

    const other = await createPasswordUser();
    const denied = await callApi('/projects/' + projectId, { token: other.idToken, method: 'PATCH', json: { name: 'Hijacked' } });
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ error: { code: 'not-found', message: 'This project does not exist or is not yours.' } });
    expect((await adminDb().doc(`projects/${projectId}`).get()).data()?.name).toBe('Renamed');
  });

  it('deleting a project removes its documents and transcripts, leaving nothing orphaned', async () => {
    const { user, projectId } = await userWithProject();
    const db = adminDb();
    await db.doc(`projects/${projectId}/documents/d1`).set({ ownerId: user.uid, status: 'parsed' });
    await db.doc(`projects/${projectId}/documents/d1/transcript/text-0000`).set({ kind: 'text', index: 0, text: 'hello' });
    await db.doc(`projects/${projectId}/insights/i1`).set({ title: 'x' });

    const other = await createPasswordUser();
    expect((await callApi('/projects/' + projectId, { token: other.idToken, method: 'DELETE' })).status).toBe(404);
    expect((await db.doc(`projects/${projectId}`).get()).exists).toBe(true);

    const res = await callApi('/projects/' + projectId, { token: user.idToken, method: 'DELETE' });
    expect(res.status).toBe(200);
    for (const path of [`projects/${projectId}`, `projects/${projectId}/documents/d1`, `projects/${projectId}/documents/d1/transcript/text-0000`, `projects/${projectId}/insights/i1`]) {
      expect((await db.doc(path).get()).exists).toBe(false);
    }
  });
});

describe('per-account quotas over HTTP', () => {
  it('interviews waiting for their files: the one past the quota is refused with 429 and the reason, nothing is created', async () => {
    const { user, projectId } = await userWithProject('Quota study');
    const limit = readServerLimits({}).quotas.uploadsWaiting;
    const reserve = (i: number) => callApi(`/projects/${projectId}/documents`, { token: user.idToken, json: { fileName: `interview-${i}.txt`, size: 1200 } });
    for (let i = 0; i < limit; i++) expect((await reserve(i)).status).toBe(201);
    const refused = await reserve(limit);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too-many', message: uploadsWaitingQuotaMessage(limit) } });
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(limit);
  });
});
