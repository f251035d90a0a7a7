import { FUNCTIONS_WORK_WAIT_MS } from '../../../test/support/emulators';

/** Polls `read` until `done` accepts its value, or fails after `timeoutMs` naming the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = FUNCTIONS_WORK_WAIT_MS, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    last = await read();
  }
  return last;
}
