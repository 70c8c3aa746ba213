import type { CallRow } from '@enq/contract';
import type { Database } from '../../db/client';
import type { Transactional } from '../../db/handle';
import { INDEX_ORDER, NEWEST_FIRST, rangeWhere, type CallRange } from './calls-range-repository';

/** call_day_counts buckets calls by UTC day (migration 0004 keeps them with triggers on calls). */
const DAY_SECONDS = 86_400;

/** Below this offset a page is read straight from the range's newest end. */
const DIRECT_OFFSET_MAX = 1000;

const hasFilter = (r: CallRange) => r.user !== undefined || r.destination !== undefined;

/** Whole UTC days inside the range: [firstDay, endDay). Empty when firstDay >= endDay. */
function wholeDays(r: CallRange) {
  return { firstDay: Math.ceil(r.from / DAY_SECONDS), endDay: Math.floor((r.to + 1) / DAY_SECONDS) };
}

interface RangeCounts {
  total: number;
  /** Calls after the last whole day (newest first, these come first). */
  top: number;
  firstDay: number;
  endDay: number;
}

/**
 * How many calls a range holds. Unfiltered, it adds the per-day counts of the whole days to two exact
 * counts over the partial days at either end (at most two days of index), so it costs the same for a
 * day or for years of calls. With a user or line filter it counts the rows (slower on big accounts).
 */
async function countRange(q: Transactional, r: CallRange): Promise<RangeCounts> {
  const { firstDay, endDay } = wholeDays(r);
  if (hasFilter(r) || firstDay >= endDay) {
    const { sql, params } = rangeWhere(r);
    const [row] = await q.query<{ n: number }>(`select count(*)::int as n from calls where ${sql}`, params, {
      prepare: true,
    });
    return { total: row!.n, top: row!.n, firstDay, endDay: firstDay };
  }
  const [row] = await q.query<{ days: number; bottom: number; top: number }>(
    `select (select coalesce(sum(calls), 0)::int from call_day_counts
              where account_id = $1 and day >= $4 and day < $5) as days,
            (select count(*)::int from calls where account_id = $1
                and call_timestamp >= to_timestamp($2::bigint) and call_timestamp < to_timestamp($4::bigint * ${DAY_SECONDS})) as bottom,
            (select count(*)::int from calls where account_id = $1
                and call_timestamp >= to_timestamp($5::bigint * ${DAY_SECONDS}) and call_timestamp < to_timestamp($3::bigint + 1)) as top`,
    [r.accountId, r.from, r.to, firstDay, endDay],
    { prepare: true },
  );
  return { total: row!.days + row!.bottom + row!.top, top: row!.top, firstDay, endDay };
}

const ROW_COLUMNS = `call_uuid, floor(extract(epoch from call_timestamp))::int as unix_time, destination,
  user_name, caller_id_number, billed_seconds, billing_rate::int as billing_rate, credits_used::int as credits_used`;

interface DbRow {
  call_uuid: string;
  unix_time: number;
  destination: string;
  user_name: string;
  caller_id_number: string;
  billed_seconds: number;
  billing_rate: number;
  credits_used: number;
  billed_from: string | null;
  billed_to: string | null;
}

const iso = (at: string) => new Date(at).toISOString();

const toCallRow = (r: DbRow): CallRow => ({
  call_uuid: r.call_uuid,
  call_timestamp: r.unix_time,
  destination: r.destination,
  user: r.user_name,
  caller_id_number: r.caller_id_number,
  billed_duration: r.billed_seconds,
  billing_rate: r.billing_rate / 100,
  credits_used: r.credits_used / 100,
  billed_in:
    r.billed_from && r.billed_to ? { period_start: iso(r.billed_from), period_end: iso(r.billed_to) } : null,
});

/**
 * One page of a range, newest first, and the number of pages. Deep pages do not OFFSET through the
 * whole range: the per-day counts locate the day the page starts in, and the OFFSET only runs inside
 * that day, so the last page of a million calls costs about what the first does.
 */
export async function listCallsPage(
  db: Database,
  r: CallRange,
  page: number,
  pageSize: number,
): Promise<{ calls: CallRow[]; totalPages: number }> {
  const q: Transactional = db;
  const counts = await countRange(q, r);
  const totalPages = Math.ceil(counts.total / pageSize);
  const offset = (page - 1) * pageSize;
  if (offset >= counts.total) return { calls: [], totalPages };

  // Find the upper bound (exclusive, unix seconds) below which the page starts, and the rows to skip.
  let upper = r.to + 1;
  let skip = offset;
  if (offset >= counts.top && offset > DIRECT_OFFSET_MAX && counts.firstDay < counts.endDay) {
    const inDays = offset - counts.top;
    const [day] = await q.query<{ day: number; before: number }>(
      `select day, (cum - calls)::int as before from (
         select day, calls, sum(calls) over (order by day desc) as cum from call_day_counts
          where account_id = $1 and day >= $2 and day < $3) s
        where cum > $4 order by day desc limit 1`,
      [r.accountId, counts.firstDay, counts.endDay, inDays],
      { prepare: true },
    );
    if (day) {
      upper = (day.day + 1) * DAY_SECONDS;
      skip = inDays - day.before;
    } else {
      const [sum] = await q.query<{ n: number }>(
        `select coalesce(sum(calls), 0)::int as n from call_day_counts where account_id = $1 and day >= $2 and day < $3`,
        [r.accountId, counts.firstDay, counts.endDay],
        { prepare: true },
      );
      upper = counts.firstDay * DAY_SECONDS;
      skip = inDays - sum!.n;
    }
  }
  const { sql, params } = rangeWhere(r, '$3');
  params[2] = upper - 1;
  params.push(skip, pageSize);
  // The page as one JSON value: PGlite parses result rows in JavaScript at about 20 µs a row, and
  // JSON.parse does 25 of them faster (a page's statement took 0.6 ms instead of 1.0).
  // A call billed in another period than the one its time falls in (posted after that one closed) names
  // the period it was billed in; looked up for the page's own calls only.
  const [rows] = await db.query<{ calls: DbRow[] | null }>(
    `select json_agg(r ${NEWEST_FIRST}) as calls from (
       select c.*, p.starts_at as billed_from, p.ends_at as billed_to from (
         select call_timestamp, period_id, ${ROW_COLUMNS} from calls where ${sql}
          ${NEWEST_FIRST} offset $${params.length - 1} limit $${params.length}) c
       left join billing_periods p on p.account_id = $1 and p.id = c.period_id
        and not (c.call_timestamp >= p.starts_at and c.call_timestamp < p.ends_at)) r`,
    params,
    INDEX_ORDER,
  );
  return { calls: (rows?.calls ?? []).map(toCallRow), totalPages };
}
