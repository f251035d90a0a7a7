/**
 * The sentences a researcher reads about the monthly Gemini allowances (`GEMINI_MONTHLY_TOKENS_PER_PROJECT`,
 * `GEMINI_MONTHLY_TOKENS_PER_ACCOUNT`), every one built from the ceiling and the moment it was reached: whose
 * allowance, for which month (UTC), how many tokens, when it renews, and what works meanwhile. One module, so an
 * analysis, a synthesis, Ask and a transcription say the same thing about the same allowance.
 */

import { ANALYSIS_CHOICE_NAMES } from './analysis-choice';

/** Whose allowance: the project's own, or the account's over all its projects. */
export type AllowanceOwner = 'project' | 'account';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const DAY_AND_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The first day of the month after `at`'s (UTC), as a person reads it: "1 January" in December. */
export function allowanceRenewalText(at: Date): string {
  return DAY_AND_MONTH.format(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));
}

/** "this project has used its Gemini allowance for November (2,000,000 tokens)", lowercase to go inside a sentence. */
function usedUp(owner: AllowanceOwner, ceilingTokens: number, at: Date): string {
  const tokens = `${ceilingTokens.toLocaleString('en-US')} tokens`;
  const whose = owner === 'project' ? 'this project' : 'your account';
  return `${whose} has used its Gemini allowance for ${MONTH.format(at)} (${owner === 'project' ? tokens : `${tokens} over all your projects`})`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const ALLOWANCE_MESSAGES = {
  /** Why Gemini was not asked, as a clause another sentence carries (a synthesis written without it, Ask's quotes). */
  notAsked: (owner: AllowanceOwner, ceilingTokens: number, at: Date) =>
    `${usedUp(owner, ceilingTokens, at)}, so Gemini was not asked; it renews on ${allowanceRenewalText(at)}`,
  /** Ask answered with the most relevant quotes, as Gemini was not asked. */
  askQuotes: (owner: AllowanceOwner, ceilingTokens: number, at: Date) =>
    `${capitalised(usedUp(owner, ceilingTokens, at))}, so Gemini was not asked; it renews on ${allowanceRenewalText(at)}. These are the most relevant quotes instead.`,
  /** An interview's analysis stopped before anything was sent. */
  analysis: (owner: AllowanceOwner, ceilingTokens: number, at: Date) =>
    `${capitalised(usedUp(owner, ceilingTokens, at))}, so Gemini was not asked. Your credit was returned. ` +
    `The allowance renews on ${allowanceRenewalText(at)}; until then ${ANALYSIS_CHOICE_NAMES.local} analysis still works: choose it in the project’s Analysis setting and analyse this interview again.`,
  /** A recording's transcription stopped before anything was sent: what works meanwhile is a transcript with times. */
  transcription: (owner: AllowanceOwner, ceilingTokens: number, at: Date) =>
    `${capitalised(usedUp(owner, ceilingTokens, at))}, so this recording was not transcribed. Your credit was returned. ` +
    `The allowance renews on ${allowanceRenewalText(at)}; upload the recording again then. ` +
    'Meanwhile, upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it.',
} as const;
