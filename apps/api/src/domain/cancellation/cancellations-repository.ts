import type { Transactional } from '../../db/handle';

// The cancel flow's outcomes (issue 64): a cancellation with its reason, or the alternative taken.

export interface NewCancellation {
  accountId: string;
  personId: string | null;
  planId: string;
  reason: string;
  words: string | null;
  outcome: 'cancelled' | 'plan_change' | 'pause' | 'feature_request';
  periodEnd: Date | null;
}

export async function insertCancellation(q: Transactional, row: NewCancellation): Promise<string> {
  const [made] = await q.query<{ id: string }>(
    `insert into cancellations (account_id, person_id, plan_id, reason, words, outcome, period_end)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [row.accountId, row.personId, row.planId, row.reason, row.words, row.outcome, row.periodEnd],
  );
  return made!.id;
}

export interface KeepLinkRow {
  id: string;
  period_end: Date;
  kept_at: Date | null;
  /** The newest cancellation of the account: an older one's link never undoes a later cancellation. */
  is_latest: boolean;
}

/** The cancellation a keep link's hash names, of this account, locked; null: none. */
export async function cancellationByKeepHash(
  q: Transactional,
  accountId: string,
  hash: string,
): Promise<KeepLinkRow | null> {
  const [row] = await q.query<KeepLinkRow>(
    `select c.id, c.period_end, c.kept_at,
            c.id = (select id from cancellations where account_id = $1 and outcome = 'cancelled'
                     order by created_at desc limit 1) as is_latest
       from cancellations c where c.account_id = $1 and c.keep_token_hash = $2 for update`,
    [accountId, hash],
  );
  return row ?? null;
}

export async function markKept(q: Transactional, accountId: string, id: string, now: Date): Promise<void> {
  await q.query('update cancellations set kept_at = $3 where account_id = $1 and id = $2', [
    accountId,
    id,
    now,
  ]);
}

export interface DueReminderRow {
  id: string;
  account_id: string;
  period_end: Date;
  plan_name: string;
  plan_period: 'mo' | 'yr';
  to: string | null;
}

/**
 * Cancellations whose period ends within `windowMs` of `now` and still ends with it (not kept, no plan
 * chosen since), with no reminder yet; locked and skipped by a concurrent run.
 */
export async function dueReminders(q: Transactional, now: Date, windowMs: number): Promise<DueReminderRow[]> {
  return q.query<DueReminderRow>(
    `select c.id, c.account_id, c.period_end, p.name as plan_name, p.period as plan_period,
            (select email from people where account_id = c.account_id and is_admin
              order by created_at limit 1) as "to"
       from cancellations c
       join subscriptions s on s.account_id = c.account_id
       join plans p on p.id = c.plan_id
      where c.outcome = 'cancelled' and c.reminder_queued_at is null and c.kept_at is null
        and c.period_end > $1 and c.period_end <= $1::timestamptz + make_interval(secs => $2)
        and s.status = 'active' and s.cancel_at_period_end and s.current_period_end = c.period_end
      order by c.period_end limit 100
      for update of c skip locked`,
    [now, windowMs / 1000],
  );
}

export async function markReminderQueued(
  q: Transactional,
  accountId: string,
  id: string,
  hash: string,
  now: Date,
): Promise<void> {
  await q.query(
    'update cancellations set reminder_queued_at = $3, keep_token_hash = $4 where account_id = $1 and id = $2',
    [accountId, id, now, hash],
  );
}

export interface ReportRow {
  created_at: Date;
  plan_name: string;
  plan_period: 'mo' | 'yr';
  reason: string;
  outcome: string;
}

/** Every flow's outcome since `since`, oldest first, with its plan. */
export async function cancellationsSince(q: Transactional, since: Date): Promise<ReportRow[]> {
  return q.query<ReportRow>(
    `select c.created_at, p.name as plan_name, p.period as plan_period, c.reason, c.outcome
       from cancellations c join plans p on p.id = c.plan_id
      where c.created_at >= $1 order by c.created_at`,
    [since],
  );
}
