import type { NextFunction, Response } from 'express';
import { HttpError } from './http-error';
import type { ApiRequest } from './request-context';

/** Refuses bodies over `maxBytes` with a 413 before any route sees them. */
export function bodyLimit(maxBytes: number) {
  return (req: ApiRequest, _res: Response, next: NextFunction) => {
    const size = req.rawBody?.length ?? Number(req.headers['content-length'] ?? 0);
    if (size > maxBytes) {
      return next(new HttpError(413, `The request body is too large (${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}).`));
    }
    next();
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
