import type { Transactional } from '../../db/handle';

/** Hits counted in the current window of one key, and the milliseconds left of that window. */
export interface HitCount {
  hits: number;
  ttlMs: number;
}

/*
 * One statement counts a hit and tells the count and what is left of the window, atomically on every
 * driver: two processes counting at once serialise on the row. A lapsed window restarts at 1. Times
 * are the database's, so processes with drifting clocks still agree on one window.
 */
const COUNT_HIT = `
  insert into rate_limit_hits as r (key, hits, window_ends_at)
  values ($1, 1, now() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
    window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
  returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl_ms`;

interface HitRow {
  hits: number;
  ttl_ms: number;
}

/** Counts one hit of `key` in a window of `windowMs`, opening a new window if the last one lapsed. */
export async function countHit(database: Transactional, key: string, windowMs: number): Promise<HitCount> {
  const [row] = await database.query<HitRow>(COUNT_HIT, [key, windowMs], { prepare: true });
  return { hits: row!.hits, ttlMs: row!.ttl_ms };
}

/** The current window's count of `key`, without counting (0 when there is none). */
export async function readHits(database: Transactional, key: string): Promise<HitCount> {
  const [row] = await database.query<HitRow>(
    `select hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl_ms
       from rate_limit_hits where key = $1 and window_ends_at > now()`,
    [key],
  );
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/**
 * Lapsed windows are of no use: forgotten now and then so the table stays small. Lapsed as the count
 * and the read say it: ended at or before now (PGlite's clock can read the very instant a window ends).
 */
export async function deleteLapsedHits(database: Transactional): Promise<void> {
  await database.query('delete from rate_limit_hits where window_ends_at <= now()');
}
