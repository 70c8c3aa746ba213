import type { Transactional } from '../../db/handle';

/** A person who places calls, found by the PIN the telephony platform sends. */
export interface Caller {
  person_id: string;
  account_id: string;
  pin: string;
  full_name: string;
}

/** The person with this PIN and their account; null for an unknown PIN. */
export async function callerOfPin(
  q: Transactional,
  pin: string,
): Promise<{ account_id: string; person_id: string } | null> {
  const [person] = await q.query<{ account_id: string; person_id: string }>(
    'select account_id, id as person_id from people where pin = $1 and account_id is not null',
    [pin],
  );
  return person ?? null;
}

/** The people with these PINs, in one read for a whole batch of calls. */
export async function callersByPin(q: Transactional, pins: string[]): Promise<Caller[]> {
  return q.query<Caller>(
    'select id as person_id, account_id, pin, full_name from people where pin = any($1) and account_id is not null',
    [pins],
  );
}
