import type { Transactional } from '../../db/handle';
import { rangeWhere, type BilledCalls, type CallRange } from './calls-range-repository';

// The calls table as call history reads it around a page: the filter's names, a range's totals, and
// the ranges of an invoice and of the previous period. Pages are in calls-page-repository.ts, the
// export's chunks in calls-csv-repository.ts.

/** The names the user filter offers: the account's people. */
export async function accountUserNames(q: Transactional, accountId: string): Promise<string[]> {
  const rows = await q.query<{ full_name: string }>(
    `select distinct full_name from people where account_id = $1 and full_name <> '' order by full_name`,
    [accountId],
  );
  return rows.map((r) => r.full_name);
}

/** Sums of a range, in the database's units (centicredits). */
export interface RangeTotals {
  calls: number;
  billedSeconds: number;
  creditsCc: number;
  overageCc: number;
}

/**
 * The range's totals in one aggregate over the same index and conditions as a page (account, time,
 * optional user and line): one pass over the range's index entries and rows, however deep the page.
 */
export async function rangeTotals(q: Transactional, r: CallRange): Promise<RangeTotals> {
  const { sql, params } = rangeWhere(r);
  const [row] = await q.query<{ calls: number; billed: string; credits: string; overage: string }>(
    `select count(*)::int as calls, coalesce(sum(billed_seconds), 0)::text as billed,
            coalesce(sum(credits_used), 0)::text as credits, coalesce(sum(overage_credits), 0)::text as overage
       from calls where ${sql}`,
    params,
    { prepare: true },
  );
  return {
    calls: row!.calls,
    billedSeconds: Number(row!.billed),
    creditsCc: Number(row!.credits),
    overageCc: Number(row!.overage),
  };
}

/**
 * The calls an invoice's CSV holds: exactly those it billed, so they add up to its Credits used. An
 * invoice that bills usage billed its period's calls (a late call is billed in the period it was posted
 * in) booked after the period's previous invoice and up to its own place; a Subscription invoice billed
 * none. An invoice issued before invoices kept their place lists its whole period. The range spans the
 * period and its calls, so the export reads the same index as any range; null when the account has no
 * such invoice.
 */
