import type { Transactional } from '../../db/handle';
import { rangeWhere, type CallRange } from './calls-range';

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
