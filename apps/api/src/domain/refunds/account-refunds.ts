import { randomBytes } from 'node:crypto';
import { ACCOUNT_ACTION_TEXT, REFUND_EMAIL, type RefundResult as RefundAnswer } from '@enq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import {
  refundInvoice,
  findRefundAttempt,
  overdueRefundAttempts,
  insertRefundAttempt,
  lockRefundableInvoice,
  refundNotice,
  resolveRefundAttempt,
  type RefundAttemptRow,
} from '../billing-engine';
import { DomainError } from '../errors';
import { queueEmail } from '../mail';
import type { Clock } from '../ports/clock';
import type { PaymentProvider, RefundResult } from '../ports/payment-provider';
import {
  BILLING_SYSTEM,
  runStaffAction,
  type ActionActor,
  type StaffActionAnswer,
  type StaffActor,
} from '../staff-actions';

/** The outbox kind of the customer's refund email. */
export const REFUND_EMAIL_KIND = 'refund-credit-note';

export interface RefundDeps {
  database: Transactional;
  payments: PaymentProvider;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** How long the provider's answer may take before its outcome counts as unknown (30 s when not given). */
  paymentTimeoutMs?: number;
}

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('refund timed out')), ms).unref());

export interface RefundAsk {
  accountId: string;
  invoiceId: string;
  amountCents: number;
  reason: string;
  /** The request's Idempotency-Key: a retry with it never refunds twice. */
  key: string;
}

type Answer = StaffActionAnswer<Omit<RefundAnswer, 'message' | 'audit_id'>>;

/**
 * A console refund in the money-safe order (docs/billing.md, "Refunds from the console"):
 * 1. the invoice is locked and a pending refund attempt written, its provider key derived from it
 *    (a retry of the same request finds the same attempt);
 * 2. the provider refunds once per that key, outside any transaction;
 * 3. the credit note, the attempt's outcome, the staff audit entry, the activity line and the customer's
 *    email are written in one transaction (runStaffAction).
 * A crash between 2 and 3 leaves the attempt pending; the same request asks the provider again with the
 * same key, gets the same refund back, and writes step 3 once.
 */
export async function refundFromConsole(
  deps: RefundDeps,
  actor: ActionActor,
  ask: RefundAsk,
): Promise<Answer> {
  const request = { invoice_id: ask.invoiceId, amount_cents: ask.amountCents };
  const spec = {
    action: 'refund' as const,
    accountId: ask.accountId,
    reason: ask.reason,
    idempotencyKey: ask.key,
    request,
  };
  const attempt = await beginRefund(deps.database, actor, ask);
  if (attempt.status === 'succeeded')
    // Recorded already (by this request's first try, or a twin in another process): the first answer.
    return runStaffAction(deps.database, actor, spec, () => {
      throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.refundKeyReused);
    });
  if (attempt.status === 'failed')
    throw new DomainError('payment-failed', ACCOUNT_ACTION_TEXT.refundFailed(attempt.failure_message ?? ''));
  const chargeId = attempt.charge_id;
  let result: RefundResult;
  try {
    result = await Promise.race([
      deps.payments.refund({
        chargeId,
        amountCents: attempt.amount_cents,
        idempotencyKey: attempt.provider_key,
        refundAttemptId: attempt.id,
      }),
      timeout(deps.paymentTimeoutMs ?? 30_000),
    ]);
  } catch (err) {
    // The outcome is unknown: the attempt stays pending, and the same request asks again with the same key.
    deps.log?.warn({ err, attemptId: attempt.id }, 'refund outcome unknown');
    throw new DomainError('payment-pending', ACCOUNT_ACTION_TEXT.refundPending);
  }
  const at = deps.clock.now();
  if (result.status === 'failed') {
    await resolveRefundAttempt(deps.database, ask.accountId, attempt.id, {
      status: 'failed',
      providerRefundId: result.id,
      message: result.message,
      at,
    });
    throw new DomainError('payment-failed', ACCOUNT_ACTION_TEXT.refundFailed(result.message));
  }
  return runStaffAction(deps.database, actor, spec, async (tx) => {
    // The invoice's lock first, as step 1 takes it: two refunds of one invoice number their credit notes
    // one after the other (-CN1, -CN2).
    await lockRefundableInvoice(tx, ask.accountId, ask.invoiceId, ask.key);
    const locked = await findRefundAttempt(tx, ask.accountId, ask.key, true);
    if (locked?.status !== 'pending') throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.refundPending);
    const refundId = await refundInvoice(tx, {
      invoiceId: ask.invoiceId,
      paymentId: attempt.payment_id,
      amountCents: attempt.amount_cents,
      reason: ask.reason,
      at,
    });
    await resolveRefundAttempt(tx, ask.accountId, attempt.id, {
      status: 'succeeded',
      providerRefundId: result.id,
      refundId,
      at,
    });
    const note = await refundNotice(tx, ask.accountId, refundId);
    if (note.email)
      await queueEmail(tx, {
        accountId: ask.accountId,
        kind: REFUND_EMAIL_KIND,
        to: note.email,
        subject: REFUND_EMAIL.subject(note.number),
        // The billing system's own refund says why to the customer; a staff member's reason is internal.
        text: REFUND_EMAIL.body(
          note.full_name ?? '',
          attempt.amount_cents,
          note.number,
          note.invoice_number,
          actor === BILLING_SYSTEM ? ask.reason : undefined,
        ),
      });
    return {
      message: ACCOUNT_ACTION_TEXT.refunded(attempt.amount_cents, note.number),
      result: {
        credit_note_number: note.number,
        refunded_cents: attempt.amount_cents,
        invoice_status: note.status,
      },
      before: { invoice: note.invoice_number },
      after: { credit_note: note.number, amount_cents: attempt.amount_cents },
    };
  });
}

