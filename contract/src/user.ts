/** A user's profile as stored in `users/{uid}`. Credits and subscription are server-owned. */
export interface UserProfile {
  uid: string;
  email: string;
  name: string;
  creditsRemaining: number;
  subscriptionActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What `GET /users/me` answers. */
export interface AccountStatus {
  creditsRemaining: number;
  subscriptionActive: boolean;
}

/** True when the account can no longer run paid actions. */
export function isOutOfCredits(status: { creditsRemaining: number | null; subscriptionActive: boolean }): boolean {
  return !status.subscriptionActive && status.creditsRemaining !== null && status.creditsRemaining <= 0;
}
