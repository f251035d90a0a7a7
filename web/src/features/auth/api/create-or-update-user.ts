import type { ProfileRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';

/** The email is not sent: the server takes it from the verified ID token. */
export type CreateOrUpdateUserInput = ProfileRequest;

export interface CreateOrUpdateUserResult {
  uid: string;
  created: boolean;
  creditsRemaining: number;
  subscriptionActive: boolean;
}

/** POST /users/createOrUpdate: sent after email sign-up and after every Google sign-in. */
export function createOrUpdateUser(input: CreateOrUpdateUserInput): Promise<CreateOrUpdateUserResult> {
  return apiRequest<CreateOrUpdateUserResult>('/users/createOrUpdate', { method: 'POST', body: input });
}
