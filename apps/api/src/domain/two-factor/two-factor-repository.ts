import type { Transactional } from '../../db/handle';

export interface TwoFactorRow {
  account_id: string;
  secret: string;
  enabled_at: Date | null;
  last_step: number | null;
}

export async function findTwoFactor(q: Transactional, personId: string): Promise<TwoFactorRow | null> {
  const [row] = await q.query<TwoFactorRow>(
    'select account_id, secret, enabled_at, last_step::float8 as last_step from two_factor where person_id = $1',
    [personId],
  );
  return row ?? null;
}

/** Keeps a new key waiting for its first code; an enabled person's key is never replaced (false). */
export async function savePendingSecret(
  q: Transactional,
  personId: string,
  sealed: string,
): Promise<boolean> {
  const rows = await q.query(
    `insert into two_factor (account_id, person_id, secret)
     select account_id, id, $2 from people where id = $1
     on conflict (account_id, person_id) do update set secret = excluded.secret, last_step = null
       where two_factor.enabled_at is null
     returning 1`,
    [personId, sealed],
  );
  return rows.length > 0;
}

/** The first code confirmed the key: on from now, and that code's step is spent. */
export async function enableTwoFactor(q: Transactional, personId: string, step: number, now: Date) {
  const rows = await q.query(
    `update two_factor set enabled_at = $3, last_step = $2
      where person_id = $1 and enabled_at is null returning 1`,
    [personId, step, now],
  );
  return rows.length > 0;
}

/**
 * Takes a code's step if no code of this or a later step was taken: one statement, so two requests
 * with the same code cannot both pass (the second waits for the first's row and then finds it spent).
 */
export async function takeStep(q: Transactional, personId: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `update two_factor set last_step = $2
      where person_id = $1 and enabled_at is not null and (last_step is null or last_step < $2)
      returning 1`,
    [personId, step],
  );
  return rows.length > 0;
}

export async function replaceRecoveryCodes(q: Transactional, personId: string, hashes: string[]) {
  await q.query('delete from two_factor_recovery_codes where person_id = $1', [personId]);
  await q.query(
    `insert into two_factor_recovery_codes (account_id, person_id, code_hash)
     select p.account_id, p.id, h from people p, unnest($2::text[]) as h where p.id = $1`,
    [personId, hashes],
  );
}

/** Spends a recovery code: true once, false for an unknown or spent one (atomic, as takeStep). */
export async function consumeRecoveryCode(q: Transactional, personId: string, hash: string, now: Date) {
  const rows = await q.query(
    `update two_factor_recovery_codes set used_at = $3
      where person_id = $1 and code_hash = $2 and used_at is null returning 1`,
    [personId, hash, now],
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(q: Transactional, personId: string): Promise<number> {
  const [row] = await q.query<{ remaining: number }>(
    'select count(*)::int as remaining from two_factor_recovery_codes where person_id = $1 and used_at is null',
    [personId],
  );
  return row?.remaining ?? 0;
}

export async function deleteTwoFactor(q: Transactional, personId: string): Promise<void> {
  await q.query('delete from two_factor_recovery_codes where person_id = $1', [personId]);
  await q.query('delete from two_factor where person_id = $1', [personId]);
}

/** Whether the person is staff and whether their two-factor sign-in is on (the sign-in page asks). */
export async function signInSecondFactor(
  q: Transactional,
  personId: string,
): Promise<{ is_staff: boolean; enabled: boolean } | null> {
  const [row] = await q.query<{ is_staff: boolean; enabled: boolean }>(
    `select p.is_staff, (t.enabled_at is not null) as enabled
       from people p left join two_factor t on t.person_id = p.id where p.id = $1`,
    [personId],
  );
  return row ?? null;
}
