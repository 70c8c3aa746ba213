import type { QueryKey } from '@tanstack/react-query';

/** A query the boot may ask before its screen exists: its queryFn reads only the context's signal. */
export interface BootQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * What a screen asks for first, and what it asks `next` once that answer is in, from that answer and
 * the address's search (Call History's calls need its dates), so that the boot can ask the same before
 * the screen's code has arrived.
 */
export interface ScreenLoad {
  first: BootQuery;
  next?: (answer: never, search: URLSearchParams) => Promise<BootQuery[]>;
}
