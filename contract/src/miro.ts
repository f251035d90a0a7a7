/**
 * A push of a project's board to Miro, as the API answers it and the browser hands it back step by step.
 * Pure: shared by the server and the web client.
 */
export interface MiroPushState {
  boardId: string;
  /** The board's address in Miro's web app. */
  boardUrl: string;
  /** One per theme frame, in plan order. */
  frameIds: string[];
  /** The plan's fingerprint: a later step refuses a board that has changed since. */
  planId: string;
  /** Stickies on the board so far, of `total`. */
  done: number;
  total: number;
}

/** Most stickies one step places (five of Miro's bulk calls). */
export const MIRO_STICKIES_PER_STEP = 100;
