import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '../domain/app-error';
import { buildExportModel } from '../exports/export-model';
import { loadExportSource } from '../exports/load-export-source';
import { logs } from '../lib/logs';
import { planMiroBoard } from '../miro/miro-board-plan';
import { recentPlans, type RecentPlans } from '../miro/recent-plans';
import { ownedProject } from '../projects/ownership';
import { MiroError, miroClient, readMiroApiBase, type MiroFailureKind } from '../miro/miro-client';
import { continueMiroPush, isMiroBoardId, readMiroStepRequest, readMiroToken, startMiroPush } from '../miro/push-to-miro';
import { requireAuth } from './auth-middleware';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface MiroRouterDeps {
  db: Firestore;
  /** Miro's API address; MIRO_API_BASE or Miro's unless given. */
  miroApiBase?: () => string;
  /** Plans of pushes under way (see miro/recent-plans). */
  plans?: RecentPlans;
}

/**
 * The project's board sent to a new Miro board with the researcher's own access token, in steps:
 * - POST /projects/:projectId/miro/boards {token} → 201 {boardId, boardUrl, frameIds, planId, done: 0, total}
 * - POST /projects/:projectId/miro/boards/:boardId/stickies {token, frameIds, planId, from} → 200 {done, total}
 * Costs no credit. The token is used for the request's Miro calls only: never stored, never logged.
 */
export function miroRouter({ db, miroApiBase = readMiroApiBase, plans = recentPlans() }: MiroRouterDeps): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  /** The project's board as a Miro plan, made from the project as it is now (an owner's only), and remembered. */
  async function freshPlan(uid: string, projectId: string) {
    const plan = planMiroBoard(buildExportModel(await loadExportSource(db, uid, projectId)));
    plans.remember(uid, projectId, plan);
    return plan;
  }

  /** The plan a push began with, when this instance still holds it (the owner checked again); else afresh. */
  async function planOfPush(uid: string, projectId: string, planId: string) {
    const recalled = plans.recall(uid, projectId, planId);
    if (!recalled) return freshPlan(uid, projectId);
    await ownedProject(db, uid, projectId);
    return recalled;
  }

  router.post('/boards', async (req: ApiRequest, res) => {
    const token = readMiroToken(objectBody(req));
    const projectId = String(req.params.projectId);
    const plan = await freshPlan(requireCaller(req).uid, projectId);
    const started = Date.now();
    const state = await viaMiro(projectId, () => startMiroPush(miroClient({ apiBase: miroApiBase(), token }), plan));
    logs.miroStep(projectId, 'board', state.frameIds.length, Date.now() - started);
    noStore(res).status(201).json(state);
  });

  router.post('/boards/:boardId/stickies', async (req: ApiRequest, res) => {
    const boardId = String(req.params.boardId);
    if (!isMiroBoardId(boardId)) throw new AppError('invalid', 'That is not a Miro board id.');
    const body = objectBody(req);
    const token = readMiroToken(body);
    const step = readMiroStepRequest(body);
    const { uid } = requireCaller(req);
    const projectId = String(req.params.projectId);
    const plan = await planOfPush(uid, projectId, step.planId);
    const started = Date.now();
    const result = await viaMiro(projectId, () => continueMiroPush(miroClient({ apiBase: miroApiBase(), token }), plan, boardId, step));
    logs.miroStep(projectId, 'stickies', result.done - step.from, Date.now() - started);
    noStore(res).json(result);
  });

  return router;
}

/** What the researcher reads when Miro says no, with the status this API answers. */
export const MIRO_FAILURES: Record<MiroFailureKind, { status: number; message: (miro: string | null) => string }> = {
  'token-refused': {
    status: 400,
    message: () => 'Miro did not accept this access token. Copy it again from your Miro app’s settings; it needs the boards:write scope.',
  },
  'no-permission': {
    status: 403,
    message: () => 'This Miro token may not create boards. Give its Miro app the boards:write scope, install it again and paste the new token.',
  },
  'board-gone': { status: 404, message: () => 'Miro no longer has the board this push began. Send the project again to make a new board.' },
  'rate-limited': {
    status: 429,
    message: () => 'Miro is limiting how fast this token may add stickies. Wait a minute, then resume: what is already on the board stays.',
  },
  refused: { status: 502, message: (miro) => `Miro refused part of the board${miro ? ` (“${miro}”)` : ''}. Try again; if it persists, download the CSV and import it instead.` },
  unreachable: { status: 502, message: () => 'Miro did not answer. Try again in a moment: what is already on the board stays.' },
};

async function viaMiro<T>(projectId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof MiroError)) throw err;
    logs.miroFailed(projectId, err.kind, err.status);
    const failure = MIRO_FAILURES[err.kind];
    throw new HttpError(failure.status, failure.message(err.miroMessage), `miro-${err.kind}`);
  }
}

function noStore(res: Response): Response {
  res.setHeader('Cache-Control', 'private, no-store');
  return res;
}
