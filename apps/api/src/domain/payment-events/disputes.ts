import type { Transactional } from '../../db/handle';
import { findIntentAttempt, recordDisputeLoss, upsertDispute } from './payment-events-repository';
import { idOf, num, obj, str, type Applied, type ProviderEvent } from './provider-event';

/** Stripe's dispute statuses that end it: the bank has decided. */
const FINAL = new Set(['won', 'lost', 'warning_closed']);

/**
 * charge.dispute.created and .closed: the invoice's dispute is kept with Stripe's status, so the console
 * shows the invoice disputed, then won or lost (docs/billing.md, "Payments"). Each event carries the
 * whole dispute, so whichever comes last writes the same row; a final status is never reopened by a late
 * `created`, and a second delivery changes nothing. A lost one records the disputed amount as taken back
 * from the invoice's payment, once per dispute, whichever of its events says lost and however often.
 */
export async function applyDisputeEvent(tx: Transactional, event: ProviderEvent): Promise<Applied> {
  const dispute = event.data.object;
  const id = str(dispute.id);
  const payment = await findIntentAttempt(
    tx,
    str(obj(dispute.metadata).attempt_id),
    idOf(dispute.payment_intent),
    true,
  );
  if (!id || !payment) return { outcome: 'unmatched', accountId: null };
  const status = str(dispute.status) ?? 'needs_response';
  const created = num(dispute.created) ?? event.created;
  const { changed } = await upsertDispute(tx, {
    id,
    accountId: payment.account_id,
    invoiceId: payment.invoice_id,
    paymentId: payment.id,
    amountCents: num(dispute.amount) ?? 0,
    reason: str(dispute.reason) ?? 'general',
    status,
    createdAt: new Date(created * 1000),
    closedAt: FINAL.has(status) ? new Date(event.created * 1000) : null,
  });
  const amountCents = num(dispute.amount) ?? 0;
  const lost =
    status === 'lost' && amountCents > 0
      ? await recordDisputeLoss(tx, {
          disputeId: id,
          accountId: payment.account_id,
          invoiceId: payment.invoice_id,
          paymentId: payment.id,
          amountCents,
          lostAt: new Date(event.created * 1000),
        })
      : false;
  return { outcome: changed || lost ? 'applied' : 'no-change', accountId: payment.account_id };
}
