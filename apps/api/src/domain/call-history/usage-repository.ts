import type { Transactional } from '../../db/handle';
import { INDEX_ORDER, rangeWhere, type CallRange } from './calls-range';

// The usage charts' sums (USAGE): a range's credits per New York day, grouped by user or by line, and
// per user and per line, aggregated in the database over calls_account_time_idx (account, time), the
// same conditions as a page of the list.

/** Which column a day's stacks are drawn from: the caller's name, or the line (destination). */
export type UsageKey = 'user' | 'line';
const KEY_COLUMN: Record<UsageKey, string> = { user: 'user_name', line: 'destination' };

/** Centicredits by day (0 = the range's first New York day) and by name. */
export interface RangeUsage {
  byDayAndKey: { day: number; name: string; cc: number }[];
  byUser: { name: string; cc: number }[];
  byLine: { name: string; cc: number }[];
}

/** `firstDay` is the range's first day as yyyy-MM-dd in `timeZone`; a day number counts from it. */
export async function rangeUsage(
  q: Transactional,
  r: CallRange,
  key: UsageKey,
  firstDay: string,
  timeZone: string,
): Promise<RangeUsage> {
  const { sql, params } = rangeWhere(r);
  const tz = `$${params.push(timeZone)}`;
  const first = `$${params.push(firstDay)}`;
  const column = KEY_COLUMN[key];
  // One pass: grouping sets give the (day, name) stacks and the per-user and per-line totals together.
  const rows = await q.query<{
    day: number | null;
    u: string | null;
    l: string | null;
    k: string | null;
    cc: string;
  }>(
    `select ((call_timestamp at time zone ${tz})::date - ${first}::date) as day,
            case when grouping(user_name) = 0 then user_name end as u,
            case when grouping(destination) = 0 then destination end as l,
            case when grouping(${column}) = 0 and grouping(((call_timestamp at time zone ${tz})::date)) = 0
                 then ${column} end as k,
            sum(credits_used)::text as cc
       from calls where ${sql}
      group by grouping sets (((call_timestamp at time zone ${tz})::date, ${column}), (user_name), (destination))`,
    params,
    INDEX_ORDER,
  );
  const usage: RangeUsage = { byDayAndKey: [], byUser: [], byLine: [] };
  for (const row of rows) {
    const cc = Number(row.cc);
    if (row.day !== null && row.k !== null) usage.byDayAndKey.push({ day: row.day, name: row.k, cc });
    else if (row.u !== null && row.day === null) usage.byUser.push({ name: row.u, cc });
    else if (row.l !== null && row.day === null) usage.byLine.push({ name: row.l, cc });
  }
  return usage;
}

/** Centicredits per day of a range (0 = its first day in `timeZone`). */
export async function dailyUsage(
  q: Transactional,
  r: CallRange,
  firstDay: string,
  timeZone: string,
): Promise<Map<number, number>> {
  const { sql, params } = rangeWhere(r);
  const tz = `$${params.push(timeZone)}`;
  const first = `$${params.push(firstDay)}`;
  const rows = await q.query<{ day: number; cc: string }>(
    `select ((call_timestamp at time zone ${tz})::date - ${first}::date) as day, sum(credits_used)::text as cc
       from calls where ${sql} group by 1`,
    params,
    INDEX_ORDER,
  );
  return new Map(rows.map((row) => [row.day, Number(row.cc)]));
}

/**
 * When a range starts where one of the account's billing periods starts, the period before that one
 * (unix seconds, both inclusive), so "this period" is compared with the previous period; else null.
 */
export async function periodBefore(
  q: Transactional,
  accountId: string,
  from: number,
): Promise<{ from: number; to: number } | null> {
  const [row] = await q.query<{ from: string; to: string }>(
    `select floor(extract(epoch from p.starts_at))::bigint::text as from,
            (ceil(extract(epoch from p.ends_at))::bigint - 1)::text as to
       from billing_periods p
      where p.account_id = $1 and p.starts_at < to_timestamp($2::bigint)
        and exists (select 1 from billing_periods c where c.account_id = $1
                       and c.starts_at >= to_timestamp($2::bigint) and c.starts_at < to_timestamp($2::bigint + 1))
      order by p.starts_at desc limit 1`,
    [accountId, from],
  );
  return row ? { from: Number(row.from), to: Number(row.to) } : null;
}
