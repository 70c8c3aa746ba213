import type { Transactional } from '../../db/handle';

// Per-user monthly credit limits of sub-account users (centicredits; no row, no limit).

export interface UserUsageRow {
  person_id: string;
  full_name: string;
  is_admin: boolean;
  used_cc: number;
  limit_cc: number | null;
}

/** Every user of the account (admin first) with the credits they used in the period and their limit. */
export async function usersUsage(
  q: Transactional,
  accountId: string,
  periodId: string | null,
): Promise<UserUsageRow[]> {
  const rows = await q.query<{
    person_id: string;
    full_name: string;
    is_admin: boolean;
    used: string;
    limit_cc: string | null;
  }>(
    `select p.id as person_id, p.full_name, p.is_admin, l.limit_cc::text,
            (select coalesce(sum(u.credits_cc), 0) from user_period_usage u
              where u.account_id = p.account_id and u.period_id = $2 and u.person_id = p.id)::text as used
       from people p left join user_credit_limits l on l.account_id = p.account_id and l.person_id = p.id
      where p.account_id = $1 and not p.is_staff
      order by p.is_admin desc, p.full_name, p.id`,
    [accountId, periodId],
    { prepare: true },
  );
  return rows.map((r) => ({
    person_id: r.person_id,
    full_name: r.full_name,
    is_admin: r.is_admin,
    used_cc: Number(r.used),
    limit_cc: r.limit_cc === null ? null : Number(r.limit_cc),
  }));
}

/** The person's limit before the change (null for none), or undefined when no such user is on the account. */
export async function findUserLimit(
  q: Transactional,
  accountId: string,
  personId: string,
): Promise<{ is_admin: boolean; full_name: string; limit_cc: number | null } | undefined> {
  const [row] = await q.query<{ is_admin: boolean; full_name: string; limit_cc: string | null }>(
    `select p.is_admin, p.full_name, l.limit_cc::text from people p
       left join user_credit_limits l on l.account_id = p.account_id and l.person_id = p.id
      where p.account_id = $1 and p.id = $2 and not p.is_staff`,
    [accountId, personId],
  );
  return row ? { ...row, limit_cc: row.limit_cc === null ? null : Number(row.limit_cc) } : undefined;
}

export async function saveUserLimit(
  tx: Transactional,
  accountId: string,
  personId: string,
  limitCc: number | null,
) {
  if (limitCc === null)
    await tx.query('delete from user_credit_limits where account_id = $1 and person_id = $2', [
      accountId,
      personId,
    ]);
  else
    await tx.query(
      `insert into user_credit_limits (account_id, person_id, limit_cc) values ($1, $2, $3)
       on conflict (account_id, person_id) do update set limit_cc = excluded.limit_cc`,
      [accountId, personId, limitCc],
    );
}

/** A sub-account user whose use reached their monthly limit, recorded so once per period and limit (SPEND-16). */
export interface UserLimitReached {
  full_name: string;
  limit_cc: number;
}

/**
 * The users of the account whose use in these periods reached their limit and who were not yet recorded
 * so for that limit and period: recorded now (once per period and limit), with their names. A limit's
 * save asks this; a batch of calls records them in recordCrossings' statement, by the same rule.
 */
export async function recordUserLimitsReached(
  tx: Transactional,
  accountId: string,
  periodIds: readonly string[],
  now: Date,
): Promise<UserLimitReached[]> {
  const rows = await tx.query<{ full_name: string; limit_cc: string }>(
    `with reached as (
       insert into user_limit_firings (account_id, period_id, person_id, limit_cc, fired_at)
       select l.account_id, u.period_id, l.person_id, l.limit_cc, $3
         from user_credit_limits l
         join user_period_usage u on u.account_id = l.account_id and u.person_id = l.person_id
        where l.account_id = $1 and u.period_id = any($2::uuid[]) and u.credits_cc >= l.limit_cc
       on conflict do nothing
       returning person_id, limit_cc)
     select p.full_name, r.limit_cc::text from reached r
       join people p on p.account_id = $1 and p.id = r.person_id order by p.full_name`,
    [accountId, periodIds, now],
    { prepare: true },
  );
  return rows.map((r) => ({ full_name: r.full_name, limit_cc: Number(r.limit_cc) }));
}
