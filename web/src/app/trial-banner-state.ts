import { LOW_CREDITS_THRESHOLD } from '@verbatim/contract/constants';

export type TrialBannerState =
  | { kind: 'hidden' }
  | { kind: 'expired' }
  | { kind: 'low'; count: string }
  | { kind: 'active'; count: string };

/** Which trial banner a signed-in user sees. `credits` is null while unknown. */
export function trialBannerState(credits: number | null, subscriptionActive: boolean): TrialBannerState {
  if (subscriptionActive) return { kind: 'hidden' };
  if (credits === null) return { kind: 'active', count: creditsLeft(null) };
  if (credits <= 0) return { kind: 'expired' };
  if (credits <= LOW_CREDITS_THRESHOLD) return { kind: 'low', count: creditsLeft(credits) };
  return { kind: 'active', count: creditsLeft(credits) };
}

/** '{n} credit(s) left': singular for 1, '...' while the count is unknown. */
export function creditsLeft(credits: number | null): string {
  if (credits === null) return '... credits left';
  return `${credits} ${credits === 1 ? 'credit' : 'credits'} left`;
}
