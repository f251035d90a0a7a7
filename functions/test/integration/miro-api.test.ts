import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import { startMiroStandIn, type MiroStandIn } from '../../../test/support/miro-stand-in.mjs';
import type { MiroPushState as PushState } from '@verbatim/contract/miro';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { creditsOf, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// The API in the Functions emulator, pushing to a local stand-in of Miro's REST API (MIRO_API_BASE).

type Failure = { error: { code: string; message: string } };

let miro: MiroStandIn;
let owner: TestUser;
let projectId: string;
let quotes: string[];

beforeAll(async () => {
  miro = await startMiroStandIn({ port: Number(process.env.MIRO_STAND_IN_PORT ?? 9314) });
  ({ user: owner, projectId } = await userWithProject('Miro push'));
  const file = '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt';
  const { reserve } = await uploadViaApi(owner.idToken, projectId, file, fixture(file));
  const documentId = reserve.body.document.id;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready');
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
  quotes = insights.flatMap((i) => (i.quotes as { text: string }[]).map((q) => q.text));
  expect(quotes.length).toBeGreaterThan(3);
});
afterAll(() => miro.close());
beforeEach(() => miro.reset());

const start = (token: string | undefined, user = owner) => callApi<PushState & Failure>(`/projects/${projectId}/miro/boards`, { token: user.idToken, json: { token } });
const next = (state: PushState, from: number, token = miro.accessToken) =>
  callApi<PushState & Failure>(`/projects/${projectId}/miro/boards/${encodeURIComponent(state.boardId)}/stickies`, {
    token: owner.idToken,
    json: { token, frameIds: state.frameIds, planId: state.planId, from },
  });

describe('POST /projects/{projectId}/miro', () => {
  it('makes a Miro board of the project, frame by theme, every quote verbatim; costs no credit', async () => {
    const credits = await creditsOf(owner.uid);
    const started = await start(miro.accessToken);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ done: 0, boardUrl: expect.stringMatching(/^https:\/\/miro\.com\/app\/board\//) });
    let done = 0;
    while (done < started.body.total) {
      const step = await next(started.body, done);
      expect(step.status).toBe(200);
      expect(step.body.done).toBeGreaterThan(done);
      done = step.body.done;
    }
    const board = miro.board(started.body.boardId)!;
    expect(board.name).toBe('Verbatim · Miro push');
    expect(board.frames.length).toBe(started.body.frameIds.length);
    expect(board.stickies).toHaveLength(started.body.total);
    const text = board.stickies.map((s) => s.content.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/<br>/g, '\n')).join('\n');
    for (const quote of quotes) expect(text).toContain(quote);
    expect(await creditsOf(owner.uid)).toBe(credits);
    // The token went to Miro and nowhere else: not in the emulator's Firestore.
    const stored = JSON.stringify((await adminDb().collection(`projects/${projectId}/documents`).get()).docs.map((d) => d.data()));
    expect(stored).not.toContain(miro.accessToken);
  });

  it('says what is wrong: no token, a token Miro refuses, a board that changed, a stranger, a visitor', async () => {
    const none = await start(undefined);
    expect([none.status, none.body.error.message]).toEqual([400, 'Paste a Miro access token to send the board to Miro.']);
    const refused = await start('a-token-miro-does-not-know');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'miro-token-refused',
      message: 'Miro did not accept this access token. Copy it again from your Miro app’s settings; it needs the boards:write scope.',
    });
    expect(miro.boardIds()).toEqual([]);

    const started = await start(miro.accessToken);
    const stale = await next({ ...started.body, planId: 'an-older-plan' }, 0);
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);

    const stranger = await createPasswordUser();
    const theirs = await start(miro.accessToken, stranger);
    expect([theirs.status, theirs.body.error.message]).toEqual([404, 'This project does not exist or is not yours.']);
    expect((await callApi(`/projects/${projectId}/miro/boards`, { json: { token: miro.accessToken } })).status).toBe(401);
    expect(miro.boardIds()).toEqual([started.body.boardId]);
  });

  it('Miro rate-limiting past the retries comes back as a 429 the researcher can resume from', async () => {
    const started = await start(miro.accessToken);
    for (let i = 0; i < 4; i++) miro.answerNext({ status: 429, path: '/items/bulk', retryAfter: 0 });
    const limited = await next(started.body, 0);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('miro-rate-limited');
    const resumed = await next(started.body, 0);
    expect(resumed.status).toBe(200);
  });
});
