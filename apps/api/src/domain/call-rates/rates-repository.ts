import type { Transactional } from '../../db/handle';

export interface RateRow {
  destination: string;
  slot_start_minute: number;
  effective_from: Date;
  effective_to: Date | null;
  credits_per_minute: string;
}

/** The whole rate table, every version of every line, by line and then by when it took effect. */
export async function rateRows(q: Transactional): Promise<RateRow[]> {
  return q.query<RateRow>('select * from rates order by destination, effective_from');
}

/** The rate table's revision: every change bumps it, and each process reloads its copy when it moved. */
export async function rateRevision(q: Transactional): Promise<number> {
  const [row] = await q.query<{ revision: number }>('select revision from rate_revision');
  return row?.revision ?? 0;
}

export async function bumpRateRevision(q: Transactional): Promise<void> {
  await q.query(
    `insert into rate_revision (id, revision) values (true, 1)
     on conflict (id) do update set revision = rate_revision.revision + 1`,
  );
}

/** The versions of one line's rates that are in force at `at` or start later, by slot then start. */
export async function lineRates(q: Transactional, destination: string, at: Date): Promise<RateRow[]> {
  return q.query<RateRow>(
    `select * from rates where destination = $1 and (effective_to is null or effective_to > $2)
      order by slot_start_minute, effective_from`,
    [destination, at],
  );
}

/**
 * A new price for some slots of a line from `from` on: the version in force then is closed at `from`
 * and the new one inserted; a version that was to start after `from` is replaced by it (CAT-03).
 * Serialised per line by locking its rows. Returns how many slots had a rate to follow.
 */
export async function scheduleRate(
  q: Transactional,
  destination: string,
  slots: number[],
  from: Date,
  creditsPerMinuteCc: number,
): Promise<number> {
  await q.query('select 1 from rates where destination = $1 for update', [destination]);
  await q.query(
    'delete from rates where destination = $1 and slot_start_minute = any($2::int[]) and effective_from >= $3',
    [destination, slots, from],
  );
  const closed = await q.query<{ slot_start_minute: number }>(
    `update rates set effective_to = $3
      where destination = $1 and slot_start_minute = any($2::int[]) and effective_from < $3
        and (effective_to is null or effective_to > $3)
      returning slot_start_minute`,
    [destination, slots, from],
  );
  await q.query(
    `insert into rates (destination, slot_start_minute, effective_from, credits_per_minute)
     select $1, s, $3, $4 from unnest($2::int[]) as s`,
    [destination, slots, from, creditsPerMinuteCc],
  );
  await bumpRateRevision(q);
  return closed.length;
}

/** A line renamed (or its market): its rates follow it under the new destination name. */
export async function renameRateDestination(q: Transactional, from: string, to: string): Promise<void> {
  if (from === to) return;
  await q.query('update rates set destination = $2 where destination = $1', [from, to]);
  await bumpRateRevision(q);
}

/** Whether any rate, past or not, is stored under this destination name. */
export async function destinationHasRates(q: Transactional, destination: string): Promise<boolean> {
  return (await q.query('select 1 from rates where destination = $1 limit 1', [destination])).length > 0;
}
