import type { QueryOptions } from '../../db/handle';

/** The calls an invoice billed, in its period, by their place in the booking order (0024). */
export interface BilledCalls {
  /** After the place the period's previous invoice covered (null: from the period's first call). */
  after: number | null;
  through: number;
}

/** One account's calls in `from..to` (unix seconds, both inclusive), optionally for one user or line. */
export interface CallRange {
  accountId: string;
  from: number;
  to: number;
  user?: string | undefined;
  destination?: string | undefined;
  /** Only the calls billed in this period (an invoice's calls; a late call is billed after its time). */
  periodId?: string | undefined;
  /** Only the calls at these places in the booking order (the ones one invoice billed). */
  billed?: BilledCalls | undefined;
}

/** The filter on a call's place in the booking order, for a range with `billed`; `add` binds a value. */
export function billedWhere(billed: BilledCalls | undefined, add: (value: unknown) => string): string {
  if (!billed) return '';
  const after = billed.after === null ? '' : ` and billed_seq > ${add(billed.after)}`;
  return `${after} and billed_seq <= ${add(billed.through)}`;
}

/**
 * Newest-first reads walk calls_account_time_idx backwards. PGlite has no autovacuum, so a table filled
 * in bulk has no statistics and the planner guesses a handful of rows: it would then pick a bitmap scan
 * and sort the whole range (200 ms on 100k calls instead of 1 ms). On PGlite these reads run with
 * bitmap scans and sorts priced out; PostgreSQL's statistics need no help. Prepared: planning them
 * costs more than running them.
 */
export const INDEX_ORDER: QueryOptions = {
  prepare: true,
  planner: { enable_bitmapscan: 'off', enable_sort: 'off' },
};

/** The order of pages and exports, which calls_account_time_idx read backwards gives. */
export const NEWEST_FIRST = 'order by call_timestamp desc, call_uuid desc';

/** The WHERE clause for a range; parameters $1 account, $2 from, $3 to (inclusive), then the filters. */
export function rangeWhere(r: CallRange, upperParam = '$3'): { sql: string; params: unknown[] } {
  const params: unknown[] = [r.accountId, r.from, r.to];
  let sql = `account_id = $1 and call_timestamp >= to_timestamp($2::bigint) and call_timestamp < to_timestamp(${upperParam}::bigint + 1)`;
  if (r.user !== undefined) {
    params.push(r.user);
    sql += ` and user_name = $${params.length}`;
  }
  if (r.destination !== undefined) {
    params.push(r.destination);
    sql += ` and destination = $${params.length}`;
  }
  if (r.periodId !== undefined) {
    params.push(r.periodId);
    sql += ` and period_id = $${params.length}`;
  }
  sql += billedWhere(r.billed, (value) => `$${params.push(value)}`);
  return { sql, params };
}
