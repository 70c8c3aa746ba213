import { RATE_SLOT_MINUTES } from '../../domain/call-rates/rates';
import { bumpRateRevision } from '../../domain/call-rates/rates-repository';
import { CATALOGUE_LINES } from '../../domain/lines/line-catalogue';
import type { Database } from '../client';

/** Since the start of 2025: every rate below is in effect from then on. */
export const RATES_EFFECTIVE_FROM = new Date('2025-01-01T05:00:00Z');

/**
 * Credits per minute (in hundredths) for a destination in a local slot: 20 credits off-hours, rising
 * with the line's load towards its busiest hour (dynamic pricing follows the queues at the agency).
 */
export function seededRateCc(load: number, peak: number, slotStartMinute: number): number {
  const hour = slotStartMinute / 60;
  const open = hour >= 7 && hour < 19;
  if (!open) return 2000;
  const closeness = Math.max(0, 1 - Math.abs(hour + 0.25 - peak) / 6);
  const credits = 22 + load * (10 + 28 * closeness);
  return Math.round(credits * 4) * 25; // to the quarter credit
}

/**
 * At every start, after the lines: one time-of-day curve for each catalogue line that has no rates yet,
 * under its destination name (rates the console scheduled are kept, CAT-03). Rates of destinations that
 * are no longer a stored line are closed at `now` rather than deleted: the chart and new calls stop
 * seeing them, while a late record of a call made before still rates as it would have, and the calls
 * already stored keep their own rate and destination.
 */
export async function seedRates(database: Database, now: Date = new Date()): Promise<void> {
  const rows: [string, number, number][] = [];
  for (const line of CATALOGUE_LINES) {
    for (let slot = 0; slot < 24 * 60; slot += RATE_SLOT_MINUTES)
      rows.push([line.destination, slot, seededRateCc(line.rate.load, line.rate.peak, slot)]);
  }
  await database.query(
    `insert into rates (destination, slot_start_minute, effective_from, credits_per_minute)
     select d, s, $1, r from unnest($2::text[], $3::int[], $4::bigint[]) as u(d, s, r)
      where not exists (select 1 from rates o where o.destination = u.d)
     on conflict (destination, slot_start_minute, effective_from) do nothing`,
    [RATES_EFFECTIVE_FROM, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
  // A stored line's destination is '<market> <line>' (the contract's lineDestination).
  const closed = await database.query<{ n: number }>(
    `with closed as (
       update rates set effective_to = greatest($1::timestamptz, effective_from)
        where effective_to is null
          and destination <> all(select m.name || ' ' || d.name_long
                                   from line_departments d join line_markets m on m.id = d.market_id)
       returning 1)
     select count(*)::int as n from closed`,
    [now],
  );
  if (closed[0]!.n > 0) await bumpRateRevision(database);
}
