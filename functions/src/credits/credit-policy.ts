import { CREDITS_PER_INTERVIEW } from '@verbatim/contract/constants';

export interface CreditAccount {
  creditsRemaining: number;
  subscriptionActive: boolean;
}

/** Subscribers have unlimited usage; trial users need at least one credit left. */
export function canStartInterview(account: CreditAccount): boolean {
  return account.subscriptionActive || account.creditsRemaining >= CREDITS_PER_INTERVIEW;
}

/** What accepting one interview does to the account: the credits after, and whether one was spent. */
export function chargeForInterview(account: CreditAccount): { accepted: boolean; spent: boolean; creditsRemaining: number } {
  if (account.subscriptionActive) return { accepted: true, spent: false, creditsRemaining: account.creditsRemaining };
  if (account.creditsRemaining < CREDITS_PER_INTERVIEW) {
    return { accepted: false, spent: false, creditsRemaining: account.creditsRemaining };
  }
  return { accepted: true, spent: true, creditsRemaining: account.creditsRemaining - CREDITS_PER_INTERVIEW };
}
