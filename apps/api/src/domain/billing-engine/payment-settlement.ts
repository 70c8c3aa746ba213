import type { Transactional } from '../../db/handle';
import { invoiceReceiptEmail, queueInvoiceReceipt } from '../invoices';
import { queueEmail } from '../mail';
import { authenticationEmail } from './authentication-email';
import { AUTHENTICATION_REQUIRED, type ChargeResult } from '../ports/payment-provider';
import type { NewAttempt, PaymentDeps, PaymentOutcome } from './payment-terms';
import { recordDecline } from './payment-collections';
import {
  findAttempt,
  refreshDelinquency,
  settleAttempt,
  type AttemptResult,
  type AttemptRow,
} from './payment-attempts-repository';

/**
 * What the engine does in the transaction that settles an attempt on an invoice that starts a period (a
 * start or a renewal, paid first): the period begins with the payment, or the declined invoice is voided.
 */
export interface SettlementHooks {
  paid(tx: Transactional, accountId: string, invoiceId: string, at: Date): Promise<void>;
  /** Answers true when the declined invoice was voided (nothing it would have started happens). */
  declined(tx: Transactional, accountId: string, invoiceId: string, at: Date): Promise<boolean>;
}

/** What a settled attempt answers. */
export function outcomeOf(row: AttemptRow): PaymentOutcome {
  if (row.status === 'succeeded') return { state: 'paid' };
  if (row.status === 'failed')
    return { state: 'failed', message: row.failure_message ?? 'The payment failed.' };
  if (row.status === 'requires_action') return { state: 'requires_action', clientSecret: null };
  return { state: 'pending' };
}

/** Records the provider's answer to an attempt once, with what it causes: the invoice paid, the receipt… */
export class PaymentSettlement {
  constructor(
    // The provider is not asked here: its answer is given (the provider's events settle with this too).
    private readonly deps: Pick<PaymentDeps, 'database' | 'clock' | 'log' | 'publicUrl'>,
    private readonly hooks: SettlementHooks,
  ) {}

  /**
   * An attempt this request made, on an invoice that starts no period: one statement, the receipt with
   * it (Pay now's usual case, in as few round trips as it can). Falls back to inTransaction() when it
   * finds that the invoice does start a period after all.
   */
  async alone(
    accountId: string,
    invoiceId: string,
    attempt: NewAttempt,
    result: ChargeResult,
  ): Promise<PaymentOutcome> {
    if (result.status === 'requires_action') {
      // Only reached when a lost answer is found asking for authentication (reconciliation): recorded
      // so the attempt waits for the cardholder; the page's Pay now finishes it.
      await settleAttempt(
        this.deps.database,
        accountId,
        invoiceId,
        attempt.id,
        recorded(result, this.deps.clock.now()),
      );
      return { state: 'requires_action', clientSecret: result.clientSecret };
    }
    const at = this.deps.clock.now();
    const failed = result.status === 'failed' ? result : null;
    const receipt =
      !failed && attempt.holder
        ? invoiceReceiptEmail(accountId, invoiceId, {
            number: attempt.number,
            paid_at: at,
            amount_cents: attempt.amountCents,
            card_brand: attempt.card.brand,
            card_last4: attempt.card.last4,
            email: attempt.holder.email,
            full_name: attempt.holder.fullName,
          })
        : undefined;
    const { first, awaitingOrder } = await settleAttempt(
      this.deps.database,
      accountId,
      invoiceId,
      attempt.id,
      recorded(result, at),
      { alone: true, receipt },
    );
    if (!first && awaitingOrder) return this.inTransaction(accountId, invoiceId, attempt.id, result);
    const outcome: PaymentOutcome = !first
      ? outcomeOf((await findAttempt(this.deps.database, accountId, attempt.id))!)
      : failed
        ? { state: 'failed', message: failed.message }
        : { state: 'paid', referralPending: attempt.referralPending };
    this.log(accountId, invoiceId, attempt.id, outcome, first);
    return outcome;
  }

