import type { Transactional } from '../../db/handle';

// The plan_pauses table (docs/billing.md, "Pausing a plan"). The engine reads it where a period ends
// (a scheduled pause takes the next period's place), settles (the carry is held here) and a resume is
// paid (the held carry opens the new period); the pause folder asks for and lists pauses.

export interface PauseRow {
  id: string;
  account_id: string;
  plan_id: string;
  starts_at: Date;
  resume_at: Date;
  status: 'scheduled' | 'paused' | 'resumed' | 'withdrawn';
  resumed_at: Date | null;
  carry_rollover_cc: string | null;
  carry_bonus_cc: string | null;
  decline_message: string | null;
  declined_at: Date | null;
  reason: string | null;
}

const COLUMNS = `id, account_id, plan_id, starts_at, resume_at, status, resumed_at, carry_rollover_cc,
  carry_bonus_cc, decline_message, declined_at, reason`;

/** The account's pause that is scheduled or under way (one at most, by a unique index). */
export async function openPause(q: Transactional, accountId: string): Promise<PauseRow | null> {
  const [row] = await q.query<PauseRow>(
    `select ${COLUMNS} from plan_pauses where account_id = $1 and status in ('scheduled', 'paused')`,
    [accountId],
  );
  return row ?? null;
}

/**
 * Pauses that are scheduled, began or resumed and may still reach into the window from `since` on: one
 * still paused reaches to now, even past a resume date whose charge was declined.
 */
export async function pausesSince(q: Transactional, accountId: string, since: Date): Promise<PauseRow[]> {
  return q.query<PauseRow>(
    `select ${COLUMNS} from plan_pauses
      where account_id = $1 and status in ('scheduled', 'paused', 'resumed')
        and (status = 'paused' or coalesce(resumed_at, resume_at) > $2)
      order by starts_at`,
    [accountId, since],
  );
}

export async function insertPause(
  q: Transactional,
  pause: {
    accountId: string;
    planId: string;
    startsAt: Date;
    resumeAt: Date;
    requestedBy: string | null;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `insert into plan_pauses (account_id, plan_id, starts_at, resume_at, requested_by, reason, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      pause.accountId,
      pause.planId,
      pause.startsAt,
      pause.resumeAt,
      pause.requestedBy,
      pause.reason,
      pause.at,
    ],
  );
}

/** The pause takes the place of the next period: the subscription is paused until the resume date. */
export async function beginPause(q: Transactional, pause: PauseRow, planId: string, now: Date) {
  await q.query(`update plan_pauses set status = 'paused', plan_id = $3 where account_id = $1 and id = $2`, [
    pause.account_id,
    pause.id,
    planId,
  ]);
  await q.query(
    `update subscriptions set status = 'paused', plan_id = $2, pending_plan_id = null,
       current_period_start = $3, current_period_end = $4, updated_at = $5 where account_id = $1`,
    [pause.account_id, planId, pause.starts_at, pause.resume_at, now],
  );
}

/** The carry the last period handed on, held for the period the resume opens. */
export async function holdCarry(
  q: Transactional,
  accountId: string,
  pauseId: string,
  carry: { rollover: number; bonus: number },
) {
  await q.query(
    `update plan_pauses set carry_rollover_cc = $3, carry_bonus_cc = $4 where account_id = $1 and id = $2`,
    [accountId, pauseId, carry.rollover, carry.bonus],
  );
}

/** The pause starting at `startsAt` (the end of the period that is settling), if one began there. */
export async function pauseStartingAt(q: Transactional, accountId: string, startsAt: Date) {
  const [row] = await q.query<PauseRow>(
    `select ${COLUMNS} from plan_pauses where account_id = $1 and starts_at = $2 and status = 'paused'`,
    [accountId, startsAt],
  );
  return row ?? null;
}

export async function endPause(
  q: Transactional,
  accountId: string,
  pauseId: string,
  status: 'resumed' | 'withdrawn',
  at: Date,
) {
  await q.query(
    `update plan_pauses set status = $3, resumed_at = case when $3 = 'resumed' then $4::timestamptz end
      where account_id = $1 and id = $2`,
    [accountId, pauseId, status, at],
  );
}

/** A resume's charge was declined: the plan stays paused and says why. */
export async function recordDecline(q: Transactional, accountId: string, message: string, at: Date) {
  await q.query(
    `update plan_pauses set decline_message = $2, declined_at = $3
      where account_id = $1 and status = 'paused'`,
    [accountId, message, at],
  );
}

/**
 * The job's list: paused accounts whose resume date has come and whose charge was not already declined
 * since (a declined resume waits for the customer's Resume now rather than charging the card again).
 */
export async function dueResumes(q: Transactional, now: Date): Promise<string[]> {
  const rows = await q.query<{ account_id: string }>(
    `select account_id from plan_pauses
      where status = 'paused' and resume_at <= $1 and (declined_at is null or declined_at < resume_at)`,
    [now],
  );
  return rows.map((r) => r.account_id);
}

/** A pause whose reminder is due, with whom to tell: the account's admin. */
export interface ReminderRow {
  account_id: string;
  resume_at: Date;
  plan_id: string;
  email: string;
  full_name: string;
}

/**
 * Claims the reminders due by `now` (seven days before the resume, `ahead`): each pause under way is
 * marked reminded once, in the caller's transaction, and answered with its admin to email.
 */
export async function claimDueReminders(
  q: Transactional,
  now: Date,
  aheadMs: number,
): Promise<ReminderRow[]> {
  return q.query<ReminderRow>(
    `with due as (
       update plan_pauses set reminded_at = $1
        where status = 'paused' and reminded_at is null and resume_at > $1 and resume_at <= $2
        returning account_id, resume_at, plan_id)
     select d.account_id, d.resume_at, d.plan_id, p.email, p.full_name
       from due d join people p on p.account_id = d.account_id and p.is_admin`,
    [now, new Date(now.getTime() + aheadMs)],
  );
}
