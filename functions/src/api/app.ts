import express, { type NextFunction, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError, type AppErrorKind } from '@verbatim/contract/app-error';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import type { ServerConfig } from '../config/server-config';
import type { FileStore } from '../storage/file-store';
import type { RecordingStore } from '../storage/recording-store';
import { RecordingRefusal } from '../recordings/recording-service';
import type { TranscriptionQueue } from '../recordings/transcription-queue';
import { mediaRouter } from './media-router';
import { logs } from '../lib/logs';
import { accountGate } from './account-gate';
import { identifyCaller } from './auth-middleware';
import { bodyLimit } from './body-limit';
import { creditsHeader } from './credits-header';
import { HttpError } from './http-error';
import { jsonBody } from './json-body';
import { billingRouter } from './billing-router';
import { contactRouter } from './contact-router';
import { projectsRouter } from './projects-router';
import { publicRouter } from './public-router';
import { searchRouter } from './search-router';
import { usersRouter } from './users-router';

export interface ApiDeps {
  db: Firestore;
  auth: Auth;
  files: FileStore;
  /** Interviews' recordings: Cloud Storage, or a local folder on the emulators (whose links `/media` serves). */
  recordings: RecordingStore;
  /** Where recordings' transcriptions are queued (default: Cloud Functions' task queue). */
  transcriptions?: TranscriptionQueue;
  /** The server's configuration (config/server-config.ts): limits, Gemini, Stripe, service addresses. */
  config: ApiConfig;
}

export type ApiConfig = Pick<ServerConfig, 'limits' | 'gemini' | 'billing' | 'driveApiBase' | 'miroApiBase' | 'uploadVia'>;

/**
 * The one Express app behind `/api`. Hosting forwards `/api/...` paths unchanged while direct
 * calls to the function arrive without the prefix, so routes are mounted at both.
 */
export function createApiApp(deps: ApiDeps) {
  const app = express();
  app.disable('x-powered-by');
  // req.ip would be the left-most X-Forwarded-For entry, which the caller writes: unused. Who is
  // calling is found through the trusted hops only (client-address.ts).
  app.set('trust proxy', false);
  // Responses are what their Content-Type says (Hosting adds the same to its own files).
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  const routes = express.Router();
  routes.use('/users', usersRouter(deps.db));
  const { config } = deps;
  routes.use('/public', publicRouter(deps.db, config.limits, deps.recordings));
  routes.use('/media', mediaRouter(deps.recordings));
  routes.use('/billing', billingRouter(deps.db, () => config.billing, deps.auth));
  routes.use('/contact', contactRouter(deps.db, config.limits));
  // Which analysers this server offers (Gemini only with a configured key), and how large and long a recording may be.
  routes.get('/capabilities', (_req, res) => {
    res.json({ analysers: { local: true, gemini: config.gemini !== null }, recordings: config.limits.recordings });
  });
  // One gate for the instance: an account's costly requests share its places, whichever route they take.
  const gate = accountGate(deps.db, config.limits.accountRequests);
  routes.use('/projects', projectsRouter({ ...deps, gate }));
  routes.use('/search', searchRouter({ db: deps.db, quotas: config.limits.quotas, gemini: config.gemini, gate }));
  routes.use((req, _res, next) => next(new HttpError(404, `No API route for ${req.method} ${req.path}.`)));

  app.use(identifyCaller(deps.auth));
  app.use(creditsHeader(deps.db));
  // Transcript uploads may be up to 20 MB, recordings sent through the API up to their limit (32 MB); JSON routes hold
  // their bodies to MAX_JSON_BODY_BYTES (objectBody).
  app.use(bodyLimit(Math.max(MAX_UPLOAD_BYTES, config.limits.recordings.apiMaxBytes) + 1024));
  app.use(jsonBody);
  app.use('/api', routes);
  app.use('/', routes);
  app.use(errorHandler);
  return app;
}

function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return;
  if (err instanceof AppError) {
    const status = STATUS_BY_KIND[err.kind];
    if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    // A recording's refusal names its own code (needs-transcript, no-timestamps, …).
    const code = err instanceof RecordingRefusal ? err.code : err.kind;
    res.status(status).json({ error: { code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: { code: err.code, message: err.message } });
    return;
  }
  logs.requestFailed(req.method, req.path, err);
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
}

const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
};
