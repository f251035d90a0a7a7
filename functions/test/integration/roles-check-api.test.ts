import { describe, expect, it } from 'vitest';
import { OUT_OF_CREDITS_MESSAGE, type ApiErrorBody, type SpeakerRolesNow } from '@verbatim/contract/app-error';
import { createPasswordUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture, twoStorytellers } from '../support/fixtures';
import { creditsOf, setCredits, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

async function storedInterview(projectId: string, documentId: string) {
  return (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).data();
}

function confirm(token: string, projectId: string, documentId: string, rolesVersion: number) {
  return callApi<ApiErrorBody<SpeakerRolesNow> & { document?: { status: string } }>(`/projects/${projectId}/documents/${documentId}/confirm-roles`, {
    token,
    json: { rolesVersion },
  });
}

describe('an interview whose speakers cannot be told apart waits for its owner to check them', () => {
  it('spends nothing until the owner asks; a role change is free; the analysis then quotes participants only, for one credit', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'catch-up.txt', twoStorytellers());
    const id = reserve.body.document.id;
    expect(upload?.status).toBe(200);
    expect(upload?.body).toMatchObject({ status: 'awaiting-roles', rolesQuestion: expect.stringMatching(/^No speaker stands out as the one asking the questions/) });
    const waiting = await storedInterview(projectId, id);
    expect(waiting).toMatchObject({ status: 'awaiting-roles', creditSpent: false, rolesVersion: 0, rolesQuestion: expect.stringMatching(/Check the roles before the analysis/) });
    expect(waiting?.speakers.map((s: { label: string; role: string }) => [s.label, s.role])).toEqual([
      ['Maya', 'participant'],
      ['Tom', 'participant'],
    ]);
    expect(await creditsOf(user.uid)).toBe(10);
    // Read: it counts among the project's parsed interviews with its words, as a parsed one does.
    expect((await adminDb().doc(`projects/${projectId}`).get()).get('counts')).toEqual({ documents: 1, parsed: 1, failed: 0, words: waiting?.wordCount });

    // Maya is the interviewer: free, and nothing is analysed.
    const patched = await callApi<{ reanalysing: boolean }>(`/projects/${projectId}/documents/${id}`, {
      token: user.idToken,
      method: 'PATCH',
      json: { speakers: [{ label: 'Maya', role: 'interviewer' }], rolesVersion: 0 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.reanalysing).toBe(false);
    expect(await storedInterview(projectId, id)).toMatchObject({ status: 'awaiting-roles', rolesVersion: 1, creditSpent: false });
    expect(await creditsOf(user.uid)).toBe(10);

    // Asked for with the roles as they were before that change: refused with the roles now, nothing spent.
    const stale = await confirm(user.idToken, projectId, id, 0);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ speakers: [{ label: 'Maya', role: 'interviewer' }, { label: 'Tom', role: 'participant' }], rolesVersion: 1 });
    expect(await creditsOf(user.uid)).toBe(10);

    const confirmed = await confirm(user.idToken, projectId, id, 1);
    expect(confirmed.status).toBe(200);
    expect(confirmed.credits).toBe('9');
    await waitFor(async () => (await storedInterview(projectId, id))?.status, (status) => status === 'ready');
    expect(await storedInterview(projectId, id)).toMatchObject({ creditSpent: true });
    expect(await creditsOf(user.uid)).toBe(9);

    const insights = (await adminDb().collection(`projects/${projectId}/insights`).where('documentId', '==', id).get()).docs.map((d) => d.data());
    const speakers = insights.flatMap((insight) => (insight.quotes as { speaker: string }[]).map((q) => q.speaker));
    expect(speakers.length).toBeGreaterThan(0);
    expect(new Set(speakers)).toEqual(new Set(['Tom']));

    // Asked again (a second tab): already analysed, nothing spent.
    expect((await confirm(user.idToken, projectId, id, 1)).status).toBe(409);
    expect(await creditsOf(user.uid)).toBe(9);
  });

  it('with no credit left the analysis is refused as an upload is, nothing is spent and the interview keeps waiting; another account cannot ask', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'catch-up.txt', twoStorytellers());
    const id = reserve.body.document.id;
    await setCredits(user.uid, 0);

    const refused = await confirm(user.idToken, projectId, id, 0);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: { code: 'payment-required', message: OUT_OF_CREDITS_MESSAGE } });
    expect(await creditsOf(user.uid)).toBe(0);
    expect(await storedInterview(projectId, id)).toMatchObject({ status: 'awaiting-roles', creditSpent: false, error: null });

    const stranger = await createPasswordUser();
    expect((await confirm(stranger.idToken, projectId, id, 0)).status).toBe(404);
    expect((await storedInterview(projectId, id))?.status).toBe('awaiting-roles');

    // A subscriber's analysis is included.
    await setCredits(user.uid, 0, true);
    expect((await confirm(user.idToken, projectId, id, 0)).status).toBe(200);
    await waitFor(async () => (await storedInterview(projectId, id))?.status, (status) => status === 'ready');
    expect(await creditsOf(user.uid)).toBe(0);
  });

  it('a transcript with a clear interviewer goes straight to its analysis, for one credit', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, '04.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    expect(upload?.body).toMatchObject({ status: 'parsed' });
    const id = reserve.body.document.id;
    await waitFor(async () => (await storedInterview(projectId, id))?.status, (status) => status === 'ready');
    expect(await storedInterview(projectId, id)).toMatchObject({ creditSpent: true });
    expect((await storedInterview(projectId, id))?.rolesQuestion).toBeUndefined();
    expect(await creditsOf(user.uid)).toBe(9);
  });
});
