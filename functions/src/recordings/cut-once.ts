/**
 * Cuts in flight in one instance, by key (what is cut and from what): a second request for the same cut waits for the
 * first instead of cutting again. The key is forgotten once the cut ends, whether it succeeded or not.
 */
export function cutOnce<T>(inFlight: Map<string, Promise<T>>, key: string, cut: () => Promise<T>): Promise<T> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = cut().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
