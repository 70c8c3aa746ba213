import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come into the window (and from then on): a part below the fold (the
 * overview's usage card) fetches its answer and its chart's code when it is about to be seen, not with
 * the page's first load. Without IntersectionObserver it is true at once.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
