import type { Transactional } from '../../db/handle';
import { insertLedgerEntries } from './ledger-repository';
import { decideOrder, upgradePlan, type PeriodStartOrder } from './period-start-orders-repository';
import { findPlan } from './plans-repository';
import { prorate } from './proration';
import { currentPeriod } from './subscription-periods-repository';
import { recordActivity } from '../activity/activity-repository';

/** What the audit log records for an upgrade now (PLAN-11). */
export const UPGRADE_AUDIT_ACTION = 'subscription.upgrade_now';

/**
 * An upgrade now paid (docs/billing.md, "Upgrade now"), in the transaction that records the payment: the
 * plan bucket gains the new plan's credits for the days left and gives up the current plan's, worked out
 * at the moment it was ordered as its invoice was, and the period and the subscription take the new
 * plan. The person who confirmed it is named in the audit log.
 */
export async function startPaidUpgrade(tx: Transactional, order: PeriodStartOrder, at: Date) {
  const { account_id: accountId, invoice_id: invoiceId } = order;
  const period = await currentPeriod(tx, accountId);
  const next = (await findPlan(tx, order.plan_id, new Date(order.starts_at)))!;
  // The period it was ordered for has ended meanwhile (a payment confirmed late): it was paid for, and
  // the period's close has billed it; nothing is left to upgrade.
  if (!period || period.id !== order.ends_period_id) {
    await decideOrder(tx, accountId, invoiceId, 'started', at);
    return;
  }
  const p = prorate(period.plan, next, period, new Date(order.starts_at), () => 0);
  const base = { accountId, periodId: period.id, bucket: 'plan' as const, at, invoiceId };
  await insertLedgerEntries(tx, [
    { ...base, kind: 'grant', amount: p.grantCc, note: `upgrade to ${next.id}` },
    { ...base, kind: 'expire', amount: -p.withdrawCc, note: `upgrade from ${period.plan.id}` },
  ]);
  await upgradePlan(tx, accountId, period.id, next.id, at);
  await decideOrder(tx, accountId, invoiceId, 'started', at);
  if (order.actor_person_id)
    await recordActivity(tx, accountId, order.actor_person_id, [
      {
        action: UPGRADE_AUDIT_ACTION,
        target_person_id: null,
        before: { plan_id: period.plan.id },
        after: { plan_id: next.id, invoice_id: invoiceId },
      },
    ]);
}
