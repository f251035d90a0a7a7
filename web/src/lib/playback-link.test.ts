import { describe, expect, it } from 'vitest';
import { isLinkFresh, MIN_REFRESH_DELAY_MS, refreshDelayMs, type HeldLink } from './playback-link';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const link = (expiresAt: string, receivedAt = T0): HeldLink => ({
  url: '/r.m4a',
  expiresAt,
  contentType: 'audio/mp4',
  hasVideo: false,
  durationSeconds: 600,
  receivedAt,
});

describe('a playback link', () => {
  it('is asked for again a minute before an hour’s link expires', () => {
    expect(refreshDelayMs(link('2026-03-01T11:00:00Z'), T0)).toBe(59 * 60_000);
    expect(refreshDelayMs(link('2026-03-01T11:00:00Z'), T0 + 30 * 60_000)).toBe(29 * 60_000);
  });

  it('is asked for again a tenth of its life early when it lives under ten minutes', () => {
    expect(refreshDelayMs(link('2026-03-01T10:05:00Z'), T0)).toBe(270_000);
  });

  it('is never asked for again in a loop, even when it claims to be expired already', () => {
    expect(refreshDelayMs(link('2026-03-01T09:00:00Z'), T0)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(link('not a date'), T0)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('is handed to a player only while it has more than its margin left', () => {
    const held = link('2026-03-01T10:15:00Z');
    expect(isLinkFresh(held, T0)).toBe(true);
    expect(isLinkFresh(held, T0 + 13 * 60_000)).toBe(true);
    expect(isLinkFresh(held, T0 + 14 * 60_000 + 1)).toBe(false);
    expect(isLinkFresh(undefined, T0)).toBe(false);
    expect(isLinkFresh(link('not a date'), T0)).toBe(false);
  });
});
