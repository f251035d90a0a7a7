import type { Options } from 'canvas-confetti';

/** The celebration: 280 pieces in one burst, none reused, the canvas gone after 120 s. */
export const CONFETTI_PIECES = 280;
export const CONFETTI_REMOVED_AFTER_MS = 120_000;

/**
 * One burst (no recycling: each piece falls once and is gone) from the top third of the screen,
 * wide and slow enough to drift down the page for several seconds.
 */
export function confettiBurst(): Options {
  return {
    particleCount: CONFETTI_PIECES,
    spread: 150,
    startVelocity: 45,
    ticks: 600,
    gravity: 0.8,
    origin: { x: 0.5, y: 0.3 },
    disableForReducedMotion: true,
  };
}
