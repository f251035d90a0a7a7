/**
 * Whether a signed-in user sees the trial banner at all: every user without a subscription does, whatever the credits
 * (trialBannerState says which banner). Apart from the banner's wording so that the layout, in every page's first
 * load, carries none of it.
 */
export function isTrialBannerShown(subscriptionActive: boolean): boolean {
  return !subscriptionActive;
}
