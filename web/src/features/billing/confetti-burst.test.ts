import { describe, expect, it } from 'vitest';
import { CONFETTI_REMOVED_AFTER_MS, confettiBurst } from './confetti-burst';

describe('the success confetti', () => {
  it('is one burst of 280 pieces, removed after 120 seconds', () => {
    const burst = confettiBurst();
    expect(burst.particleCount).toBe(280);
    expect(CONFETTI_REMOVED_AFTER_MS).toBe(120_000);
    // Long-lived enough to fall down the screen, but each piece only once.
    expect(burst.ticks).toBeGreaterThanOrEqual(200);
  });
});