/**
 * Step 1: the request's attempt, written now as pending or found from an earlier try of the same
 * request. Checks the amount against what is paid and not yet refunded (nor reserved by another pending
 * refund), under the invoice's lock, so two refunds of one invoice never add up to more than was paid.
 */
async function beginRefund(
  database: Transactional,
  actor: ActionActor,
  ask: RefundAsk,
): Promise<RefundAttemptRow & { charge_id: string }> {
  return database.transaction(async (tx) => {
    const invoice = await lockRefundableInvoice(tx, ask.accountId, ask.invoiceId, ask.key);
    if (!invoice) throw new DomainError('not-found', ACCOUNT_ACTION_TEXT.noInvoice, 'invoice_id');
    const earlier = await findRefundAttempt(tx, ask.accountId, ask.key);
    if (earlier) {
      if (earlier.invoice_id !== ask.invoiceId || earlier.amount_cents !== ask.amountCents)
        throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.refundKeyReused);
      return { ...earlier, charge_id: invoice.provider_payment_id ?? earlier.payment_id };
    }
    if (!invoice.payment_id || (invoice.status !== 'paid' && invoice.status !== 'refunded'))
      throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.notRefundable, 'invoice_id');
    // What a lost dispute took back is the bank's already: a refund of it would pay the money out twice.
    const left = invoice.paid_cents - invoice.refunded_cents - invoice.reserved_cents - invoice.lost_cents;
    if (ask.amountCents > left)
      throw new DomainError('invalid', ACCOUNT_ACTION_TEXT.overRefund(Math.max(left, 0)), 'amount_cents');
    const attempt = await insertRefundAttempt(tx, {
      id: `rfa_${randomBytes(12).toString('hex')}`,
      accountId: ask.accountId,
      invoiceId: ask.invoiceId,
      paymentId: invoice.payment_id,
      amountCents: ask.amountCents,
      requestKey: ask.key,
      staff: actor,
      reason: ask.reason,
    });
    return { ...attempt, charge_id: invoice.provider_payment_id ?? invoice.payment_id };
  });
}

/**
 * The reconciliation job's part (every minute, with the payments'): a refund attempt still pending
 * after the payment timeout was cut off (a crash, a lost answer) and its request never sent again. It
 * is finished as that request would be, by the staff member who asked, with their reason and key: the
 * provider is asked again under the same key (the refund made, or made now, once), and the credit note,
 * audit entry and email are written once. The billing system's own refunds (a late upgrade's, PLAN-13)
 * are due at once. Answers how many were finished.
 */
export async function recoverPendingRefunds(deps: RefundDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - (deps.paymentTimeoutMs ?? 30_000));
  let finished = 0;
  for (const attempt of await overdueRefundAttempts(deps.database, before)) {
    // The billing system's own refunds (PLAN-13) are finished as the system, with no person.
    const actor: ActionActor =
      attempt.staff_role === BILLING_SYSTEM.role
        ? BILLING_SYSTEM
        : {
            personId: attempt.staff_person_id!,
            email: attempt.staff_email!,
            fullName: '',
            role: attempt.staff_role as StaffActor['role'],
          };
    try {
      await refundFromConsole(deps, actor, {
        accountId: attempt.account_id,
        invoiceId: attempt.invoice_id,
        amountCents: attempt.amount_cents,
        reason: attempt.reason,
        key: attempt.request_key,
      });
      finished++;
    } catch (err) {
      // Still unknown, or refused by the provider (then recorded as failed): the next run tries again.
      deps.log?.warn({ err, attemptId: attempt.id }, 'pending refund not finished');
    }
  }
  return finished;
}
