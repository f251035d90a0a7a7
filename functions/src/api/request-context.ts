import type { Request } from 'express';

/** What the auth middleware learns about the caller. */
export interface Caller {
  uid: string;
  email: string;
  name: string;
}

export type ApiRequest = Request & { caller?: Caller; rawBody?: Buffer };

export function requireCaller(req: ApiRequest): Caller {
  if (!req.caller) throw new Error('requireCaller used on a route without authentication');
  return req.caller;
}
