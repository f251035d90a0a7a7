import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@verbatim/contract/app-error';
import type { ExportModel } from '../../../src/exports/export-model';
import { planMiroBoard, type MiroBoardPlan } from '../../../src/miro/miro-board-plan';
import { MiroError, miroClient, waitFor } from '../../../src/miro/miro-client';
import { MIRO_STICKIES_PER_STEP as STICKIES_PER_STEP } from '@verbatim/contract/miro';
import { continueMiroPush, readMiroStepRequest, readMiroToken, startMiroPush } from '../../../src/miro/push-to-miro';
import { startMiroStandIn, type MiroStandIn } from '../../../../test/support/miro-stand-in.mjs';
import { sampleExportModel } from '../../support/export-fixtures';

// Our Miro client, unchanged, against a local stand-in of Miro's REST API (its wire format and limits).

let miro: MiroStandIn;
let model: ExportModel;
let plan: MiroBoardPlan;
const waits: number[] = [];
const client = (token = miro.accessToken) => miroClient({ apiBase: miro.url, token, sleep: async (ms) => void waits.push(ms) });

beforeAll(async () => {
  miro = await startMiroStandIn();
  model = await sampleExportModel();
  // Enough stickies for several steps.
  const many: ExportModel = { ...model, themes: [...model.themes, ...model.themes.map((t) => ({ ...t, name: `${t.name} (again)` })), ...model.themes.map((t) => ({ ...t, name: `${t.name} (third)` }))] };
  plan = planMiroBoard(many);
  expect(plan.stickies.length).toBeGreaterThan(STICKIES_PER_STEP);
}, 60_000);
afterAll(() => miro.close());
beforeEach(() => {
  miro.reset();
  waits.length = 0;
});

async function pushAll(p: MiroBoardPlan) {
  const state = await startMiroPush(client(), p);
  let done = state.done;
  const steps: number[] = [];
  while (done < state.total) {
    ({ done } = await continueMiroPush(client(), p, state.boardId, { frameIds: state.frameIds, planId: state.planId, from: done }));
    steps.push(done);
  }
  return { state, steps };
}

