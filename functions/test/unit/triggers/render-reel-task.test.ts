import { describe, expect, it } from 'vitest';
import { REEL_TASK_SECONDS } from '@verbatim/contract/reel';
import { renderReel } from '../../../src/triggers/render-reel-task';

/** The reel task's options as deployed (the function's manifest). */
const endpoint = (renderReel as unknown as { __endpoint: { timeoutSeconds?: number; taskQueueTrigger: { retryConfig?: { maxAttempts?: number } } } }).__endpoint;

describe('the reel task', () => {
  // A retry within the lease would find the reel still claimed and do nothing; the handler marks every failure it sees.
  it('is tried once, for at most its length', () => {
    expect(endpoint.timeoutSeconds).toBe(REEL_TASK_SECONDS);
    expect(endpoint.taskQueueTrigger.retryConfig?.maxAttempts).toBe(1);
  });
});
