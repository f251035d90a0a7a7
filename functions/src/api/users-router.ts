import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { MAX_NAME_LENGTH } from '@verbatim/contract/constants';
import type { AccountStatus } from '@verbatim/contract/user';
import { logs } from '../lib/logs';
import { ensureProfile } from '../users/profile-store';
import { requireAuth } from './auth-middleware';
import { setCreditsHeader } from './credits-header';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export function usersRouter(db: Firestore): Router {
  const router = Router();
  router.use(requireAuth);

  // Called after email sign-up and after every Google sign-in. The email comes from the verified ID
  // token only: a client-sent "email" is ignored, so nobody can put an address they do not own on a profile.
  router.post('/createOrUpdate', async (req: ApiRequest, res) => {
    const caller = requireCaller(req);
    const body = objectBody(req);
    const uid = stringField(body, 'uid', 128);
    if (uid !== caller.uid) throw new HttpError(403, 'You can only create or update your own profile.');
    const name = optionalString(body, 'name', MAX_NAME_LENGTH);
    const { profile, created } = await ensureProfile(db, { uid, email: caller.email, name });
    if (created) logs.profileCreated(uid, profile.creditsRemaining);
    setCreditsHeader(res, profile.creditsRemaining);
    res.status(created ? 201 : 200).json({
      uid,
      created,
      creditsRemaining: profile.creditsRemaining,
      subscriptionActive: profile.subscriptionActive,
    });
  });

  router.get('/me', async (req: ApiRequest, res) => {
    const caller = requireCaller(req);
    // A profile missing here (a sign-up whose createOrUpdate call was lost) is created now, so
    // every signed-in account has its trial.
    const { profile, created } = await ensureProfile(db, caller);
    if (created) logs.profileCreated(caller.uid, profile.creditsRemaining);
    setCreditsHeader(res, profile.creditsRemaining);
    const status: AccountStatus = {
      creditsRemaining: profile.creditsRemaining,
      subscriptionActive: profile.subscriptionActive,
    };
    res.json(status);
  });

  return router;
}

function stringField(body: Record<string, unknown>, key: string, max: number): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `"${key}" is required and must be a string.`);
  if (value.length > max) throw new HttpError(400, `"${key}" is longer than ${max} characters.`);
  return value.trim();
}

function optionalString(body: Record<string, unknown>, key: string, max: number): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new HttpError(400, `"${key}" must be a string.`);
  if (value.length > max) throw new HttpError(400, `"${key}" is longer than ${max} characters.`);
  return value.trim();
}