describe('pushing a project to Miro', () => {
  it('makes a new board with a frame per theme, then places every sticky in its frame, in steps of at most 100', async () => {
    const { state, steps } = await pushAll(plan);
    expect(state.boardUrl).toBe(`https://miro.com/app/board/${state.boardId}/`);
    expect(steps.at(-1)).toBe(plan.stickies.length);
    expect(steps.every((n, i) => n - (steps[i - 1] ?? 0) <= STICKIES_PER_STEP)).toBe(true);
    const board = miro.board(state.boardId)!;
    expect(board.name).toBe(plan.boardName);
    expect(board.frames.map((f) => f.title)).toEqual(plan.frames.map((f) => f.title));
    expect(board.stickies.map((s) => s.content)).toEqual(plan.stickies.map((s) => s.content));
    expect(board.stickies.map((s) => s.parentId)).toEqual(plan.stickies.map((s) => state.frameIds[s.frame]));
    // Every quote of the project is on the board, verbatim.
    for (const quote of model.themes.flatMap((t) => t.insights.flatMap((i) => i.quotes))) {
      expect(board.stickies.some((s) => s.content.includes(quote.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r\n?|\n/g, '<br>')))).toBe(true);
    }
    const bulk = miro.requests.filter((r) => r.path.endsWith('/items/bulk'));
    expect(bulk.every((r) => Array.isArray(r.body) && (r.body as unknown[]).length <= 20)).toBe(true);
    expect(miro.requests.every((r) => r.authorization === `Bearer ${miro.accessToken}`)).toBe(true);
  });

  it('waits as Miro asks when rate-limited, then goes on; gives up after four tries with a rate-limited error', async () => {
    const state = await startMiroPush(client(), plan);
    miro.answerNext({ status: 429, path: '/items/bulk', code: 'tooManyRequests', message: 'Rate limit exceeded', retryAfter: 2 });
    const step = { frameIds: state.frameIds, planId: state.planId, from: 0 };
    expect(await continueMiroPush(client(), plan, state.boardId, step)).toEqual({ done: STICKIES_PER_STEP, total: plan.stickies.length });
    expect(waits).toEqual([2000]);
    expect(miro.board(state.boardId)!.stickies).toHaveLength(STICKIES_PER_STEP);

    for (let i = 0; i < 4; i++) miro.answerNext({ status: 429, path: '/items/bulk', retryAfter: 0 });
    const failure = await continueMiroPush(client(), plan, state.boardId, { ...step, from: STICKIES_PER_STEP }).catch((e) => e);
    expect(failure).toBeInstanceOf(MiroError);
    expect(failure.kind).toBe('rate-limited');
    // What was placed stays; resuming from there completes the board without a duplicate.
    expect(miro.board(state.boardId)!.stickies).toHaveLength(STICKIES_PER_STEP);
    let done = STICKIES_PER_STEP;
    while (done < plan.stickies.length) ({ done } = await continueMiroPush(client(), plan, state.boardId, { ...step, from: done }));
    expect(miro.board(state.boardId)!.stickies.map((s) => s.content)).toEqual(plan.stickies.map((s) => s.content));
  });

  it('a 5xx is retried; no answer at all becomes unreachable', async () => {
    miro.answerNext({ status: 503, path: '/v2/boards' });
    const state = await startMiroPush(client(), plan);
    expect(miro.boardIds()).toEqual([state.boardId]);
    const nowhere = miroClient({ apiBase: 'http://127.0.0.1:9', token: 'anything-long', sleep: async () => {} });
    const failure = await startMiroPush(nowhere, plan).catch((e) => e);
    expect([failure.kind, failure.status]).toEqual(['unreachable', null]);
  });

  it('a wrong token, a token without scope, a board gone and a refused sticky each say which', async () => {
    expect((await startMiroPush(client('not-the-token'), plan).catch((e) => e)).kind).toBe('token-refused');
    expect(miro.boardIds()).toEqual([]);
    miro.answerNext({ status: 403, path: '/v2/boards', code: 'insufficientPermissions', message: 'Insufficient permissions' });
    expect((await startMiroPush(client(), plan).catch((e) => e)).kind).toBe('no-permission');
    const step = { frameIds: plan.frames.map(() => 'x'), planId: plan.planId, from: 0 };
    expect((await continueMiroPush(client(), plan, 'uXjVgone=', step).catch((e) => e)).kind).toBe('board-gone');
    const state = await startMiroPush(client(), plan);
    miro.answerNext({ status: 400, path: '/items/bulk', code: 'invalidParameters', message: 'data.content is too long' });
    const refused = await continueMiroPush(client(), plan, state.boardId, { ...step, frameIds: state.frameIds }).catch((e) => e);
    expect([refused.kind, refused.status, refused.miroMessage]).toEqual(['refused', 400, 'data.content is too long']);
  });

  it('a board changed since the push began is a conflict; an empty project makes no board', async () => {
    const state = await startMiroPush(client(), plan);
    const changed = planMiroBoard({ ...model, themes: model.themes.slice(1) });
    const conflict = await continueMiroPush(client(), changed, state.boardId, { frameIds: state.frameIds, planId: state.planId, from: 0 }).catch((e) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict.kind).toBe('conflict');
    miro.reset();
    const empty = await startMiroPush(client(), planMiroBoard({ ...model, themes: [] })).catch((e) => e);
    expect(empty.message).toBe('There are no insights on the board to send to Miro yet.');
    expect(miro.requests).toEqual([]);
  });
});

describe('reading a push request', () => {
  it('takes a token as pasted (trimmed) and refuses none, spaces inside or a short one', () => {
    expect(readMiroToken({ token: '  eyJtaXJvLnRva2VuIn0  ' })).toBe('eyJtaXJvLnRva2VuIn0');
    expect(() => readMiroToken({})).toThrow('Paste a Miro access token to send the board to Miro.');
    expect(() => readMiroToken({ token: 'two words here' })).toThrow(/does not look like a Miro access token/);
    expect(() => readMiroToken({ token: 'short' })).toThrow(/does not look like a Miro access token/);
  });

  it('takes a step’s frames, plan id and position, and names what is wrong', () => {
    expect(readMiroStepRequest({ frameIds: ['1', '2'], planId: 'abc_-1', from: 20 })).toEqual({ frameIds: ['1', '2'], planId: 'abc_-1', from: 20 });
    expect(() => readMiroStepRequest({ frameIds: 'x', planId: 'a', from: 0 })).toThrow(/frameIds/);
    expect(() => readMiroStepRequest({ frameIds: [], planId: 'a b', from: 0 })).toThrow(/planId/);
    expect(() => readMiroStepRequest({ frameIds: [], planId: 'a', from: -1 })).toThrow(/from/);
    expect(() => readMiroStepRequest({ frameIds: [], planId: 'a', from: 1.5 })).toThrow(/from/);
  });

  it('honours Retry-After, then X-RateLimit-Reset', () => {
    expect(waitFor(new Headers({ 'retry-after': '3' }), 1)).toBe(3000);
    expect(waitFor(new Headers({ 'x-ratelimit-reset': '1005' }), 1, 1_000_000)).toBe(5000);
    expect(waitFor(new Headers({ 'retry-after': '3600' }), 1)).toBe(15_000);
    expect(waitFor(new Headers(), 3)).toBe(2000);
  });
});
