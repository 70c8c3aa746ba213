import type { PlannerSettings } from './pglite-statements';

/**
 * The one way domain code reaches the database: SQL text with `$n` parameters, rows back as named
 * objects. The database itself and every open transaction are such a handle.
 */
export interface Transactional {
  /** One parameterised statement straight through the driver (see QueryOptions for hot statements). */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Inside,
   * send every statement through the given `tx`, never through the database itself. Called on an open
   * transaction it nests as a savepoint, so code that opens its own transaction (an engine call) can
   * take part in its caller's: both commit or roll back together.
   */
  transaction<T>(work: (tx: Transactional) => Promise<T>): Promise<T>;
}

export interface QueryOptions {
  /**
   * Plan the statement once and keep the plan (a prepared statement per connection on PostgreSQL, an
   * SQL-level PREPARE on PGlite): for hot statements whose planning costs more than their execution.
   */
  prepare?: boolean;
  /**
   * Planner settings for this statement alone, on PGlite only. It has no autovacuum, so a table filled
   * in bulk can lack statistics and the planner then misjudges; PostgreSQL keeps its own statistics.
   */
  planner?: PlannerSettings;
}

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The first PostgreSQL error in a cause chain (a driver or a wrapper may nest the server's error). */
function pgErrorOf(error: unknown): PgError {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current as PgError;
    current = current.cause as typeof current;
  }
  return {};
}

/**
 * Whether `error` is a unique violation (SQLSTATE 23505), of the named unique index when one is given.
 * PGlite names the index in the message only, PostgreSQL in `constraint` too: both are looked at.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const e = pgErrorOf(error);
  if (e.code !== '23505') return false;
  return index === undefined || `${e.constraint ?? ''} ${e.message ?? ''}`.includes(index);
}
