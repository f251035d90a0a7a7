import { miroStepRequestBody, miroTokenBody, requireBody, type MiroStepRequest } from '@verbatim/contract/request-bodies';
import { AppError } from '@verbatim/contract/app-error';
import { MIRO_STICKIES_PER_STEP, type MiroPushState } from '@verbatim/contract/miro';
import { MIRO_BULK_LIMIT, type MiroClient } from './miro-client';
import type { MiroBoardPlan } from './miro-board-plan';

/**
 * A push to Miro in steps short enough for one HTTP request each: the first makes a new board with a frame per
 * theme, every next one places up to MIRO_STICKIES_PER_STEP stickies where the last stopped. The browser holds the
 * state between steps (board, frames, plan fingerprint, how many are placed), so the server keeps nothing, not
 * even the token, and a push stopped by a failure resumes where it was.
 */

/** A step: the frames the first step made, the plan's fingerprint, and how many stickies are already on the board. */
export type { MiroStepRequest } from '@verbatim/contract/request-bodies';

/** Makes the board and its frames. Nothing to place → a clear error, and no board is made. */
export async function startMiroPush(client: MiroClient, plan: MiroBoardPlan): Promise<MiroPushState> {
  if (plan.stickies.length === 0) throw new AppError('invalid', 'There are no insights on the board to send to Miro yet.');
  const board = await client.createBoard(plan.boardName, plan.boardDescription);
  const frameIds: string[] = [];
  for (const frame of plan.frames) frameIds.push(await client.createFrame(board.id, frame));
  return { boardId: board.id, boardUrl: board.viewLink, frameIds, planId: plan.planId, done: 0, total: plan.stickies.length };
}

/** Places the next stickies (in bulk calls of up to 20, each all-or-nothing) and says how many are on the board now. */
export async function continueMiroPush(
  client: MiroClient,
  plan: MiroBoardPlan,
  boardId: string,
  request: MiroStepRequest,
): Promise<{ done: number; total: number }> {
  if (request.planId !== plan.planId || request.frameIds.length !== plan.frames.length) {
    throw new AppError('conflict', 'The project changed while it was being sent to Miro. Send it again to make a board of it as it is now.');
  }
  const total = plan.stickies.length;
  if (request.from > total) throw new AppError('invalid', `Only ${total} stickies are planned; ${request.from} cannot already be placed.`);
  const end = Math.min(total, request.from + MIRO_STICKIES_PER_STEP);
  let done = request.from;
  while (done < end) {
    const batch = plan.stickies.slice(done, Math.min(end, done + MIRO_BULK_LIMIT)).map((sticky) => ({ ...sticky, parentId: request.frameIds[sticky.frame] }));
    await client.createStickies(boardId, batch);
    done += batch.length;
  }
  return { done, total };
}

/** The step request from a JSON body, or a 400 naming what is wrong. */
export function readMiroStepRequest(body: Record<string, unknown>): MiroStepRequest {
  return requireBody(miroStepRequestBody, body);
}

/** The researcher's Miro access token from a JSON body, or a 400. Never logged, never stored. */
export function readMiroToken(body: Record<string, unknown>): string {
  return requireBody(miroTokenBody, body).token;
}

/** A Miro board id as it appears in a board's address (`uXjVO…=`): what a step's path may carry. */
export function isMiroBoardId(value: string): boolean {
  return /^[A-Za-z0-9_=+\-.]{1,100}$/.test(value);
}
