import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { ChargeResult } from '../ports/payment-provider';
import type { PaymentOutcome } from './payment-terms';
import { PaymentSettlement } from './payment-settlement';
import { startPaidPeriod, voidDeclinedStart } from './period-starts';

/**
 * Settles an attempt with the provider's own word on it (its payment_intent.succeeded or .payment_failed
 * event), inside the caller's transaction (`tx`, the one that keeps the event): the same settlement a
 * request's answer makes, with the period it starts or the invoice it voids and the receipt. Only a
 * pending attempt is settled, so whichever of the request and the event comes first decides, once.
 */
export function settleFromProvider(
  tx: Transactional,
  deps: { clock: Clock; publicUrl: string },
  attempt: { accountId: string; invoiceId: string; attemptId: string },
  result: ChargeResult,
): Promise<PaymentOutcome> {
  const settlement = new PaymentSettlement(
    { database: tx, clock: deps.clock, publicUrl: deps.publicUrl },
    { paid: startPaidPeriod, declined: voidDeclinedStart },
  );
  return settlement.inTransaction(attempt.accountId, attempt.invoiceId, attempt.attemptId, result);
}
