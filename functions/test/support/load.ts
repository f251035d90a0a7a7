/**
 * Sizes of the load tests: bounded in `npm test` (the same assertions, fewer concurrent operations), full in
 * `npm run bench -- reliability`, which sets VERBATIM_FULL_LOAD=1 and runs the same files.
 */
export const FULL_LOAD = process.env.VERBATIM_FULL_LOAD === '1';

/** `full` under the benchmark, else `bounded`. */
export function loadSize(full: number, bounded: number): number {
  return FULL_LOAD ? full : bounded;
}
