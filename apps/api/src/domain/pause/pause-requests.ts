import {
  AUTHENTICATION_TEXT,
  INVOICE_TEXT,
  PAUSE_TEXT,
  addPauseMonths,
  ccToCredits,
  centsToDollars,
  newYorkDate,
  resumeDateRange,
  PAUSE_WINDOW_MONTHS,
  type PauseRequest,
  type PauseResponse,
  type PausedStretch,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import {
  endPause,
  findPlan,
  findSubscription,
  insertPause,
  openPause,
  pausesSince,
  recordDecline,
  type BillingEngine,
  type PauseRow,
  type ResumeActor,
} from '../billing-engine';
import { DomainError } from '../errors';
import { checkPause, monthsAllowed, pauseRefusal, type PauseSituation } from './pause-rules';
import { pauseInfoFrom } from './pause-view';

// Asking for a pause, resuming and the pause's state (docs/billing.md, "Pausing a plan"). The account
// holder asks on /subscription; the console asks on a customer's behalf with a reason.

/** Who asks: the account's person, or staff on the customer's behalf (with the reason they gave). */
export type PauseActor = ResumeActor;

/** A pause's paused stretch for the six-in-twelve rule: to its early resume, else to its date (a resume
 * the job makes a little after the date, or a declined one, adds no month the customer chose). */
const stretchOf = (p: PauseRow): PausedStretch => {
  const date = new Date(p.resume_at);
  const resumed = p.resumed_at ? new Date(p.resumed_at) : date;
  return { start: new Date(p.starts_at), end: resumed < date ? resumed : date };
};

async function situation(q: Transactional, accountId: string, lock: boolean, now: Date) {
  const sub = await findSubscription(q, accountId, lock);
  const plan = sub ? await findPlan(q, sub.plan_id, now) : null;
  const pause = await openPause(q, accountId);
  const startsAt = sub?.status === 'active' ? new Date(sub.current_period_end) : null;
  const earlier = startsAt
    ? (await pausesSince(q, accountId, addPauseMonths(startsAt, -PAUSE_WINDOW_MONTHS))).map(stretchOf)
    : [];
  const state: PauseSituation = {
    status: sub?.status ?? null,
    planPeriod: plan?.period ?? null,
    cancelling: sub?.cancel_at_period_end ?? false,
    changing: !!sub?.pending_plan_id,
    hasOpenPause: !!pause,
  };
  return { sub, plan, pause, startsAt, earlier, state };
}

/** The pause under way or scheduled, and what a new one may be (GET /pause/). */
export async function pauseState(q: Transactional, accountId: string, now: Date): Promise<PauseResponse> {
  const { plan, pause, startsAt, earlier, state } = await situation(q, accountId, false, now);
  const refusal = pauseRefusal(state);
  const allowed = startsAt ? monthsAllowed(startsAt, earlier) : 0;
  const range = startsAt && !refusal && allowed > 0 ? resumeDateRange(startsAt, allowed) : null;
  const monthly = plan?.period === 'mo';
  return {
    pause: pauseInfoFrom(pause, now),
    refusal: refusal?.message ?? (startsAt && allowed === 0 ? PAUSE_TEXT.sixInTwelve(6, 0) : null),
    starts_at: startsAt && !refusal ? startsAt.toISOString() : null,
    earliest_resume_on: range?.earliest ?? null,
    latest_resume_on: range?.latest ?? null,
    monthly_price: monthly ? centsToDollars(plan.priceCents) : null,
    monthly_credits: monthly ? ccToCredits(plan.creditsCc) : null,
  };
}

/** Schedules a pause from the current period's end to the date asked, with its activity record. */
export async function requestPause(
  database: Transactional,
  accountId: string,
  body: PauseRequest,
  actor: PauseActor,
  now: Date,
): Promise<void> {
  await database.transaction(async (tx) => {
    const { sub, startsAt, earlier, state } = await situation(tx, accountId, true, now);
    const resumeAt = checkPause(state, startsAt, body.resume_on, earlier);
    if (!sub || !startsAt) throw new DomainError('conflict', PAUSE_TEXT.notActive);
    await insertPause(tx, {
      accountId,
      planId: sub.plan_id,
      startsAt,
      resumeAt,
      requestedBy: actor.personId,
      reason: actor.reason ?? null,
      at: now,
    });
    await recordActivity(tx, accountId, actor.personId, [
      {
        action: 'pause.scheduled',
        target_person_id: null,
        before: null,
        after: {
          pause_starts_on: newYorkDate(startsAt),
          resume_on: body.resume_on,
          ...(actor.reason ? { reason: actor.reason } : {}),
        },
      },
    ]);
  });
}

/**
 * Resume now: a scheduled pause is withdrawn (nothing charged); a pause under way resumes through the
 * one payment path, paid first. A declined charge leaves the plan paused, records why and answers it.
 * Answers the message the page shows.
 */
export async function resumeNow(
  database: Transactional,
  engine: BillingEngine,
  accountId: string,
  actor: PauseActor,
  now: Date,
): Promise<string> {
  const pause = await openPause(database, accountId);
  if (!pause) throw new DomainError('conflict', PAUSE_TEXT.notPaused);
  const note = actor.reason ? { reason: actor.reason } : {};
  if (pause.status === 'scheduled') {
    await database.transaction(async (tx) => {
      await endPause(tx, accountId, pause.id, 'withdrawn', now);
      await recordActivity(tx, accountId, actor.personId, [
        { action: 'pause.withdrawn', target_person_id: null, before: null, after: note },
      ]);
    });
    return PAUSE_TEXT.withdrawn;
  }
  const { outcome } = await engine.resumePlan(accountId, actor);
  if (outcome.state === 'failed' || outcome.state === 'closed') {
    await recordDecline(database, accountId, outcome.message, now);
    throw new DomainError('payment-failed', PAUSE_TEXT.declined(outcome.message));
  }
  // Not a decline: the cardholder was emailed a link to confirm with their bank and pay.
  if (outcome.state === 'requires_action')
    throw new DomainError('payment-pending', AUTHENTICATION_TEXT.emailed);
  if (outcome.state === 'pending') throw new DomainError('payment-pending', INVOICE_TEXT.paymentPending);
  // The activity log's entry was written with the resume itself (period-starts.ts): once, whichever of
  // the requests asked at once, or the payments' reconcile after a lost answer, completed it.
  return PAUSE_TEXT.resumed;
}
