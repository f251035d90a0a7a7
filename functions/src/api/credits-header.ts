import type { NextFunction, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { CREDITS_HEADER } from '@verbatim/contract/constants';
import { logs } from '../lib/logs';
import { readProfile } from '../users/profile-store';
import type { ApiRequest } from './request-context';

/** Sets the caller's remaining credits on the response. Routes that change credits call it again. */
export function setCreditsHeader(res: Response, credits: number) {
  if (!res.headersSent) res.setHeader(CREDITS_HEADER, String(Math.trunc(credits)));
}

/**
 * For a signed-in caller, every response (errors included) carries x-credits-remaining. The
 * value is read before the route runs; a route that spends or grants credits overwrites it.
 */
export function creditsHeader(db: Firestore) {
  return async (req: ApiRequest, res: Response, next: NextFunction) => {
    if (!req.caller) return next();
    try {
      const profile = await readProfile(db, req.caller.uid);
      if (profile) setCreditsHeader(res, profile.creditsRemaining);
    } catch (err) {
      logs.creditsHeaderFailed(req.caller.uid, err);
    }
    next();
  };
}
