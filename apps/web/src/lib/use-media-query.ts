import { useSyncExternalStore } from 'react';

/**
 * Phones: below 640 px, where a wide table reads as a list of cards. The same width as styles.css's
 * .stack-table query and Tailwind's `max-sm:`, so a component that draws something else on a phone
 * switches where the stylesheet does.
 */
export const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * Below Tailwind's `lg` (1024 px), where the layout hides its sidebar and the header's marketing menus
 * (`hidden lg:block`) and the menu button offers them instead.
 */
export const BELOW_LG_QUERY = '(max-width: 1023.98px)';

/** Whether a CSS media query matches now, updating as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    () => window.matchMedia?.(query).matches ?? false,
  );
}
