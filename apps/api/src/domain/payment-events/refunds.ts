import { DASHBOARD_REFUND_REASON, REFUND_EMAIL } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { lockRefundableInvoice, refundInvoice, refundNotice } from '../billing-engine';
import { queueEmail } from '../mail';
import type { Clock } from '../ports/clock';
import type { Mailer } from '../ports/mailer';
import { applyOnce, receivedOf, type Received } from './keep-once';
import { keepRecordedRefund, lockPaidAttempt, type KeptEvent } from './payment-events-repository';
import { idOf, num, obj, str, type Applied, type ProviderEvent } from './provider-event';

/** The outbox kind of the customer's email for a refund made in Stripe's dashboard. */
export const PROVIDER_REFUND_EMAIL_KIND = 'provider-refund-credit-note';

/**
 * charge.refunded, received: most (a repeated notice, Stripe's echo of a refund the portal recorded) find
 * the total recorded already, and are kept by one statement without the invoice's lock when that is
 * certain (keepRecordedRefund); any other goes through applyChargeRefunded under the lock.
 */
export async function receiveChargeRefunded(
  deps: { database: Transactional; clock: Clock; mailer?: Pick<Mailer, 'wake'> },
  event: ProviderEvent,
  row: KeptEvent,
): Promise<Received> {
  const charge = event.data.object;
  const total = num(charge.amount_refunded);
  if (total !== null && Number.isSafeInteger(total)) {
    const decided = await keepRecordedRefund(deps.database, row, {
      attemptId: str(obj(charge.metadata).attempt_id),
      intentId: idOf(charge.payment_intent),
      refundedCents: total,
    });
    const known = receivedOf(decided);
    if (known) return known;
  }
  return applyOnce(deps.database, row, (tx) => applyChargeRefunded(tx, deps, event));
}

/**
 * charge.refunded: the charge's `amount_refunded` is Stripe's running total, so the event says how much
 * of the payment is refunded altogether. What the portal has not recorded of it (its credit notes, and
 * the refunds it has asked for and not yet recorded) was refunded elsewhere, in Stripe's dashboard: that
 * much gets a credit note through the same path as a console refund, and the customer's email. A
 * repeated or late event finds the total recorded already and changes nothing; a refund the portal made
 * itself is in its own credit notes (or reserved by its pending attempt) and is not recorded twice.
 */
async function applyChargeRefunded(
  tx: Transactional,
  deps: { clock: Clock; mailer?: Pick<Mailer, 'wake'> },
  event: ProviderEvent,
): Promise<Applied> {
  const charge = event.data.object;
  // The invoice's lock, as every refund of it takes, with the payment found: the sums below include
  // what the last refund committed.
  const payment = await lockPaidAttempt(
    tx,
    str(obj(charge.metadata).attempt_id),
    idOf(charge.payment_intent),
  );
  const total = num(charge.amount_refunded);
  if (!payment || total === null) return { outcome: 'unmatched', accountId: null };
  const accountId = payment.account_id;
  // No request key of ours is this event's, so every pending console refund counts as reserved.
  const invoice = await lockRefundableInvoice(tx, accountId, payment.invoice_id, '', true);
  if (!invoice || invoice.payment_id !== payment.id) return { outcome: 'unmatched', accountId };
  const recorded = invoice.refunded_cents + invoice.reserved_cents;
  const missing = Math.min(total, invoice.paid_cents) - recorded;
  if (missing <= 0) return { outcome: 'no-change', accountId };
  const refundId = await refundInvoice(tx, {
    invoiceId: payment.invoice_id,
    paymentId: payment.id,
    amountCents: missing,
    reason: DASHBOARD_REFUND_REASON,
    at: deps.clock.now(),
  });
  const note = await refundNotice(tx, accountId, refundId);
  if (note.email) {
    await queueEmail(tx, {
      accountId,
      kind: PROVIDER_REFUND_EMAIL_KIND,
      to: note.email,
      subject: REFUND_EMAIL.subject(note.number),
      text: REFUND_EMAIL.body(note.full_name ?? '', missing, note.number, note.invoice_number),
    });
    await deps.mailer?.wake(tx);
  }
  return { outcome: 'applied', accountId };
}
