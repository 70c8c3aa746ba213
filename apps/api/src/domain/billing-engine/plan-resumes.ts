import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { subscriptionLine } from './invoice-lines';
import type { NewInvoice } from './invoices-repository';
import { awaitingOrder, insertOrder } from './period-start-orders-repository';
import { periodBoundary } from './periods';
import { openPause } from './plan-pauses-repository';
import { findPlan } from './plans-repository';
import { findSubscription, unsettledPeriods } from './subscription-periods-repository';

// Resuming a paused plan (docs/billing.md, "Pausing a plan"): a new period from now, paid first through
// the one payment path like a start; its period opens with the carry the pause held (period-starts.ts).

/** Texts the engine answers with; the page shows them as they are. */
export const RESUME_REFUSALS = {
  notPaused: 'Your plan is not paused.',
  stillClosing: 'Your last period is still closing. Try again in an hour.',
} as const;

/** Who asked for the resume: the account's person, or staff (no person) with their reason. */
export interface ResumeActor {
  personId: string | null;
  reason?: string | null;
}

/**
 * Issues the resume's invoice (the plan's subscription for a period from `now`) and its order, in the
 * caller's transaction; a resume already awaiting its payment answers that invoice again.
 */
export async function orderResume(
  tx: Transactional,
  accountId: string,
  now: Date,
  issue: (q: Transactional, invoice: NewInvoice) => Promise<string>,
  actor: ResumeActor,
): Promise<string> {
  const sub = await findSubscription(tx, accountId, true);
  const pause = sub?.status === 'paused' ? await openPause(tx, accountId) : null;
  if (!pause || pause.status !== 'paused') throw new DomainError('conflict', RESUME_REFUSALS.notPaused);
  const waiting = await awaitingOrder(tx, accountId);
  if (waiting?.kind === 'resume') return waiting.invoice_id;
  if (waiting)
    throw new DomainError('conflict', 'An invoice is waiting for its payment; pay or settle it first.');
  // The carry is known once the last period has closed (the grace window after its end).
  if ((await unsettledPeriods(tx, accountId)).length > 0)
    throw new DomainError('conflict', RESUME_REFUSALS.stillClosing);
  const plan = await findPlan(tx, pause.plan_id, now);
  if (!plan) throw new DomainError('not-found', `There is no plan '${pause.plan_id}'.`);
  const period = { start: now, end: periodBoundary(now, plan.period, 1) };
  const id = await issue(tx, {
    accountId,
    kind: 'start',
    summary: 'Subscription',
    periodId: null,
    periodStart: period.start,
    periodEnd: period.end,
    issuedAt: now,
    lines: [subscriptionLine(plan, period)],
  });
  await insertOrder(tx, {
    accountId,
    invoiceId: id,
    kind: 'resume',
    planId: plan.id,
    start: period.start,
    end: period.end,
    endsPeriodId: null,
    actorPersonId: actor.personId,
    actorReason: actor.reason ?? null,
  });
  return id;
}
