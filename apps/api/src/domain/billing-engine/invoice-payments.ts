import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import {
  UnknownPaymentMethodError,
  type ChargeResult,
  type PaymentProvider,
} from '../ports/payment-provider';
import {
  defaultCard,
  findAttempt,
  insertPendingAttempt,
  lockInvoice,
  markInvoicePaid,
  overdueAttempts,
  pendingAttempt,
  refreshDelinquency,
  settleAttempt,
  type AttemptRow,
} from './payment-attempts-repository';

/** What became of a request to pay an invoice. */
export type PaymentOutcome =
  | { state: 'paid' }
  | { state: 'failed'; message: string }
  /** The provider's answer is not known yet; the reconciliation job settles the attempt. */
  | { state: 'pending' }
  /** Void or refunded: nothing to pay. */
  | { state: 'closed'; message: string };

/** What the engine does in the transaction that settles an attempt (open a paid-for period, void…). */
export interface SettlementHooks {
  paid(tx: Transactional, accountId: string, invoiceId: string, at: Date): Promise<void>;
  /** Answers true when the declined invoice was voided (nothing it would have started happens). */
  declined(tx: Transactional, accountId: string, invoiceId: string, at: Date): Promise<boolean>;
}

export interface PaymentDeps {
  database: Transactional;
  payments: PaymentProvider;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long a charge may take before its outcome counts as unknown. */
  timeoutMs: number;
}

/** What the first, locked step of a payment decided: an outcome at once, an attempt to join, or to make. */
type Begun =
  | { outcome: PaymentOutcome }
  | { joined: AttemptRow }
  | {
      attempt: {
        id: string;
        idempotencyKey: string;
        amountCents: number;
        card: { id: string; brand: string; last4: string };
        number: string;
      };
    };

export const NO_CARD = 'No card on file.';
export const NOT_CHARGED =
  'The payment did not reach the card processor, and nothing was charged. Please try again.';

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
  constructor(
    private readonly deps: PaymentDeps,
    private readonly hooks: SettlementHooks,
  ) {}

  /**
   * Pays an open invoice with the card on file, at most once. With `waitMs`, a request that finds an
   * attempt in flight waits that long for its outcome (a person's click); without, it answers pending.
   */
  async pay(
    accountId: string,
    invoiceId: string,
    options: { waitMs?: number } = {},
  ): Promise<PaymentOutcome> {
    const now = this.deps.clock.now();
    const begun = await this.deps.database.transaction(async (tx): Promise<Begun> => {
      const invoice = await lockInvoice(tx, accountId, invoiceId);
      if (!invoice) throw new DomainError('not-found', 'There is no such invoice.', 'invoice_id');
      if (invoice.status === 'paid') return { outcome: { state: 'paid' } };
      if (invoice.status !== 'open')
        return { outcome: { state: 'closed', message: `The invoice is ${invoice.status}.` } };
      // Nothing to charge (a $0 close of a subscription's last period): paid as it is issued.
      if (invoice.total_cents === 0) {
        await markInvoicePaid(tx, accountId, invoiceId, now);
        return { outcome: { state: 'paid' } };
      }
      const inFlight = await pendingAttempt(tx, accountId, invoiceId);
      if (inFlight) return { joined: inFlight };
      const card = await defaultCard(tx, accountId);
      if (!card) {
        await refreshDelinquency(tx, accountId, true);
        return { outcome: { state: 'failed', message: NO_CARD } };
      }
      const id = `pay_${randomUUID().replaceAll('-', '')}`;
      const { idempotencyKey } = await insertPendingAttempt(tx, {
        id,
        accountId,
        invoiceId,
        amountCents: invoice.total_cents,
        card,
        at: now,
      });
      return {
        attempt: { id, idempotencyKey, amountCents: invoice.total_cents, card, number: invoice.number },
      };
    });
    if ('outcome' in begun) return begun.outcome;
    if ('joined' in begun) return this.join(begun.joined, options.waitMs ?? 0);

    const { attempt } = begun;
    let result: ChargeResult;
    try {
      result = await Promise.race([
        this.deps.payments.charge({
          amountCents: attempt.amountCents,
          paymentMethodId: attempt.card.id,
          idempotencyKey: attempt.idempotencyKey,
          attemptId: attempt.id,
          description: `enQ invoice ${attempt.number}`,
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
    return this.settle(accountId, invoiceId, attempt.id, result);
  }

  /** Waits for an attempt in flight elsewhere; settles it by asking the provider once it is overdue. */
  private async join(attempt: AttemptRow, waitMs: number): Promise<PaymentOutcome> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const row = await findAttempt(this.deps.database, attempt.account_id, attempt.id);
      if (row && row.status !== 'pending') return this.outcomeOf(row);
      if (this.isOverdue(attempt)) return this.reconcileAttempt(attempt);
      if (Date.now() >= deadline) return { state: 'pending' };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private isOverdue(attempt: AttemptRow) {
    return new Date(attempt.created_at).getTime() < this.deps.clock.now().getTime() - this.deps.timeoutMs;
  }

  private outcomeOf(row: AttemptRow): PaymentOutcome {
    if (row.status === 'succeeded') return { state: 'paid' };
    if (row.status === 'failed')
      return { state: 'failed', message: row.failure_message ?? 'The payment failed.' };
    return { state: 'pending' };
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
    return this.settle(
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

  /** Records the provider's answer once, with what it causes, in one transaction. */
  private async settle(
    accountId: string,
    invoiceId: string,
    attemptId: string,
    result: ChargeResult,
  ): Promise<PaymentOutcome> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.database.transaction(async (tx) => {
      await lockInvoice(tx, accountId, invoiceId);
      const failed = result.status === 'failed' ? result : null;
      const first = await settleAttempt(tx, accountId, attemptId, {
        status: result.status,
        providerId: result.id || null,
        code: failed?.code ?? null,
        message: failed?.message ?? null,
        at: now,
      });
      // Settled already (the request and the reconciliation job raced): the first answer stands.
      if (!first) return this.outcomeOf((await findAttempt(tx, accountId, attemptId))!);
      if (!failed) {
        await markInvoicePaid(tx, accountId, invoiceId, now);
        await this.hooks.paid(tx, accountId, invoiceId, now);
        await refreshDelinquency(tx, accountId);
        return { state: 'paid' } as const;
      }
      const voided = await this.hooks.declined(tx, accountId, invoiceId, now);
      if (!voided) await refreshDelinquency(tx, accountId, true);
      return { state: 'failed', message: failed.message } as const;
    });
    this.deps.log?.info({ accountId, invoiceId, attemptId, state: outcome.state }, 'invoice payment settled');
    return outcome;
  }
}
