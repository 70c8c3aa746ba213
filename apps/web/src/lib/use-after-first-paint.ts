import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true from the next one, drawn in a task of its own after the
 * page's paint (effects run after it): a long part below the fold does not
 * lengthen the task that draws the first screen.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
