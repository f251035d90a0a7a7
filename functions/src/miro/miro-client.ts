import type { MiroFramePlan, MiroStickyPlan } from './miro-board-plan';
import { STICKY_WIDTH } from './miro-board-plan';

/**
 * A small client of Miro's REST API v2 (boards, frames, items in bulk) with the researcher's own access token.
 * Pure request/response handling (the address, `fetch` and `sleep` are given) so tests run it against a
 * local stand-in. Rate limits (429) and passing failures (5xx, no answer) are retried a few times, waiting as
 * Miro asks; anything else becomes a MiroError whose kind the API turns into one sentence. The token only
 * ever goes to Miro.
 */

/** Miro creates at most this many items in one bulk call. */
export const MIRO_BULK_LIMIT = 20;

export type MiroFailureKind = 'token-refused' | 'no-permission' | 'board-gone' | 'rate-limited' | 'refused' | 'unreachable';

export class MiroError extends Error {
  override readonly name = 'MiroError';
  constructor(
    readonly kind: MiroFailureKind,
    /** Miro's HTTP status; null when no answer came. */
    readonly status: number | null,
    /** Miro's own message, when it gave one. */
    readonly miroMessage: string | null,
  ) {
    super(`Miro ${kind}${status ? ` (${status})` : ''}${miroMessage ? `: ${miroMessage}` : ''}`);
  }
}

export interface MiroClientOptions {
  apiBase: string;
  token: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Gives up on one call after this long (default 30 s). */
  timeoutMs?: number;
  /** Tries per call, the first included (default 4). */
  attempts?: number;
}

export interface MiroBoard {
  id: string;
  /** The board's address in Miro's web app. */
  viewLink: string;
}

export interface MiroClient {
  createBoard(name: string, description: string): Promise<MiroBoard>;
  createFrame(boardId: string, frame: MiroFramePlan): Promise<string>;
  /** Places up to MIRO_BULK_LIMIT stickies in one transactional call: all of them or none. */
  createStickies(boardId: string, stickies: ReadonlyArray<MiroStickyPlan & { parentId: string }>): Promise<void>;
}

/** Longest wait between two tries, whatever Miro asks. */
const MAX_WAIT_MS = 15_000;

export function miroClient(options: MiroClientOptions): MiroClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = options.apiBase.replace(/\/+$/, '');

  async function call(path: string, body: unknown): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        if (attempt < attempts) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new MiroError('unreachable', null, null);
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return parseJson(text);
      const retriable = response.status === 429 || response.status >= 500;
      if (retriable && attempt < attempts) {
        await sleep(waitFor(response.headers, attempt));
        continue;
      }
      throw new MiroError(classifyMiroStatus(response.status), response.status, miroErrorMessage(text));
    }
  }

  return {
    async createBoard(name, description) {
      const board = (await call('/v2/boards', { name, description })) as { id?: unknown; viewLink?: unknown };
      if (typeof board?.id !== 'string' || !board.id) throw new MiroError('refused', null, 'the new board came back without an id');
      const viewLink = typeof board.viewLink === 'string' && board.viewLink ? board.viewLink : `https://miro.com/app/board/${encodeURIComponent(board.id)}/`;
      return { id: board.id, viewLink };
    },
    async createFrame(boardId, frame) {
      const created = (await call(`/v2/boards/${encodeURIComponent(boardId)}/frames`, {
        data: { title: frame.title, format: 'custom', type: 'freeform' },
        style: { fillColor: '#ffffff' },
        position: { x: frame.x, y: frame.y, origin: 'center' },
        geometry: { width: frame.width, height: frame.height },
      })) as { id?: unknown };
      if (typeof created?.id !== 'string' || !created.id) throw new MiroError('refused', null, 'the new frame came back without an id');
      return created.id;
    },
    async createStickies(boardId, stickies) {
      if (stickies.length === 0) return;
      if (stickies.length > MIRO_BULK_LIMIT) throw new RangeError(`At most ${MIRO_BULK_LIMIT} items per bulk call`);
      await call(
        `/v2/boards/${encodeURIComponent(boardId)}/items/bulk`,
        stickies.map((s) => ({
          type: 'sticky_note',
          data: { content: s.content, shape: 'square' },
          style: { fillColor: s.colour, textAlign: 'left', textAlignVertical: 'top' },
          position: { x: s.x, y: s.y, origin: 'center' },
          geometry: { width: STICKY_WIDTH },
          parent: { id: s.parentId },
        })),
      );
    },
  };
}

/** What a final Miro status means for the researcher. */
export function classifyMiroStatus(status: number): MiroFailureKind {
  if (status === 401) return 'token-refused';
  if (status === 403) return 'no-permission';
  if (status === 404) return 'board-gone';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unreachable';
  return 'refused';
}

/** Miro's error body is `{type: 'error', status, code, message}`; its message, if there is one. */
export function miroErrorMessage(body: string): string | null {
  const parsed = parseJson(body) as { message?: unknown } | null;
  return typeof parsed?.message === 'string' && parsed.message.trim() ? parsed.message.trim().slice(0, 300) : null;
}

/** How long to wait before trying again: Retry-After (seconds), else Miro's X-RateLimit-Reset (epoch seconds), else a growing pause. */
export function waitFor(headers: Headers, attempt: number, now = Date.now()): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (headers.get('retry-after') !== null && Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(MAX_WAIT_MS, retryAfter * 1000);
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.get('x-ratelimit-reset') !== null && Number.isFinite(reset) && reset > 0) return Math.min(MAX_WAIT_MS, Math.max(0, reset * 1000 - now));
  return backoff(attempt);
}

function backoff(attempt: number): number {
  return Math.min(MAX_WAIT_MS, 500 * 2 ** (attempt - 1));
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
