import type { NextFunction, Response } from 'express';
import { HttpError } from './http-error';
import type { ApiRequest } from './request-context';
import { byteSizeText } from '@verbatim/contract/byte-size';

/** Refuses bodies over `maxBytes` with a 413 before any route sees them. */
export function bodyLimit(maxBytes: number) {
  return (req: ApiRequest, _res: Response, next: NextFunction) => {
    const size = req.rawBody?.length ?? Number(req.headers['content-length'] ?? 0);
    if (size > maxBytes) {
      return next(new HttpError(413, `The request body is too large (${byteSizeText(size)}; the limit is ${byteSizeText(maxBytes)}).`));
    }
    next();
  };
}
