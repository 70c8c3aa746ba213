import type { Transactional } from '../../db/handle';
import { settleFromProvider } from '../billing-engine';
import type { Clock } from '../ports/clock';
import type { Mailer } from '../ports/mailer';
import { applyOnce, receivedOf, type Received } from './keep-once';
import { keepSettledIntent, lockIntentAttempt, type KeptEvent } from './payment-events-repository';
import { obj, str, type Applied, type ProviderEvent } from './provider-event';

type IntentDeps = { clock: Clock; publicUrl: string; mailer?: Pick<Mailer, 'wake'> };

/**
 * A PaymentIntent's event: kept by one statement when its attempt is settled already (most: the
 * outcome of a charge whose answer came first) or it only says the cardholder is asked; otherwise
 * applied under the invoice's lock and kept with its effect.
 */
export async function receiveIntentEvent(
  deps: IntentDeps & { database: Transactional },
  event: ProviderEvent,
  row: KeptEvent,
): Promise<Received> {
  const intent = event.data.object;
  const decided = await keepSettledIntent(deps.database, row, {
    attemptId: str(obj(intent.metadata).attempt_id),
    intentId: str(intent.id),
  });
  const known = receivedOf(decided);
  if (known) return known;
  return applyOnce(deps.database, row, (tx) => applyIntentEvent(tx, deps, event));
}

/**
 * payment_intent.succeeded and .payment_failed settle the attempt the PaymentIntent was made for, in
 * the event's transaction; only a pending attempt is settled, so the request that made the charge and
 * the event, in either order and however often, settle it once. payment_intent.requires_action is
 * kept: the cardholder is asked, the invoice stays open and the attempt waits (pending, or
 * requires_action once the charge's answer said so) until the intent's outcome comes.
 */
async function applyIntentEvent(tx: Transactional, deps: IntentDeps, event: ProviderEvent): Promise<Applied> {
  const intent = event.data.object;
  const intentId = str(intent.id);
  const attempt = await lockIntentAttempt(tx, str(obj(intent.metadata).attempt_id), intentId);
  if (!attempt || !intentId) return { outcome: 'unmatched', accountId: null };
  const accountId = attempt.account_id;
  // An attempt waiting for authentication is settled by the intent's outcome as a pending one is.
  if (
    event.type === 'payment_intent.requires_action' ||
    (attempt.status !== 'pending' && attempt.status !== 'requires_action')
  )
    return { outcome: 'no-change', accountId };
  const card = { brand: attempt.card_brand ?? 'card', last4: attempt.card_last4 ?? '' };
  const error = obj(intent.last_payment_error);
  const result =
    event.type === 'payment_intent.succeeded'
      ? ({ status: 'succeeded', id: intentId, card } as const)
      : ({
          status: 'failed',
          id: intentId,
          code: str(error.decline_code) ?? str(error.code) ?? 'card_declined',
          message: str(error.message) ?? 'Your card was declined.',
          card,
        } as const);
  await settleFromProvider(
    tx,
    deps,
    { accountId, invoiceId: attempt.invoice_id, attemptId: attempt.id },
    result,
  );
  // A payment's receipt was queued with it: its delivery starts now, not at the next scheduled run.
  if (result.status === 'succeeded') await deps.mailer?.wake(tx);
  return { outcome: 'applied', accountId };
}
