import { BUSINESS_TIME_ZONE } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { rateRevision, rateRows, type RateRow } from './rates-repository';

/** Rates change by time of day in slots of this many minutes (America/New_York). */
export const RATE_SLOT_MINUTES = 30;

interface RateVersion {
  from: number;
  to: number;
  perSlot: Map<number, number>;
}

function byDestination(rows: RateRow[]): Map<string, RateVersion[]> {
  const versionsOf = new Map<string, RateVersion[]>();
  for (const r of rows) {
    const versions = versionsOf.get(r.destination) ?? [];
    const from = new Date(r.effective_from).getTime();
    let version = versions.find((v) => v.from === from);
    if (!version) {
      version = {
        from,
        to: r.effective_to ? new Date(r.effective_to).getTime() : Infinity,
        perSlot: new Map(),
      };
      versions.push(version);
    }
    version.perSlot.set(r.slot_start_minute, Number(r.credits_per_minute));
    versionsOf.set(r.destination, versions);
  }
  return versionsOf;
}

const localClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes since local midnight in America/New_York, floored to the rate slot. */
export function slotOf(at: Date): number {
  let hour = 0;
  let minute = 0;
  for (const part of localClock.formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    if (part.type === 'minute') minute = Number(part.value);
  }
  const minutes = hour * 60 + minute;
  return minutes - (minutes % RATE_SLOT_MINUTES);
}

/** The rate table in memory: calls are rated by destination, local slot and the version in effect. */
export class RateTable {
  private constructor(
    private byDestination: Map<string, RateVersion[]>,
    private revision: number,
  ) {}

  static async load(q: Transactional): Promise<RateTable> {
    const revision = await rateRevision(q);
    return new RateTable(byDestination(await rateRows(q)), revision);
  }

  /**
   * This table, reloaded first when the rate table changed since it was read (a rate scheduled by the
   * console in any process, CAT-03): one small read per batch of calls or page of rates.
   */
  async fresh(q: Transactional): Promise<RateTable> {
    const revision = await rateRevision(q);
    if (revision !== this.revision) {
      this.byDestination = byDestination(await rateRows(q));
      this.revision = revision;
    }
    return this;
  }

  /** Credits per minute (centicredits) for a call, or null when no rate covers it. */
  rateFor(destination: string, at: Date): number | null {
    const t = at.getTime();
    const version = this.byDestination.get(destination)?.find((v) => v.from <= t && t < v.to);
    return version?.perSlot.get(slotOf(at)) ?? null;
  }

  /** The rates in effect at a time: one point per slot with one key per destination. */
  curve(at: Date): { slot: number; rates: Record<string, number> }[] {
    const t = at.getTime();
    const slots = new Map<number, Record<string, number>>();
    for (const [destination, versions] of this.byDestination) {
      const version = versions.find((v) => v.from <= t && t < v.to);
      for (const [slot, rate] of version?.perSlot ?? []) {
        slots.set(slot, { ...slots.get(slot), [destination]: rate });
      }
    }
    return [...slots].sort(([a], [b]) => a - b).map(([slot, rates]) => ({ slot, rates }));
  }
}
