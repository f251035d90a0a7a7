import type { AccountStatus } from '@verbatim/contract/user';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/me: the signed-in user's credits and subscription. */
export function getMe(): Promise<AccountStatus> {
  return apiRequest<AccountStatus>('/users/me');
}
