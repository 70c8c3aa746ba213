import { PLAN_TEXT } from '@enq/contract';
import { refundFromConsole, type RefundDeps } from '../refunds';
import { findRefundAttempt, lateUpgradeRefundKey } from '../billing-engine';
import { BILLING_SYSTEM } from '../staff-actions';
import { DomainError } from '../errors';

/**
 * An Upgrade now paid only after its period closed (PLAN-13, docs/billing.md "Upgrade now"): the
 * payment's transaction upgraded nothing and wrote a pending refund attempt (plan-upgrades.ts); this
 * makes that refund through the console's money-safe path as enQ billing. Safe to run any number of
 * times, at once too: the provider refunds once per the attempt's key and the credit note is written once.
 * Answers the credit note's number, or null when the invoice's upgrade was not paid late.
 */
export async function refundLateUpgrade(
  deps: RefundDeps,
  accountId: string,
  invoiceId: string,
): Promise<string | null> {
  const attempt = await findRefundAttempt(deps.database, accountId, lateUpgradeRefundKey(invoiceId));
  if (!attempt) return null;
  const answer = await refundFromConsole(deps, BILLING_SYSTEM, {
    accountId,
    invoiceId,
    amountCents: attempt.amount_cents,
    reason: attempt.reason,
    key: attempt.request_key,
  });
  return answer.credit_note_number;
}

/**
 * What a confirmation of an upgrade answers once its invoice is paid: nothing when it was upgraded;
 * when its period had closed first, the refund is made (or left to the reconciliation job when the
 * provider has not answered) and the confirmation is refused, saying so.
 */
export async function refuseLateUpgrade(deps: RefundDeps, accountId: string, invoiceId: string) {
  let creditNote: string | null;
  try {
    creditNote = await refundLateUpgrade(deps, accountId, invoiceId);
  } catch (err) {
    // True whatever failed: the refund attempt is stored and the reconciliation job finishes it.
    deps.log?.warn({ err, accountId, invoiceId }, 'late upgrade refund not made now; left to reconciliation');
    throw new DomainError('conflict', PLAN_TEXT.lateUpgradeRefunding, 'plan');
  }
  if (creditNote) throw new DomainError('conflict', PLAN_TEXT.lateUpgradeRefunded(creditNote), 'plan');
}
