import express, { type NextFunction, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { MAX_JSON_BODY_BYTES } from '../domain/constants';
import { logs } from '../lib/logs';
import { identifyCaller } from './auth-middleware';
import { bodyLimit } from './body-limit';
import { creditsHeader } from './credits-header';
import { HttpError } from './http-error';
import { jsonBody } from './json-body';
import { usersRouter } from './users-router';

export interface ApiDeps {
  db: Firestore;
  auth: Auth;
}

/**
 * The one Express app behind `/api`. Hosting forwards `/api/...` paths unchanged while direct
 * calls to the function arrive without the prefix, so routes are mounted at both.
 */
export function createApiApp(deps: ApiDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);

  const routes = express.Router();
  routes.use('/users', usersRouter(deps.db));
  routes.use((req, _res, next) => next(new HttpError(404, `No API route for ${req.method} ${req.path}.`)));

  app.use(identifyCaller(deps.auth));
  app.use(creditsHeader(deps.db));
  app.use(bodyLimit(MAX_JSON_BODY_BYTES));
  app.use(jsonBody);
  app.use('/api', routes);
  app.use('/', routes);
  app.use(errorHandler);
  return app;
}

function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return;
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: { code: err.code, message: err.message } });
    return;
  }
  logs.requestFailed(req.method, req.path, err);
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
}
