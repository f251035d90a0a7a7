/**
 * What a researcher reads when an account's quota refuses something (the limits are in config/server-limits.ts): what
 * the limit is, built from its number, and what to do or when to try again. Pure.
 */
import { byteSizeText } from '@verbatim/contract/byte-size';
import { plural } from '@verbatim/contract/plural';

/** At least one minute: "1 minute", "10 minutes". */
const minutes = (seconds: number) => plural(Math.max(1, Math.ceil(seconds / 60)), 'minute');

export function projectsQuotaMessage(limit: number): string {
  return `An account can hold ${limit} projects. Delete a project you no longer need to start a new one.`;
}

export function uploadsWaitingQuotaMessage(limit: number): string {
  return `${limit} interviews are already waiting for their files. Let those uploads finish (or remove them), then add more.`;
}

export function rejectedUploadsQuotaMessage(limit: number, seconds: number): string {
  return `${limit} of your files could not be read in the last hour. Check that your files are transcripts in a supported format, then try again in ${minutes(seconds)}.`;
}

export const FILES_BEING_READ_MESSAGE = 'Too many of your files are being read at once. Upload this one again in a minute.';

export function asksQuotaMessage(limit: number, seconds: number): string {
  return `You have asked ${limit} questions in the last hour. Try again in ${minutes(seconds)}; search works meanwhile.`;
}

export function searchesQuotaMessage(limit: number, seconds: number): string {
  return `You have searched ${limit} times in the last minute. Try again in ${plural(seconds, 'second')}.`;
}

export function exportsQuotaMessage(limit: number, seconds: number): string {
  return `You have made ${limit} exports in the last hour. Try again in ${minutes(seconds)}.`;
}

export function reanalysesQuotaMessage(limit: number, seconds: number): string {
  return `You have asked for ${limit} re-analyses in the last hour. Try again in ${minutes(seconds)}.`;
}

export function clipStorageQuotaMessage(limit: number, used: number): string {
  return `Clips and reels may keep ${byteSizeText(limit)} in storage per account; yours keep ${byteSizeText(used)}, so this one would pass it. Delete clips or reels you no longer need (their files go with them), then try again.`;
}
