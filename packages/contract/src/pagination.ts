// The pager under Call History's table and Users' list. Its own module so that a screen with a pager
// does not load Call History's schemas and date functions with it.

/** CALL-12: the pagination shows 5 page links. */
export const CALL_HISTORY_PAGE_LINKS = 5;

/** The 5 page links around the current page (1-based), clipped to 1..totalPages. */
export function pageLinks(page: number, totalPages: number, count = CALL_HISTORY_PAGE_LINKS): number[] {
  if (totalPages <= 0) return [];
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), totalPages - count + 1));
  const last = Math.min(totalPages, first + count - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
