import {
  BUSINESS_TIME_ZONE,
  CANCELLATION_REASON_IDS,
  type CancellationReason,
  type CancellationReport,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { cancellationsSince } from './cancellations-repository';

/** The report covers this many months, the current one included. */
export const REPORT_MONTHS = 12;

const monthOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);

/**
 * The console's report of cancellation reasons (issue 64): per month (New York time), plan and reason,
 * how many cancelled and how many took the offered alternative instead; newest month first.
 */
export async function cancellationReport(q: Transactional, now: Date): Promise<CancellationReport> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - REPORT_MONTHS, 1);
  const counts = new Map<string, CancellationReport['rows'][number]>();
  for (const row of await cancellationsSince(q, since)) {
    const plan = `${row.plan_name} ${row.plan_period === 'mo' ? 'monthly' : 'annual'}`;
    const reason = row.reason as CancellationReason;
    const month = monthOf(new Date(row.created_at));
    const key = `${month}|${plan}|${reason}`;
    const line = counts.get(key) ?? { month, plan, reason, cancelled: 0, accepted: 0 };
    if (row.outcome === 'cancelled') line.cancelled++;
    else line.accepted++;
    counts.set(key, line);
  }
  const order = (r: CancellationReason) => CANCELLATION_REASON_IDS.indexOf(r);
  const rows = [...counts.values()].sort(
    (a, b) =>
      b.month.localeCompare(a.month) || a.plan.localeCompare(b.plan) || order(a.reason) - order(b.reason),
  );
  return { rows };
}
