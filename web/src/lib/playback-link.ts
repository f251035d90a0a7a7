import type { RecordingPlayback } from '@verbatim/contract/recording';

/**
 * When to ask for a recording's playback link again. A link stops working at `expiresAt`; a player that is still
 * in use asks for a new one shortly before, so what is playing never stops on an expired link.
 */

/** Asked for again this long before the link expires (or a tenth of its life, for a short one). */
export const REFRESH_MARGIN_MS = 60_000;
/** Never asked for again sooner than this (a link that claims to be expired already, a clock that is off). */
export const MIN_REFRESH_DELAY_MS = 10_000;

/** A playback link and when it was received (the local clock), to know its life even when the clocks differ. */
export interface HeldLink extends RecordingPlayback {
  receivedAt: number;
}

function expiryOf(link: HeldLink): number {
  const at = Date.parse(link.expiresAt);
  return Number.isNaN(at) ? link.receivedAt : at;
}

function marginOf(link: HeldLink): number {
  const life = expiryOf(link) - link.receivedAt;
  return life > 0 ? Math.min(REFRESH_MARGIN_MS, life / 10) : 0;
}

/** Milliseconds until `link` should be asked for again: a minute (or a tenth of its life) before it expires. */
export function refreshDelayMs(link: HeldLink, now: number): number {
  return Math.max(MIN_REFRESH_DELAY_MS, expiryOf(link) - marginOf(link) - now);
}

/** Whether `link` can still be handed to a player: it will not expire within its refresh margin. */
export function isLinkFresh(link: HeldLink | undefined, now: number): link is HeldLink {
  return link !== undefined && expiryOf(link) - marginOf(link) > now;
}
