// A local stand-in of the Google Drive v3 API for tests: serves files by id (their bytes and mime
// type, with `alt=media`), exports Google Docs as plain text (`/export?mimeType=text/plain`), and
// answers as Drive does — 404 for an unknown id, 401 for a wrong token, 403 for a Doc asked for
// its bytes or a file asked for an export — with Drive's error shape. It records every request,
// and whether the client read the whole answer or hung up early.
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.mjs';

export const GOOGLE_DOC_MIME_TYPE = 'application/vnd.google-apps.document';
const CHUNK = 64 * 1024;

export async function startDriveStandIn(options = {}) {
  const accessToken = options.accessToken ?? 'ya29.drive-stand-in-token';
  const requests = [];
  const files = new Map();
  // One-shot answers by file id: a Drive error (status ≥ 400, with a reason).
  const nextAnswers = new Map();

  function driveError(res, status, reason, message) {
    const body = JSON.stringify({ error: { code: status, message, errors: [{ domain: 'global', reason, message }] } });
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  /** Sends `bytes` in chunks, honouring backpressure and stopping if the client hangs up. */
  function sendBytes(res, bytes, headers) {
    res.writeHead(200, headers);
    let offset = 0;
    const pump = () => {
      while (offset < bytes.length && !res.destroyed) {
        const chunk = bytes.subarray(offset, offset + CHUNK);
        offset += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const recorded = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? '',
      completed: false,
    };
    requests.push(recorded);
    res.on('finish', () => (recorded.completed = true));
    req.resume();

    const match = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) return driveError(res, 404, 'notFound', `Not found: ${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return driveError(res, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
    const id = decodeURIComponent(match[1]);
    const next = nextAnswers.get(id);
    if (next) {
      nextAnswers.delete(id);
      return driveError(res, next.status, next.reason ?? 'backendError', next.message ?? 'Drive stand-in error.');
    }
    const file = files.get(id);
    if (!file) return driveError(res, 404, 'notFound', `File not found: ${id}.`);

    if (match[2]) {
      if (file.mimeType !== GOOGLE_DOC_MIME_TYPE) return driveError(res, 403, 'fileNotExportable', 'Export only supports Docs Editors files.');
      if (url.searchParams.get('mimeType') !== 'text/plain') return driveError(res, 400, 'badRequest', 'The requested conversion is not supported.');
      // Exports stream without a length, as Drive's do.
      return sendBytes(res, file.bytes, { 'content-type': 'text/plain; charset=UTF-8' });
    }
    if (url.searchParams.get('alt') !== 'media') {
      const body = JSON.stringify({ kind: 'drive#file', id, name: file.name, mimeType: file.mimeType });
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      return res.end(body);
    }
    if (file.mimeType.startsWith('application/vnd.google-apps.')) {
      return driveError(res, 403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
    }
    const headers = { 'content-type': file.mimeType };
    if (file.contentLength !== null) headers['content-length'] = String(file.contentLength ?? file.bytes.length);
    sendBytes(res, file.bytes, headers);
  });
  const url = await listenOnLoopback(server, options.port);

  return {
    url,
    accessToken,
    requests,
    /** A stored file. `contentLength: null` answers without a Content-Length (chunked); a number declares that length instead of the real one. */
    addFile({ id, name = id, mimeType, bytes, contentLength }) {
      files.set(id, { name, mimeType, bytes: Buffer.from(bytes), contentLength });
    },
    /** A Google Doc whose plain-text export is `text`. */
    addGoogleDoc({ id, name = id, text, mimeType = GOOGLE_DOC_MIME_TYPE }) {
      files.set(id, { name, mimeType, bytes: Buffer.from(text, 'utf8'), contentLength: null });
    },
    /** The next request for file `id` fails with Drive's error shape. */
    answerNext(id, next) {
      nextAnswers.set(id, next);
    },
    reset() {
      files.clear();
      nextAnswers.clear();
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
