import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transactional } from '../db/handle';
import { countHit, deleteLapsedHits, readHits, type HitCount } from '../domain/rate-limits';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Lapsed windows are deleted every this many counts of a process. */
const SWEEP_EVERY = 500;

const answer = (done: Done) => (count: HitCount) => done(null, { current: count.hits, ttl: count.ttlMs });

/**
 * A @fastify/rate-limit store on the `rate_limit_hits` table, so every process on one database counts
 * together (the plugin's own store counts in each process's memory: N processes allowed N times the
 * limit). Each route gets its own counts, as with the plugin's store.
 */
export function databaseStore(database: () => Transactional) {
  let counted = 0;

  return class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly scope = '*',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      if (++counted % SWEEP_EVERY === 0) void deleteLapsedHits(database()).catch(() => undefined);
      countHit(database(), `${this.scope}|${key}`, timeWindow).then(answer(done), done);
    }

    read(key: string, done: Done) {
      readHits(database(), `${this.scope}|${key}`).then(answer(done), done);
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
