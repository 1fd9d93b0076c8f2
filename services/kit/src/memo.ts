/**
 * One value per function instance, made on first use (a provider chosen by configuration, a client): callers share
 * the pending promise, and a failed attempt is not kept, so the next call tries again.
 */
export function memoUntilFailure<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const attempt = make();
      pending = attempt;
      attempt.catch(() => { if (pending === attempt) pending = undefined; });
    }
    return pending;
  };
}
