import type { Transactional } from '../../db/handle';
import { INDEX_ORDER, rangeWhere, type CallRange } from './calls-range-repository';

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

/**
 * `firstDay` is the range's first day as yyyy-MM-dd in `timeZone`; a day number counts from it. The
 * totals by `key` are the stacks' sums (added up here), so the database groups twice, not three times.
 */
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
  const stacked = KEY_COLUMN[key];
  const other = KEY_COLUMN[key === 'user' ? 'line' : 'user'];
  // One pass: grouping sets give the (day, name) stacks and the other kind's totals together.
  const rows = await q.query<{ day: number | null; k: string | null; o: string | null; cc: string }>(
    `select ((call_timestamp at time zone ${tz})::date - ${first}::date) as day,
            ${stacked} as k, ${other} as o, sum(credits_used)::text as cc
       from calls where ${sql}
      group by grouping sets (((call_timestamp at time zone ${tz})::date, ${stacked}), (${other}))`,
    params,
    INDEX_ORDER,
  );
  const byDayAndKey: RangeUsage['byDayAndKey'] = [];
  const byKey = new Map<string, number>();
  const byOther: { name: string; cc: number }[] = [];
  for (const row of rows) {
    const cc = Number(row.cc);
    if (row.day === null) {
      byOther.push({ name: row.o!, cc });
      continue;
    }
    byDayAndKey.push({ day: row.day, name: row.k!, cc });
    byKey.set(row.k!, (byKey.get(row.k!) ?? 0) + cc);
  }
  const byStacked = [...byKey].map(([name, cc]) => ({ name, cc }));
  return key === 'user'
    ? { byDayAndKey, byUser: byStacked, byLine: byOther }
    : { byDayAndKey, byUser: byOther, byLine: byStacked };
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
