import type { Transactional } from '../../db/handle';
import { invoiceReceiptEmail, queueInvoiceReceipt } from '../invoices';
import type { ChargeResult } from '../ports/payment-provider';
import type { NewAttempt, PaymentDeps, PaymentOutcome } from './invoice-payments';
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
  const failed = result.status === 'failed' ? result : null;
  return {
    status: result.status,
    providerId: result.id || null,
    code: failed?.code ?? null,
    message: failed?.message ?? null,
    at,
  };
}
