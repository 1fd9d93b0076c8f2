/**
 * The props that fetch a lazily loaded part's code ahead, as soon as the pointer or the keyboard focus reaches what
 * opens it (docs/decisions.md, "First screen"). A fetch that fails is left to the opening, which loads again and shows
 * the failure there.
 */
export function prefetchOnIntent(load: () => Promise<unknown>): { onPointerEnter: () => void; onFocus: () => void } {
  const fetchAhead = () => void load().catch(() => undefined);
  return { onPointerEnter: fetchAhead, onFocus: fetchAhead };
}
