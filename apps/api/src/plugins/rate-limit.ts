import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transactional } from '../db/handle';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Lapsed windows are deleted every this many counts of a process, so the table stays small. */
const SWEEP_EVERY = 500;

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

const READ_HITS = `
  select hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl_ms
    from rate_limit_hits where key = $1 and window_ends_at > now()`;

interface HitRow {
  hits: number;
  ttl_ms: number;
}

/**
 * A @fastify/rate-limit store on the `rate_limit_hits` table, so every process on one database counts
 * together (the plugin's own store counts in each process's memory: N processes allowed N times the
 * limit). Each route gets its own counts, as with the plugin's store.
 */
export function databaseStore(database: () => Transactional) {
  let counted = 0;
  const sweep = () =>
    database()
      .query('delete from rate_limit_hits where window_ends_at < now()')
      .catch(() => undefined);

  return class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly scope = '*',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      if (++counted % SWEEP_EVERY === 0) void sweep();
      database()
        .query<HitRow>(COUNT_HIT, [`${this.scope}|${key}`, timeWindow], { prepare: true })
        .then(([row]) => done(null, { current: row!.hits, ttl: row!.ttl_ms }), done);
    }

    read(key: string, done: Done) {
      database()
        .query<HitRow>(READ_HITS, [`${this.scope}|${key}`])
        .then(
          ([row]) => done(null, row ? { current: row.hits, ttl: row.ttl_ms } : { current: 0, ttl: 0 }),
          done,
        );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin hands the route's merged settings, with the route itself as `routeInfo`.
      const routeOptions = options as { routeInfo?: { method?: unknown; url?: string }; groupId?: string };
      const route = routeOptions.routeInfo;
      const scope = routeOptions.groupId ?? `${String(route?.method ?? '')} ${route?.url ?? ''}`;
      return new DatabaseStore(routeOptions, scope);
    }
  };
}

/** Per-route limits (`config.rateLimit`), counted in the shared database. */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(() => app.database),
    // A count that cannot be kept fails the request (the database is down: 503), never waves it through.
    skipOnError: false,
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['db'] });
