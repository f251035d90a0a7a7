/**
 * How long a test waits for work the emulated functions do on their own (an upload parsed, an interview analysed, a
 * public page written). Alone that takes a second or two; under `npm test` the work waits in the Functions emulator's
 * line beside the browser suite on two cores, sometimes over a minute. A wait that never ends still fails.
 */
export const FUNCTIONS_WORK_WAIT_MS = 180_000;

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
