// A local stand-in of Miro's REST API v2 for tests: creates boards (POST /v2/boards), frames
// (POST /v2/boards/{id}/frames) and items in bulk (POST /v2/boards/{id}/items/bulk, at most 20, all or
// none), checks the bearer token and the shape of what it is sent as Miro does, and answers with Miro's
// shapes: the created item, `{data: [...]}` for bulk, and `{type: 'error', status, code, message}`.
// It keeps every board's frames and stickies so tests can read the board back, and records every request.
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.mjs';

const BULK_LIMIT = 20;
const STICKY_COLOURS = new Set([
  'gray', 'light_yellow', 'yellow', 'orange', 'light_green', 'green', 'dark_green', 'cyan', 'light_pink', 'pink', 'violet', 'red',
  'light_blue', 'blue', 'dark_blue', 'black',
]);

export async function startMiroStandIn(options = {}) {
  const accessToken = options.accessToken ?? 'miro-stand-in-token';
  const requests = [];
  const boards = new Map();
  // One-shot answers for the next matching requests: {status, message, retryAfter}.
  const nextAnswers = [];
  let ids = 0;
  const newId = (prefix) => `${prefix}${String(++ids).padStart(12, '0')}`;

  function answer(res, status, body, headers = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }
  const miroError = (res, status, code, message, headers) => answer(res, status, { type: 'error', status, code, message }, headers);

  function checkSticky(item, board) {
    if (item?.type !== 'sticky_note') return `Unsupported item type ${JSON.stringify(item?.type)}`;
    if (typeof item.data?.content !== 'string') return 'data.content must be a string';
    if (item.data.content.length > 6000) return 'data.content is too long';
    if (!['square', 'rectangle'].includes(item.data.shape)) return 'data.shape must be square or rectangle';
    if (!STICKY_COLOURS.has(item.style?.fillColor)) return `Invalid style.fillColor ${JSON.stringify(item.style?.fillColor)}`;
    if (typeof item.position?.x !== 'number' || typeof item.position?.y !== 'number') return 'position.x and position.y are required';
    if (item.parent && !board.frames.has(item.parent.id)) return `Parent item ${item.parent.id} not found`;
    return null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method, path: url.pathname, authorization: req.headers.authorization ?? '', body });

    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return miroError(res, 401, 'tokenNotProvided', 'No authorization token was found in the request. Please supply a valid token.');
    }
    if (body === undefined) return miroError(res, 400, 'invalidParameters', 'Request body is not valid JSON');
    const next = nextAnswers.findIndex((a) => !a.path || url.pathname.endsWith(a.path));
    if (next >= 0) {
      const [one] = nextAnswers.splice(next, 1);
      const headers = one.retryAfter !== undefined ? { 'retry-after': String(one.retryAfter) } : {};
      return miroError(res, one.status, one.code ?? 'standInError', one.message ?? 'Stand-in error', headers);
    }

    if (req.method === 'POST' && url.pathname === '/v2/boards') {
      if (typeof body?.name === 'string' && body.name.length > 60) return miroError(res, 400, 'invalidParameters', 'Board name must be at most 60 characters');
      if (typeof body?.description === 'string' && body.description.length > 300) return miroError(res, 400, 'invalidParameters', 'Board description must be at most 300 characters');
      const id = `uXjV${newId('')}=`;
      const board = { id, name: body?.name ?? 'Untitled', description: body?.description ?? '', frames: new Map(), stickies: [] };
      boards.set(id, board);
      return answer(res, 201, { id, type: 'board', name: board.name, description: board.description, viewLink: `https://miro.com/app/board/${id}/` });
    }
    const match = /^\/v2\/boards\/([^/]+)\/(frames|items\/bulk)$/.exec(url.pathname);
    const board = match && boards.get(decodeURIComponent(match[1]));
    if (req.method !== 'POST' || !match) return miroError(res, 404, 'notFound', `Not found: ${req.method} ${url.pathname}`);
    if (!board) return miroError(res, 404, 'boardNotFound', 'Board not found');

    if (match[2] === 'frames') {
      if (typeof body?.data?.title !== 'string') return miroError(res, 400, 'invalidParameters', 'data.title must be a string');
      const id = newId('3458764');
      board.frames.set(id, { id, title: body.data.title, position: body.position, geometry: body.geometry });
      return answer(res, 201, { id, type: 'frame', data: body.data, position: body.position, geometry: body.geometry });
    }

    if (!Array.isArray(body) || body.length === 0) return miroError(res, 400, 'invalidParameters', 'Request body must be a non-empty array of items');
    if (body.length > BULK_LIMIT) return miroError(res, 400, 'invalidParameters', `At most ${BULK_LIMIT} items can be created in one request`);
    for (const item of body) {
      const problem = checkSticky(item, board);
      if (problem) return miroError(res, 400, 'invalidParameters', problem);
    }
    const created = body.map((item) => {
      const sticky = { id: newId('3458765'), content: item.data.content, fillColor: item.style.fillColor, position: item.position, parentId: item.parent?.id ?? null };
      board.stickies.push(sticky);
      return { id: sticky.id, type: 'sticky_note', data: item.data, style: item.style, position: item.position, parent: item.parent };
    });
    return answer(res, 201, { data: created, type: 'bulk-list' });
  });
  const url = await listenOnLoopback(server, options.port);

  return {
    url,
    accessToken,
    requests,
    board: (id) => {
      const board = boards.get(id);
      return board && { id: board.id, name: board.name, description: board.description, frames: [...board.frames.values()], stickies: board.stickies };
    },
    boardIds: () => [...boards.keys()],
    answerNext(next) {
      nextAnswers.push(next);
    },
    reset() {
      boards.clear();
      nextAnswers.length = 0;
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
