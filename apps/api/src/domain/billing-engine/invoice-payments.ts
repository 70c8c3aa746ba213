import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/handle';
import { DomainError } from '../errors';
import { UnknownPaymentMethodError, type ChargeResult } from '../ports/payment-provider';
import {
  beginAttempt,
  findAttempt,
  markInvoicePaid,
  overdueAttempts,
  type AttemptRow,
  type PaymentStart,
} from './payment-attempts-repository';
import { outcomeOf, PaymentSettlement, type SettlementHooks } from './payment-settlement';
import type { NewAttempt, PaymentDeps, PaymentOutcome, PayOptions } from './payment-terms';

export type { SettlementHooks };

/** What the first, locked step of a payment decided: an outcome at once, an attempt to join, or to make. */
type Begun = { outcome: PaymentOutcome } | { joined: AttemptRow } | { attempt: NewAttempt };

export const NO_CARD = 'No card on file.';
export const NOT_CHARGED =
  'The payment did not reach the card processor, and nothing was charged. Please try again.';

/** The cardholder at the page, when it is they who asked. */
const cardholderOf = (options: PayOptions) => (typeof options.by === 'object' ? options.by.cardholder : null);

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the payment provider in ${ms} ms`)), ms);
    timer.unref();
  });

/**
 * Payments as a state machine, as Stripe's PaymentIntents are: an attempt is written as pending before
 * the provider is called, with a key derived from the invoice and the attempt number; the database
 * allows one pending and one succeeded attempt per invoice. A second request while one is in flight
 * joins it. An attempt whose answer never came is settled by asking the provider, never by charging
 * again. Pay now, period closes, interim marks, starts and renewals all pay through here.
 */
export class InvoicePayments {
  private readonly settlement: PaymentSettlement;

  constructor(
    private readonly deps: PaymentDeps,
    hooks: SettlementHooks,
  ) {
    this.settlement = new PaymentSettlement(deps, hooks);
  }

  /**
   * Pays an open invoice with the card on file, at most once. With `waitMs`, a request that finds an
   * attempt in flight waits that long for its outcome (a person's click); without, it answers pending.
   */
  async pay(accountId: string, invoiceId: string, options: PayOptions = {}): Promise<PaymentOutcome> {
    const scheduled = options.by === 'schedule';
    const begun = await this.begin(accountId, invoiceId, scheduled);
    if ('outcome' in begun) return begun.outcome;
    if ('joined' in begun) {
      if (begun.joined.status === 'requires_action') return this.authenticate(begun.joined, options);
      const joined = await this.join(begun.joined, options.waitMs ?? 0);
      if (joined.state === 'requires_action') {
        const row = await findAttempt(this.deps.database, accountId, begun.joined.id);
        return this.authenticate(row!, options);
      }
      if (joined.state !== 'failed' || joined.message !== NOT_CHARGED) return joined;
      // The attempt in flight had been abandoned before reaching the provider (its process died): this
      // request still means to pay, so it makes the next attempt. Once: that one is this request's own.
      const again = await this.begin(accountId, invoiceId, scheduled);
      if ('attempt' in again) return this.charge(accountId, invoiceId, again.attempt, options);
      // Another request made it first: its outcome is this one's.
      if ('joined' in again) return this.join(again.joined, options.waitMs ?? 0);
      return again.outcome.state !== 'closed' ? again.outcome : joined;
    }
    return this.charge(accountId, invoiceId, begun.attempt, options);
  }

  /**
   * An attempt whose charge waits for the cardholder's authentication. Nobody at the page: it waits on.
   * At the page: the provider says where the same intent stands (confirmed on-session first where it
   * must be), and its outcome settles the attempt once, whichever of concurrent requests (or the
   * provider's event) comes first; still waiting, the page gets the client secret to authenticate with.
   */
  private async authenticate(attempt: AttemptRow, options: PayOptions): Promise<PaymentOutcome> {
    if (attempt.status !== 'requires_action') return outcomeOf(attempt);
    const cardholder = cardholderOf(options);
    if (!cardholder || !attempt.provider_payment_id) return { state: 'requires_action', clientSecret: null };
    let result: ChargeResult;
    try {
      result = await this.deps.payments.resumeCharge({
        chargeId: attempt.provider_payment_id,
        returnUrl: cardholder.returnUrl,
        idempotencyKey: `${attempt.idempotency_key}:on-session`,
        card: { brand: attempt.card_brand ?? 'card', last4: attempt.card_last4 ?? '' },
      });
    } catch (err) {
      this.deps.log?.warn({ err, attemptId: attempt.id }, 'payment provider could not be asked; later');
      return { state: 'pending' };
    }
    if (result.status === 'requires_action')
      return { state: 'requires_action', clientSecret: result.clientSecret };
    return this.settlement.inTransaction(attempt.account_id, attempt.invoice_id, attempt.id, result);
  }

  /** Asks the provider to charge a pending attempt and records its answer. */
  private async charge(
    accountId: string,
    invoiceId: string,
    attempt: NewAttempt,
    options: PayOptions,
  ): Promise<PaymentOutcome> {
    // Nobody to authenticate: the provider charges off-session (a staff retry too).
    const cardholder = cardholderOf(options);
    let result: ChargeResult;
    try {
      result = await Promise.race([
        this.deps.payments.charge({
          amountCents: attempt.amountCents,
          paymentMethodId: attempt.card.id,
          customerId: attempt.customerId,
          idempotencyKey: attempt.idempotencyKey,
          attemptId: attempt.id,
          description: `enQ invoice ${attempt.number}`,
          offSession: !cardholder,
          returnUrl: cardholder?.returnUrl ?? null,
        }),
        timeout(this.deps.timeoutMs),
      ]);
    } catch (err) {
      if (!(err instanceof UnknownPaymentMethodError)) {
        this.deps.log?.warn({ err, accountId, invoiceId, attemptId: attempt.id }, 'payment outcome unknown');
        return { state: 'pending' };
      }
      // Refused before any charge: the card on file is not one the provider knows.
      result = {
        status: 'failed',
        id: '',
        code: 'invalid_payment_method',
        message: err.message,
        card: attempt.card,
      };
    }
    if (result.status === 'requires_action')
      return this.settlement.awaitingAuthentication(accountId, invoiceId, attempt, result, !cardholder);
    // A declined off-session charge is settled with its collection's step and email (one transaction).
    if (attempt.startsPeriod || (attempt.scheduled && result.status === 'failed'))
      return this.settlement.inTransaction(accountId, invoiceId, attempt.id, result);
    return this.settlement.alone(accountId, invoiceId, attempt, result);
  }

  /**
   * The first, locked step: one statement (beginAttempt) decides at once, joins the attempt in flight or
   * writes the next one as pending. An attempt written by another request after the statement began
   * breaks a unique index; run again, the statement sees it and joins it.
   */
  private async begin(accountId: string, invoiceId: string, scheduled: boolean): Promise<Begun> {
    const now = this.deps.clock.now();
    const id = `pay_${randomUUID().replaceAll('-', '')}`;
    let found: PaymentStart | null;
    for (let tries = 1; ; tries++) {
      try {
        found = await beginAttempt(this.deps.database, accountId, invoiceId, id, now, scheduled);
        break;
      } catch (err) {
        if (tries >= 5 || !isUniqueViolation(err)) throw err;
      }
    }
    if (!found) throw new DomainError('not-found', 'There is no such invoice.', 'invoice_id');
    if (found.status === 'paid') return { outcome: { state: 'paid' } };
    if (found.status !== 'open')
      return { outcome: { state: 'closed', message: `The invoice is ${found.status}.` } };
    // Nothing to charge (a $0 close of a subscription's last period): paid as it is issued. One update,
    // guarded by the invoice being open, so it needs no lock of its own.
    if (found.total_cents === 0) {
      await markInvoicePaid(this.deps.database, accountId, invoiceId, now);
      return { outcome: { state: 'paid' } };
    }
    if (found.joined) return { joined: found.joined };
    // The statement marked the account delinquent.
    if (!found.card_id) return { outcome: { state: 'failed', message: NO_CARD } };
    const card = { id: found.card_id, brand: found.card_brand!, last4: found.card_last4! };
    return {
      attempt: {
        id,
        idempotencyKey: found.idempotency_key!,
        amountCents: found.total_cents,
        card,
        customerId: found.customer_id,
        number: found.number,
        startsPeriod: found.starts_period,
        scheduled,
        referralPending: found.referral_pending,
        holder:
          found.holder_email === null
            ? null
            : { email: found.holder_email, fullName: found.holder_name ?? '' },
      },
    };
  }

  /** Waits for an attempt in flight elsewhere; settles it by asking the provider once it is overdue. */
  private async join(attempt: AttemptRow, waitMs: number): Promise<PaymentOutcome> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const row = await findAttempt(this.deps.database, attempt.account_id, attempt.id);
      if (row && row.status !== 'pending') return outcomeOf(row);
      if (this.isOverdue(attempt)) return this.reconcileAttempt(attempt);
      if (Date.now() >= deadline) return { state: 'pending' };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private isOverdue(attempt: AttemptRow) {
    return new Date(attempt.created_at).getTime() < this.deps.clock.now().getTime() - this.deps.timeoutMs;
  }

  /** Asks the provider what became of an attempt whose answer never came, and settles it. */
  private async reconcileAttempt(attempt: AttemptRow): Promise<PaymentOutcome> {
    let found: ChargeResult | null;
    try {
      found = await this.deps.payments.findCharge({
        idempotencyKey: attempt.idempotency_key,
        attemptId: attempt.id,
      });
    } catch (err) {
      this.deps.log?.warn({ err, attemptId: attempt.id }, 'payment provider could not be asked; later');
      return { state: 'pending' };
    }
    const card = { brand: attempt.card_brand ?? 'card', last4: attempt.card_last4 ?? '' };
    return this.settlement.inTransaction(
      attempt.account_id,
      attempt.invoice_id,
      attempt.id,
      found ?? { status: 'failed', id: '', code: 'not_charged', message: NOT_CHARGED, card },
    );
  }

  /** Settles every overdue pending attempt; answers how many it settled. */
  async reconcile(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - this.deps.timeoutMs);
    let settled = 0;
    for (const attempt of await overdueAttempts(this.deps.database, before))
      if ((await this.reconcileAttempt(attempt)).state !== 'pending') settled++;
    return settled;
  }
}
