import { newYorkDate } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { startPaidUpgrade } from './plan-upgrades';
import { endPause, openPause, type PauseRow } from './plan-pauses-repository';
import { findPlan } from './plans-repository';
import {
  awaitingOrder,
  decideOrder,
  endPeriodEarly,
  upsertSubscriptionPeriod,
  type PeriodStartOrder,
} from './period-start-orders-repository';
import { voidInvoice } from './payment-attempts-repository';
import { openPeriod, settlePeriod } from './subscription-periods';
import { currentPeriod } from './subscription-periods-repository';

/**
 * A period that starts with a payment (a start after a cancellation, an early renewal, a resume after a
 * pause) starts in the transaction that records the payment, as Stripe's `pending_if_incomplete`
 * updates do: until then the account keeps the period it had (or its pause), credits and refusals
 * included.
 */
export async function startPaidPeriod(tx: Transactional, accountId: string, invoiceId: string, at: Date) {
  const order = await awaitingOrder(tx, accountId, invoiceId);
  if (!order) return;
  if (order.kind === 'upgrade') return startPaidUpgrade(tx, order, at);
  const start = new Date(order.starts_at);
  const plan = (await findPlan(tx, order.plan_id, start))!;
  if (order.kind === 'renew') {
    // The renewed period ends where the new one starts; its unused credits expire (annual plans carry none).
    const ending = await currentPeriod(tx, accountId);
    if (ending) {
      await endPeriodEarly(tx, ending.id, start);
      await settlePeriod(tx, { ...ending, end: start }, null, start);
    }
  }
  // A resume opens its period with the carry the pause held, as the period after the last one would have.
  const pause = order.kind === 'resume' ? await openPause(tx, accountId) : null;
  const carry = pause
    ? { rollover: Number(pause.carry_rollover_cc ?? 0), bonus: Number(pause.carry_bonus_cc ?? 0) }
    : 0;
  await openPeriod(tx, accountId, plan, start, new Date(order.ends_at), carry);
  if (pause) await resumed(tx, order, pause, start);
  await upsertSubscriptionPeriod(tx, accountId, plan.id, start, new Date(order.ends_at));
  await decideOrder(tx, accountId, invoiceId, 'started', at);
}

/**
 * The pause ends resumed, and the activity log says so in the same transaction: once, naming who asked
 * (and staff's reason), whichever request, job or reconcile got the payment's answer.
 */
async function resumed(tx: Transactional, order: PeriodStartOrder, pause: PauseRow, at: Date) {
  await endPause(tx, order.account_id, pause.id, 'resumed', at);
  await recordActivity(tx, order.account_id, order.actor_person_id, [
    {
      action: 'pause.resumed',
      target_person_id: null,
      before: { resume_on: newYorkDate(new Date(pause.resume_at)) },
      after: { resumed_on: newYorkDate(at), ...(order.actor_reason ? { reason: order.actor_reason } : {}) },
    },
  ]);
}

/** A declined period-start invoice is voided and starts nothing; answers whether it was one. */
export async function voidDeclinedStart(tx: Transactional, accountId: string, invoiceId: string, at: Date) {
  const order = await awaitingOrder(tx, accountId, invoiceId);
  if (!order) return false;
  await voidInvoice(tx, accountId, invoiceId);
  await decideOrder(tx, accountId, invoiceId, 'void', at);
  return true;
}
