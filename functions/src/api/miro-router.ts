import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { logs } from '../lib/logs';
import { projectBoardPlans } from '../miro/board-plans';
import { MiroError, miroClient } from '../miro/miro-client';
import { MIRO_FAILURES } from '../miro/miro-failures';
import { recentPlans, type RecentPlans } from '../miro/recent-plans';
import { continueMiroPush, isMiroBoardId, readMiroStepRequest, readMiroToken, startMiroPush } from '../miro/push-to-miro';
import { requireAuth } from './auth-middleware';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface MiroRouterDeps {
  db: Firestore;
  /** Miro's API address (the server config's). */
  miroApiBase: string;
  /** Plans of pushes under way (see miro/recent-plans). */
  plans?: RecentPlans;
}

/**
 * The project's board sent to a new Miro board with the researcher's own access token, in steps:
 * - POST /projects/:projectId/miro/boards {token} → 201 {boardId, boardUrl, frameIds, planId, done: 0, total}
 * - POST /projects/:projectId/miro/boards/:boardId/stickies {token, frameIds, planId, from} → 200 {done, total}
 * Costs no credit. The token is used for the request's Miro calls only: never stored, never logged.
 */
export function miroRouter({ db, miroApiBase, plans = recentPlans() }: MiroRouterDeps): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  const boardPlans = projectBoardPlans(db, plans);

  router.post('/boards', async (req: ApiRequest, res) => {
    const token = readMiroToken(objectBody(req));
    const projectId = String(req.params.projectId);
    const plan = await boardPlans.fresh(requireCaller(req).uid, projectId);
    const started = Date.now();
    const state = await viaMiro(projectId, () => startMiroPush(miroClient({ apiBase: miroApiBase, token }), plan));
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
    const plan = await boardPlans.ofPush(uid, projectId, step.planId);
    const started = Date.now();
    const result = await viaMiro(projectId, () => continueMiroPush(miroClient({ apiBase: miroApiBase, token }), plan, boardId, step));
    logs.miroStep(projectId, 'stickies', result.done - step.from, Date.now() - started);
    noStore(res).json(result);
  });

  return router;
}

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
