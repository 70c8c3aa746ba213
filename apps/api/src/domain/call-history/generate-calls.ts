import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, creditsForCall } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { analyzeCalls, insertCalls, peopleWithPins, type NewCall } from './calls-repository';
import { seededRandom } from './seeded-random';
import type { RateTable } from '../call-rates';
import { CATALOGUE_LINES, type CatalogueLine } from '../lines';

export interface GenerateCallsOptions {
  accountId: string;
  count: number;
  /** Calls fall on weekdays between these instants, 8 AM to 6 PM New York time. */
  from: Date;
  to: Date;
  seed?: number;
  /** Rows per INSERT. */
  batch?: number;
  onProgress?: (done: number) => void;
}

const HOUR_MS = 3_600_000;

/**
 * Fills an account with realistic calls for demos and benchmarks: its own people's names, office hours
 * on weekdays in New York, the catalogue's lines (busier ones more often), 3 to 45 minutes, each rated
 * by the engine's rate table (`rateFor`) and `creditsForCall` like an ingested call. The calls are not drawn from the credit
 * ledger (the account's balances and invoices stay as they are): they exist to be listed and exported.
 */
export async function generateCalls(
  deps: { database: Transactional; rates: RateTable },
  options: GenerateCallsOptions,
): Promise<number> {
  const { database, rates } = deps;
  const batch = options.batch ?? 5000;
  const random = seededRandom(options.seed ?? 20_260_101);
  const people = await peopleWithPins(database, options.accountId);
  if (people.length === 0) throw new Error(`account ${options.accountId} has no people with a PIN`);

  // Local midnight of every weekday in the span (DST changes fall on Sundays, so midnight + hours is exact).
  const days: number[] = [];
  const cursor = new TZDate(options.from.getTime(), BUSINESS_TIME_ZONE);
  cursor.setHours(0, 0, 0, 0);
  while (cursor.getTime() < options.to.getTime()) {
    if (cursor.getDay() !== 0 && cursor.getDay() !== 6) days.push(cursor.getTime());
    cursor.setDate(cursor.getDate() + 1);
  }
  if (days.length === 0) throw new Error('the span holds no weekday');
  // Every call's instant first, sorted, so the calls are written in time order as real ones arrive
  // (the table's physical order then follows time, as it does for an account that has been calling).
  const drawn = new Float64Array(options.count);
  let filled = 0;
  for (let tries = 0; filled < drawn.length && tries < drawn.length * 20; tries++) {
    const at = days[Math.floor(random() * days.length)]! + 8 * HOUR_MS + Math.floor(random() * 10 * HOUR_MS);
    if (at >= options.from.getTime() && at < options.to.getTime()) drawn[filled++] = at;
  }
  const instants = drawn.subarray(0, filled).sort();
  const weights = CATALOGUE_LINES.map((l) => l.rate.load);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const prefix = `gen-${options.accountId.slice(0, 8)}-${Date.now().toString(36)}`;
  let done = 0;
  let next = 0;
  while (next < instants.length) {
    const rows: NewCall[] = [];
    for (; rows.length < batch && next < instants.length; next++) {
      const when = new Date(instants[next]!);
      // A line may have no rate at some hour: pick another line, a few times at most.
      let line: CatalogueLine = CATALOGUE_LINES[0]!;
      let rate: number | null = null;
      for (let attempt = 0; rate === null && attempt < 8; attempt++) {
        let pick = random() * totalWeight;
        line = CATALOGUE_LINES.find((_, k) => (pick -= weights[k]!) < 0) ?? CATALOGUE_LINES[0]!;
        rate = rates.rateFor(line.destination, when);
      }
      if (rate === null) continue;
      const seconds = Math.round(180 + random() ** 1.6 * 2400);
      const person = people[Math.floor(random() * people.length)]!;
      rows.push({
        uuid: `${prefix}-${done + rows.length}`,
        personId: person.id,
        userName: person.full_name,
        at: when.toISOString(),
        destination: line.destination,
        callerId: `+1${Math.floor(2_000_000_000 + random() * 7_999_999_999)}`,
        billedSeconds: seconds,
        rateCc: rate,
        creditsCc: creditsForCall(seconds, rate),
      });
    }
    if (rows.length === 0) continue;
    await insertCalls(database, options.accountId, rows);
    done += rows.length;
    options.onProgress?.(done);
  }
  if (done === 0) throw new Error('no rated call fits the span (check the dates and the rate table)');
  await analyzeCalls(database);
  return done;
}
