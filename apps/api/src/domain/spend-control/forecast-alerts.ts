import { BUSINESS_TIME_ZONE, forecastPeriod } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { LedgerEntry } from '../billing-engine';
import { currentForecast } from '../subscription';
import { recordForecastCrossings, type Firing } from './spend-control-repository';

// The forecast alert (SPEND-13..15): the overage projected at the period's end, as the overview's forecast
// card shows it, weighed before and after a batch at the same moment.

const businessDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Run in the transaction that books the batch, after its ledger entries (`entries`), for an account with
 * a forecast threshold only. The forecast after the batch is the card's (`currentForecast`); the one
 * before it is the same function with the batch's use taken off the days its entries were booked on.
 */
export async function evaluateForecastAlerts(
  tx: Transactional,
  accountId: string,
  entries: readonly LedgerEntry[],
  now: Date,
): Promise<Firing[]> {
  const current = await currentForecast(tx, accountId, now);
  // An annual plan has no overage, so nothing is projected (MONEY-04).
  if (!current || current.period.plan.period !== 'mo') return [];
  const batchByDay = new Map<string, number>();
  for (const e of entries)
    if (e.periodId === current.period.id && e.kind === 'use') {
      const date = businessDate.format(e.at);
      batchByDay.set(date, (batchByDay.get(date) ?? 0) - e.amount);
    }
  if (batchByDay.size === 0) return [];
  const before = forecastPeriod({
    period: current.period,
    usageByDay: current.usageByDay.map((d) => ({ date: d.date, cc: d.cc - (batchByDay.get(d.date) ?? 0) })),
    availableCc: current.availableCc,
    now,
    billsOverage: true,
  });
  const afterCents = current.forecast.projectedOverageCents;
  if (afterCents <= before.projectedOverageCents) return [];
  return recordForecastCrossings(
    tx,
    accountId,
    current.period.id,
    { beforeCents: before.projectedOverageCents, afterCents },
    now,
  );
}