  /** Any attempt, in one transaction with the period it starts (or the invoice it voids) and the receipt. */
  async inTransaction(
    accountId: string,
    invoiceId: string,
    attemptId: string,
    result: ChargeResult,
  ): Promise<PaymentOutcome> {
    if (result.status === 'requires_action') {
      // Only reached when a lost answer is found asking for authentication (reconciliation): recorded
      // so the attempt waits for the cardholder; the page's Pay now finishes it.
      await settleAttempt(
        this.deps.database,
        accountId,
        invoiceId,
        attemptId,
        recorded(result, this.deps.clock.now()),
      );
      return { state: 'requires_action', clientSecret: result.clientSecret };
    }
    const now = this.deps.clock.now();
    const failed = result.status === 'failed' ? result : null;
    const outcome = await this.deps.database.transaction(async (tx) => {
      const settled = await settleAttempt(tx, accountId, invoiceId, attemptId, recorded(result, now));
      // Settled already (the request and the reconciliation job raced): the first answer stands.
      if (!settled.first) return outcomeOf((await findAttempt(tx, accountId, attemptId))!);
      // settleAttempt marked a paid invoice paid; without an awaiting order it refreshed the delinquency.
      const { awaitingOrder } = settled;
      if (!failed) {
        if (awaitingOrder) {
          await this.hooks.paid(tx, accountId, invoiceId, now);
          await refreshDelinquency(tx, accountId);
        }
        await queueInvoiceReceipt(tx, accountId, invoiceId);
        return { state: 'paid' } as const;
      }
      const voided = awaitingOrder && (await this.hooks.declined(tx, accountId, invoiceId, now));
      if (awaitingOrder && !voided) await refreshDelinquency(tx, accountId, true);
      // Nobody was at the page: the invoice goes into collection, or on to its next try.
      if (!voided && (await findAttempt(tx, accountId, attemptId))?.off_session)
        await recordDecline(tx, this.deps.publicUrl, {
          accountId,
          invoiceId,
          at: now,
          message: failed.message,
          card: failed.card,
        });
      return { state: 'failed', message: failed.message } as const;
    });
    this.log(accountId, invoiceId, attemptId, outcome, true);
    return outcome;
  }

  /**
   * The card's bank asks the cardholder to authenticate: the attempt records the intent and stays in
   * flight (no second charge is made while it waits), the invoice stays open, and neither delinquency
   * nor a period start or void follows: it is not a decline. Off-session, the account holder is emailed
   * a link to the page where they authenticate and pay, in the same transaction, so once.
   */
  async awaitingAuthentication(
    accountId: string,
    invoiceId: string,
    attempt: NewAttempt,
    result: Extract<ChargeResult, { status: 'requires_action' }>,
    offSession: boolean,
  ): Promise<PaymentOutcome> {
    const at = this.deps.clock.now();
    const first = await this.deps.database.transaction(async (tx) => {
      const settled = await settleAttempt(tx, accountId, invoiceId, attempt.id, recorded(result, at));
      if (settled.first && offSession && attempt.holder)
        await queueEmail(
          tx,
          authenticationEmail(accountId, this.deps.publicUrl, {
            invoiceId,
            number: attempt.number,
            amountCents: attempt.amountCents,
            card: attempt.card,
            holder: attempt.holder,
          }),
        );
      return settled.first;
    });
    const outcome: PaymentOutcome = { state: 'requires_action', clientSecret: result.clientSecret };
    this.log(accountId, invoiceId, attempt.id, outcome, first);
    return outcome;
  }

  private log(
    accountId: string,
    invoiceId: string,
    attemptId: string,
    outcome: PaymentOutcome,
    first: boolean,
  ) {
    this.deps.log?.info(
      { accountId, invoiceId, attemptId, state: outcome.state, first },
      'invoice payment settled',
    );
  }
}

/** The provider's answer as the attempt records it. */
function recorded(result: ChargeResult, at: Date): AttemptResult {
  const failed =
    result.status === 'failed'
      ? result
      : result.status === 'requires_action'
        ? { code: AUTHENTICATION_REQUIRED, message: null }
        : null;
  return {
    status: result.status,
    providerId: result.id || null,
    code: failed?.code ?? null,
    message: failed?.message ?? null,
    at,
  };
}
