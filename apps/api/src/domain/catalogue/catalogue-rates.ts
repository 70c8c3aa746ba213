import { CATALOGUE_TEXT, type CatalogueRates, type RateSlot } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { lineRates, scheduleRate, RATE_SLOT_MINUTES } from '../call-rates';
import { DomainError } from '../errors';
import { lineDestinations } from './catalogue-lines';
import { effectiveAt } from './effective-date';

const ALL_SLOTS = Array.from({ length: (24 * 60) / RATE_SLOT_MINUTES }, (_, i) => i * RATE_SLOT_MINUTES);

/** A line's rate in every half hour: in force at `now`, and the versions scheduled after (CAT-03). */
export async function catalogueRates(
  q: Transactional,
  line: string | undefined,
  now: Date,
): Promise<CatalogueRates> {
  const lines = await lineDestinations(q);
  const chosen = line ?? lines[0] ?? '';
  if (line !== undefined && !lines.includes(line))
    throw new DomainError('not-found', CATALOGUE_TEXT.noLine(line), 'line');
  const rows = await lineRates(q, chosen, now);
  const slots = ALL_SLOTS.map((slot): RateSlot => {
    const own = rows.filter((r) => r.slot_start_minute === slot);
    const current = own.find((r) => new Date(r.effective_from) <= now);
    return {
      slot_start_minute: slot,
      now: current ? Number(current.credits_per_minute) / 100 : null,
      scheduled: own
        .filter((r) => new Date(r.effective_from) > now)
        .map((r) => ({
          effective_from: new Date(r.effective_from).toISOString(),
          credits_per_minute: Number(r.credits_per_minute) / 100,
        })),
    };
  });
  return { lines, line: chosen, slots };
}

/**
 * A new rate for one half hour of a line, or all 48, from `effective_from` (now when absent): the
 * version in force then is closed at that instant and the new one follows. Calls already rated keep the
 * credits stored with them; calls from that instant on are rated at the new price (CAT-03).
 */
export async function scheduleRateChange(
  tx: Transactional,
  body: {
    line: string;
    slot_start_minute: number | null;
    effective_from?: string;
    credits_per_minute: number;
  },
  now: Date,
): Promise<{ message: string }> {
  const from = effectiveAt(body.effective_from, now);
  if (!(await lineDestinations(tx)).includes(body.line))
    throw new DomainError('invalid', CATALOGUE_TEXT.noLine(body.line), 'line');
  const slots = body.slot_start_minute === null ? ALL_SLOTS : [body.slot_start_minute];
  await scheduleRate(tx, body.line, slots, from, Math.round(body.credits_per_minute * 100));
  const which = slots.length === 1 ? 'one half hour' : `all ${slots.length} half hours`;
  const when = from.getTime() === now.getTime() ? 'now' : `from ${from.toISOString()}`;
  return {
    message: `${body.line}: ${body.credits_per_minute.toFixed(2)} credits/min in ${which}, ${when}.`,
  };
}