export async function invoiceRange(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<{ number: string; range: CallRange } | null> {
  const [row] = await q.query<{
    starts_at: Date;
    ends_at: Date;
    number: string;
    kind: string;
    period_id: string | null;
    first_call: Date | null;
    last_call: Date | null;
    calls_through: string | null;
    calls_after: string | null;
  }>(
    `select coalesce(p.starts_at, i.period_start) as starts_at, coalesce(p.ends_at, i.period_end) as ends_at,
            i.number, i.kind, p.id as period_id, c.first_call, c.last_call, i.calls_through::text,
            (select e.calls_through from invoices e
              where e.account_id = i.account_id and e.period_id = i.period_id and e.status <> 'void'
                and e.calls_through is not null and (e.issued_at, e.number) < (i.issued_at, i.number)
              order by e.issued_at desc, e.number desc limit 1)::text as calls_after
       from invoices i
       -- A Subscription invoice (no period_id) is for the period it prepays, which starts at its start.
       left join billing_periods p on p.account_id = i.account_id
             and (p.id = i.period_id or (i.period_id is null and p.starts_at = i.period_start))
       left join lateral (select min(call_timestamp) as first_call, max(call_timestamp) as last_call from calls
                           where account_id = i.account_id and period_id = p.id) c on true
      where i.id = $1 and i.account_id = $2`,
    [invoiceId, accountId],
  );
  if (!row) return null;
  const seconds = (at: Date) => new Date(at).getTime() / 1000;
  const from = Math.min(seconds(row.starts_at), row.first_call ? seconds(row.first_call) : Infinity);
  const to = Math.max(seconds(row.ends_at) - 0.001, row.last_call ? seconds(row.last_call) : -Infinity);
  const billed: BilledCalls | null =
    row.kind === 'start'
      ? { after: null, through: 0 }
      : row.calls_through !== null
        ? {
            after: row.calls_after === null ? null : Number(row.calls_after),
            through: Number(row.calls_through),
          }
        : null;
  const range: CallRange = {
    accountId,
    from: Math.floor(from),
    to: Math.floor(to),
    periodId: row.period_id ?? undefined,
    billed: billed ?? undefined,
  };
  return { number: row.number, range };
}

/** What a call's credits were drawn from (ingest); a call written without it keeps the columns' 0. */
export interface CallDraw {
  plan: number;
  rollover: number;
  bonus: number;
  overage: number;
  unbilled: number;
}

/** A rated call to store. */
export interface NewCall {
  uuid: string;
  personId: string;
  userName: string;
  /** ISO 8601. */
  at: string;
  destination: string;
  callerId: string;
  billedSeconds: number;
  rateCc: number;
  creditsCc: number;
  draw?: CallDraw;
  /** The period the call is billed in (null in the table when not given). */
  periodId?: string;
}

type Column = [name: string, type: string, value: (call: NewCall) => unknown];

const CALL_COLUMNS: Column[] = [
  ['call_uuid', 'text', (c) => c.uuid],
  ['person_id', 'uuid', (c) => c.personId],
  ['user_name', 'text', (c) => c.userName],
  ['call_timestamp', 'timestamptz', (c) => c.at],
  ['destination', 'text', (c) => c.destination],
  ['caller_id_number', 'text', (c) => c.callerId],
  ['billed_seconds', 'int', (c) => c.billedSeconds],
  ['billing_rate', 'bigint', (c) => c.rateCc],
  ['credits_used', 'bigint', (c) => c.creditsCc],
];
const DRAW_COLUMNS: Column[] = (['plan', 'rollover', 'bonus', 'overage', 'unbilled'] as const).map(
  (bucket) => [`${bucket}_credits`, 'bigint', (c) => c.draw![bucket]],
);
const PERIOD_COLUMN: Column = ['period_id', 'uuid', (c) => c.periodId];

/**
 * Stores one account's calls in one statement, an insert from `unnest` of one array per column: one
 * round trip and one plan for a whole batch (ingest, the call generator and bench/ingest's plain-SQL
 * baseline all write calls this way). The credit split and the period are written when the first call
 * carries them (every call of a batch does, or none).
 */
export async function insertCalls(q: Transactional, accountId: string, calls: NewCall[]): Promise<void> {
  if (calls.length === 0) return;
  const columns = [
    ...CALL_COLUMNS,
    ...(calls[0]!.draw ? DRAW_COLUMNS : []),
    ...(calls[0]!.periodId !== undefined ? [PERIOD_COLUMN] : []),
  ];
  await q.query(
    `insert into calls (account_id, ${columns.map(([name]) => name).join(', ')})
     select $1, u.* from unnest(${columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')}) as u`,
    [accountId, ...columns.map(([, , value]) => calls.map(value))],
  );
}

/** The account's people who can call (they have a PIN), oldest first: the generator's callers. */
export async function peopleWithPins(
  q: Transactional,
  accountId: string,
): Promise<{ id: string; full_name: string }[]> {
  return q.query<{ id: string; full_name: string }>(
    'select id, full_name from people where account_id = $1 and pin is not null order by created_at',
    [accountId],
  );
}

/**
 * After a bulk load: statistics for the planner and a visibility map for index-only scans (PGlite runs
 * no autovacuum).
 */
export async function analyzeCalls(q: Transactional): Promise<void> {
  await q.query('vacuum analyze calls');
  await q.query('vacuum analyze call_day_counts');
}

/** Which of these call_uuids are stored already (a resent batch's calls are duplicates). */
export async function storedCallUuids(q: Transactional, uuids: string[]): Promise<Set<string>> {
  const rows = await q.query<{ call_uuid: string }>('select call_uuid from calls where call_uuid = any($1)', [
    uuids,
  ]);
  return new Set(rows.map((r) => r.call_uuid));
}
