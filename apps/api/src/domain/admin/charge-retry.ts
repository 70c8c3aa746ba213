import { ACCOUNT_ACTION_TEXT, AUTHENTICATION_TEXT, STAFF_ERRORS } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { type BillingEngine, findInvoice, PERSON_WAIT_MS } from '../billing-engine';
import { DomainError } from '../errors';
import {
  claimStaffActionKey,
  findStaffAction,
  releaseStaffActionKey,
  runStaffAction,
  type StaffActionAnswer,
  type StaffActor,
} from '../staff-actions';

export type ChargeOutcome = 'paid' | 'failed' | 'pending';
type Answer = StaffActionAnswer<{ outcome: ChargeOutcome; invoice_number: string }>;

/**
 * Retries an open invoice's charge for the customer through the engine's payment attempts (a paid
 * invoice, or one with a charge in flight, is never charged twice: the attempt in flight is joined),
 * then records what it did with runStaffAction. A retry with the same key returns the first answer
 * without charging again. The key is claimed before the charge (CMON-07): a twin sent at once (another
 * tab, another process) waits for the first's answer rather than finding the invoice paid by it and
 * answering "not open".
 */
export async function retryCharge(
  database: Transactional,
  engine: BillingEngine,
  actor: StaffActor,
  ask: { accountId: string; invoiceId: string; reason: string; key: string },
): Promise<Answer> {
  const request = { invoice_id: ask.invoiceId };
  const spec = {
    action: 'charge.retry' as const,
    accountId: ask.accountId,
    reason: ask.reason,
    idempotencyKey: ask.key,
    request,
  };
  const deadline = Date.now() + PERSON_WAIT_MS;
  for (;;) {
    const earlier = await findStaffAction(database, spec.action, ask.key, request);
    if (earlier && !earlier.same_request) throw new DomainError('conflict', STAFF_ERRORS.keyReused);
    // Done already (by this request's first try, or a twin): runStaffAction answers the first answer.
    if (earlier)
      return runStaffAction(database, actor, spec, () => {
        throw new DomainError('conflict', STAFF_ERRORS.keyReused);
      });
    if (await claimStaffActionKey(database, spec.action, ask.key)) break;
    if (Date.now() >= deadline) throw new DomainError('payment-pending', ACCOUNT_ACTION_TEXT.chargePending);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const invoice = await findInvoice(database, ask.accountId, ask.invoiceId);
  if (invoice?.status !== 'open') {
    await releaseStaffActionKey(database, spec.action, ask.key);
    if (!invoice) throw new DomainError('not-found', ACCOUNT_ACTION_TEXT.noInvoice, 'invoice_id');
    throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.alreadyPaid);
  }
  // A charge that throws leaves nothing to answer: its claim goes, and a retry joins the payment attempt.
  const outcome = await engine
    .chargeInvoice(ask.accountId, ask.invoiceId, { waitMs: PERSON_WAIT_MS })
    .catch(async (err: unknown) => {
      await releaseStaffActionKey(database, spec.action, ask.key);
      throw err;
    });
  return runStaffAction(database, actor, spec, async (tx) => {
    const invoice = (await findInvoice(tx, ask.accountId, ask.invoiceId))!;
    const state: ChargeOutcome =
      outcome.state === 'paid'
        ? 'paid'
        : outcome.state === 'pending' || outcome.state === 'requires_action'
          ? 'pending'
          : 'failed';
    const message =
      state === 'paid'
        ? ACCOUNT_ACTION_TEXT.charged
        : outcome.state === 'requires_action'
          ? AUTHENTICATION_TEXT.emailed
          : state === 'pending'
            ? ACCOUNT_ACTION_TEXT.chargePending
            : 'message' in outcome
              ? outcome.message
              : ACCOUNT_ACTION_TEXT.alreadyPaid;
    return {
      message,
      result: { outcome: state, invoice_number: invoice.number },
      before: { invoice: invoice.number },
      after: { outcome: state },
    };
  });
}
