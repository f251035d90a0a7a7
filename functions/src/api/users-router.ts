import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRequestBody, readBody } from '@verbatim/contract/request-bodies';
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
    const read = readBody(profileRequestBody, objectBody(req));
    if (!read.ok) throw new HttpError(400, read.message);
    const { uid, name } = read.value;
    if (uid !== caller.uid) throw new HttpError(403, 'You can only create or update your own profile.');
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
