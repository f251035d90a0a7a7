import type { NextFunction, Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { logs } from '../lib/logs';
import { HttpError } from './http-error';
import type { ApiRequest } from './request-context';

/**
 * Reads `Authorization: Bearer <ID token>` when present. A missing header leaves the request
 * anonymous (routes that need a caller call `requireAuth`); a header with a bad token is a 401.
 */
export function identifyCaller(auth: Auth) {
  return async (req: ApiRequest, _res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return next(new HttpError(401, 'The Authorization header must be the word Bearer followed by an ID token.'));
    try {
      const token = await auth.verifyIdToken(match[1]);
      req.caller = { uid: token.uid, email: token.email ?? '', name: typeof token.name === 'string' ? token.name : '' };
      next();
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'unknown';
      logs.tokenRejected(code);
      next(new HttpError(401, code === 'auth/id-token-expired'
        ? 'Your session has expired. Please sign in again.'
        : 'Your sign-in token is not valid. Please sign in again.'));
    }
  };
}

export function requireAuth(req: ApiRequest, _res: Response, next: NextFunction) {
  if (!req.caller) return next(new HttpError(401, 'Please sign in to continue.'));
  next();
}
