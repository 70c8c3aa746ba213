import { RATE_SLOT_MINUTES } from '../../domain/call-rates/rates';
import { CATALOGUE_LINES, LINE_DESTINATIONS } from '../../domain/lines/line-catalogue';
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
 * Upserted at every start: one time-of-day curve per catalogue line, under its destination name. Rates
 * of destinations no longer in the catalogue are closed at `now` rather than deleted: the chart and new
 * calls stop seeing them, while a late record of a call made before still rates as it would have, and
 * the calls already stored keep their own rate and destination.
 */
export async function seedRates(database: Database, now: Date = new Date()): Promise<void> {
  const rows: [string, number, number][] = [];
  for (const line of CATALOGUE_LINES) {
    for (let slot = 0; slot < 24 * 60; slot += RATE_SLOT_MINUTES)
      rows.push([line.destination, slot, seededRateCc(line.rate.load, line.rate.peak, slot)]);
  }
  // A line that returns to the catalogue has its curve reopened.
  await database.query(
    `insert into rates (destination, slot_start_minute, effective_from, credits_per_minute)
     select d, s, $1, r from unnest($2::text[], $3::int[], $4::bigint[]) as u(d, s, r)
     on conflict (destination, slot_start_minute, effective_from)
     do update set credits_per_minute = excluded.credits_per_minute, effective_to = null`,
    [RATES_EFFECTIVE_FROM, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
  await database.query(
    `update rates set effective_to = greatest($2::timestamptz, effective_from)
      where effective_to is null and destination <> all($1::text[])`,
    [LINE_DESTINATIONS, now],
  );
}
