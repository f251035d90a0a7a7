import { describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

/** A project with one analysed interview whose public views are built. */
async function analysedProject() {
  const { user, projectId } = await userWithProject('Checkout study');
  const { reserve } = await uploadViaApi(user.idToken, projectId, 'founders.md', fixture('10_changelog_founders-talk-91.md'));
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/publicViews/interviews`).get()).exists, (e) => e);
  return { user, projectId, documentId: reserve.body.document.id };
}

async function share(token: string, projectId: string, kind: 'summary' | 'interviews', enabled: boolean) {
  return callApi<{ link: { token: string; enabled: boolean } }>(`/projects/${projectId}/shares/${kind}`, { token, method: 'PUT', json: { enabled } });
}

const publicGet = (path: string) => fetch(`${FUNCTIONS_URL}/api/public/${path}`);

describe('public API', () => {
  it('serves the summary for an enabled link with exactly the listed fields', async () => {
    const { user, projectId, documentId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'summary', true);
    expect(body.link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await publicGet(`summary/${body.link.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5, s-maxage=5');
    const json = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(['consolidatedGroupedTags', 'consolidatedInsights', 'documents', 'projectName', 'summarySentence']);
    expect(json.projectName).toBe('Checkout study');
    // Uploaded with no name, the interview is named after its participant once read.
    expect(json.documents).toEqual([{ id: documentId, name: 'Jack Dorsey' }]);
    const insight = (json.consolidatedInsights as Record<string, unknown>[])[0];
    expect(Object.keys(insight).sort()).toEqual(['description', 'documentId', 'id', 'quotes', 'tag', 'title']);
    const quote = (insight.quotes as Record<string, unknown>[])[0];
    expect(Object.keys(quote).filter((k) => k !== 'ts').sort()).toEqual(['documentId', 'end', 'speaker', 'start', 'text']);
    // Nothing about the owner anywhere in the payload.
    const raw = JSON.stringify(json);
    expect(raw).not.toContain(user.uid);
    expect(raw).not.toContain(user.email);
  });

  it('serves the interview page with docName on quotes; gzip when asked', async () => {
    const { user, projectId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'interviews', true);
    const res = await fetch(`${FUNCTIONS_URL}/api/public/interviews/${body.link.token}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { insights: { quotes: { docName: string; speaker: string }[] }[]; groupedTags: unknown[] };
    expect(Object.keys(json).sort()).toEqual(['documents', 'groupedTags', 'insights', 'projectName']);
    expect(json.insights.length).toBe((await adminDb().collection(`projects/${projectId}/insights`).get()).size);
    expect(json.insights[0].quotes[0].docName).toBe('Jack Dorsey');
    expect(json.insights.every((i) => i.quotes.every((q) => q.speaker === 'Jack Dorsey'))).toBe(true);
    expect(json.groupedTags.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 410 once the owner turns the link off, and 200 again when back on', async () => {
    const { user, projectId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'summary', true);
    await share(user.idToken, projectId, 'summary', false);
    const off = await publicGet(`summary/${body.link.token}`);
    expect(off.status).toBe(410);
    expect(off.headers.get('cache-control')).toBe('no-store');
    expect(await off.json()).toEqual({ error: { code: 'disabled', message: 'This public link has been disabled by the project owner.' } });
    const again = await share(user.idToken, projectId, 'summary', true);
    expect(again.body.link.token).toBe(body.link.token);
    expect((await publicGet(`summary/${body.link.token}`)).status).toBe(200);
  });

  it('a regenerated token replaces the old one, which answers 404', async () => {
    const { user, projectId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'summary', true);
    const regenerated = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/summary/regenerate`, { token: user.idToken, method: 'POST' });
    expect(regenerated.body.link.token).not.toBe(body.link.token);
    expect((await publicGet(`summary/${body.link.token}`)).status).toBe(404);
    expect((await publicGet(`summary/${regenerated.body.link.token}`)).status).toBe(200);
  });

  it('unknown, malformed and wrong-kind tokens answer 404; a deleted project too', async () => {
    const { user, projectId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'summary', true);
    expect((await publicGet(`summary/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await publicGet('summary/not-a-token')).status).toBe(404);
    expect((await publicGet(`interviews/${body.link.token}`)).status).toBe(404);
    await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'DELETE' });
    expect((await publicGet(`summary/${body.link.token}`)).status).toBe(404);
  });

  it('only the owner sees or changes the links', async () => {
    const { projectId } = await analysedProject();
    const other = await userWithProject();
    const res = await share(other.user.idToken, projectId, 'summary', true);
    expect(res.status).toBe(404);
    expect((await callApi(`/projects/${projectId}/shares`, { token: other.user.idToken })).status).toBe(404);
  });

  it('works through Hosting at /api/public', async () => {
    const { user, projectId } = await analysedProject();
    const { body } = await share(user.idToken, projectId, 'summary', true);
    const res = await fetch(`${HOSTING_URL}/api/public/summary/${body.link.token}`);
    expect(res.status).toBe(200);
    const gz = await fetch(`${HOSTING_URL}/api/public/summary/${body.link.token}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
  });
});
