import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is within `margin` of the window (and from then on): a large part below the
 * fold (the usage charts' drawing code, recharts) is fetched as it is about to be seen, so it is there
 * when scrolled to and is not part of the page's first load. Without IntersectionObserver it is true at once.
 */
export function useNearView(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
