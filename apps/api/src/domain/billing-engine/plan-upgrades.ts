import { randomBytes } from 'node:crypto';
import { PLAN_TEXT } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { insertSystemRefundAttempt } from './refund-attempts-repository';
import { insertLedgerEntries } from './ledger-repository';
import { decideOrder, upgradePlan, type PeriodStartOrder } from './period-start-orders-repository';
import { findPlan } from './plans-repository';
import { prorate } from './proration';
import { currentPeriod } from './subscription-periods-repository';
import { recordActivity } from '../activity';

/** What the audit log records for an upgrade now (PLAN-11). */
export const UPGRADE_AUDIT_ACTION = 'subscription.upgrade_now';

/** The refund attempt's request key of an upgrade paid too late (PLAN-13): one per invoice. */
export const lateUpgradeRefundKey = (invoiceId: string) => `late-upgrade:${invoiceId}`;

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
  // The period it was ordered for has ended meanwhile (a payment confirmed late): nothing is left to
  // upgrade, so the payment is refunded in full (PLAN-13). Its refund attempt is written here, with the
  // payment, and made by the console's refund path as enQ billing (domain/subscription/late-upgrades.ts,
  // and the reconciliation job's recoverPendingRefunds); the invoice stays as it was issued.
  if (!period || period.id !== order.ends_period_id) {
    await decideOrder(tx, accountId, invoiceId, 'started', at);
    await insertSystemRefundAttempt(tx, {
      id: `rfa_${randomBytes(12).toString('hex')}`,
      accountId,
      invoiceId,
      requestKey: lateUpgradeRefundKey(invoiceId),
      reason: PLAN_TEXT.lateUpgradeReason,
    });
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
