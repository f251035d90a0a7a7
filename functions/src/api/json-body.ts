import express, { type NextFunction, type Response } from 'express';
import { MAX_JSON_BODY_BYTES } from '@verbatim/contract/constants';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { HttpError } from './http-error';
import type { ApiRequest } from './request-context';

const parseJson = express.json({ limit: '32mb', strict: true });

/**
 * Parses a JSON body when no host framework has done so yet (Cloud Functions parses it first and
 * keeps `rawBody`). Malformed JSON becomes a 400 with a readable message.
 */
export function jsonBody(req: ApiRequest, res: Response, next: NextFunction) {
  parseJson(req, res, (err?: unknown) => {
    if (err) {
      const status = (err as { status?: number }).status;
      if (status === 413) return next(new HttpError(413, 'The request body is too large.'));
      return next(new HttpError(400, 'The request body is not valid JSON.'));
    }
    next();
  });
}

/** The parsed JSON body as a plain object, or a 400; over `maxBytes` (a route's own limit, else MAX_JSON_BODY_BYTES), a 413. */
export function objectBody(req: ApiRequest, maxBytes = MAX_JSON_BODY_BYTES): Record<string, unknown> {
  const size = req.rawBody?.length ?? 0;
  if (size > maxBytes) {
    throw new HttpError(413, `The request body is too large (${byteSizeText(size)}; the limit is ${byteSizeText(maxBytes)}).`);
  }
  const body: unknown = req.body;
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0 && (req.rawBody?.length ?? 0) === 0)) {
    throw new HttpError(400, 'A JSON body is required.');
  }
  if (typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
