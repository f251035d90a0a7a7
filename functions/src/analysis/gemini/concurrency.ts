/**
 * Runs `worker` over `items` with at most `limit` in flight, results in input order. After the first failure no new
 * item starts, `onFailure` runs (to cancel the ones in flight), and once those settle the first error is thrown.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
  onFailure: (error: unknown) => void = () => {},
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  let firstError: unknown;

  async function lane(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await worker(items[index] as T, index);
      } catch (error) {
        if (!failed) {
          failed = true;
          firstError = error;
          onFailure(error);
        }
        return;
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
  if (failed) throw firstError;
  return results;
}
