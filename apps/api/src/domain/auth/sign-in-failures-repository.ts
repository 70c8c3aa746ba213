import type { Transactional } from '../../db/handle';

// The sign_in_failures counts that sign-in-throttle.ts keeps, by key (an email+address pair, or an
// email alone), each with its last failure.

export interface FailureRow {
  key: string;
  failures: number;
  last_failure_at: Date;
}

/** The counts of these keys whose last failure is after `since`. */
export async function recentFailures(q: Transactional, keys: string[], since: Date): Promise<FailureRow[]> {
  return q.query<FailureRow>(
    `select key, failures, last_failure_at from sign_in_failures
      where key = any($1) and last_failure_at > $2`,
    [keys, since],
  );
}

/** One more failure for each key at `now`; a count whose last failure is before `lapsedBefore` restarts. */
export async function countFailure(q: Transactional, keys: string[], now: Date, lapsedBefore: Date) {
  await q.query(
    `insert into sign_in_failures (key, failures, last_failure_at)
     select k, 1, $2 from unnest($1::text[]) as k
     on conflict (key) do update set
       failures = case when sign_in_failures.last_failure_at < $3 then 1 else sign_in_failures.failures + 1 end,
       last_failure_at = $2`,
    [keys, now, lapsedBefore],
  );
}

/** Forgets counts whose last failure is before `before` (the index on last_failure_at keeps this cheap). */
export async function forgetFailuresBefore(q: Transactional, before: Date) {
  await q.query('delete from sign_in_failures where last_failure_at < $1', [before]);
}

export async function forgetFailures(q: Transactional, key: string) {
  await q.query('delete from sign_in_failures where key = $1', [key]);
}

/**
 * Holds the count of `key` until the transaction ends: checks that read a count, decide and add to it
 * run one at a time, in every process, so concurrent guesses cannot all pass one check of the limit.
 */
export async function lockFailures(q: Transactional, key: string) {
  await q.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}
