import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (and stays true from then on), for content below the
 * fold whose code is heavy (charts): it loads when the member scrolls towards it, not with the page. True at once where
 * IntersectionObserver is missing.
 */
export function useNearViewport<T extends Element>(margin = '400px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
