import { highWaterMark, overageCents, overageCentsDue, referralBonusCapCc } from '@enq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { AfterPeriodClose } from '../ports/period-close';
import type { PaymentProvider } from '../ports/payment-provider';
import { periodBoundary, type PlanPeriod } from './periods';
import type { InvoiceIssuer } from './invoice-issuer';
import { closingLines, interimInvoice, subscriptionLine } from './invoice-lines';
import { hasPaidInvoice, type NewInvoice } from './invoices-repository';
import { createInvoice } from './issue-invoice';
import { bonusBalance, insertLedgerEntries, overageTotals, periodUsage } from './ledger-repository';
import { findPlan } from './plans-repository';
import { DomainError } from '../errors';
import { currentPeriod, findSubscription, periodDueToSettle } from './subscription-periods-repository';
import { InvoicePayments } from './invoice-payments';
import type { PaymentOutcome, PayOptions } from './payment-terms';
import { awaitingOrder, insertOrder } from './period-start-orders-repository';
import { startPaidPeriod, voidDeclinedStart } from './period-starts';
import { rollOverDuePeriods, settleEndedPeriod } from './period-close';
import { DEFAULT_PUBLIC_URL } from './payment-collections';
import { orderResume, type ResumeActor } from './plan-resumes';

export interface BillingDeps {
  /** The database, or a caller's open transaction to take part in. */
  database: Transactional;
  payments: PaymentProvider;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * Seller and tax rate copied onto every invoice: the process's configured ones (composition.ts), so
   * no engine can issue an invoice with the demo seller by leaving it out.
   */
  issuer: InvoiceIssuer;
  /** How long a charge may take before its outcome counts as unknown (30 s when not given). */
  paymentTimeoutMs?: number;
  /** How long a period's close waits after its end for late calls (CLOSE_GRACE_MINUTES; 0 when not given). */
  closeGraceMs?: number;
  /** What follows each close in its transaction: the opted-in monthly report (composition.ts). */
  afterClose: AfterPeriodClose;
  /** The portal's address (PUBLIC_URL), for the pay link emailed after a declined charge. */
  publicUrl?: string;
}

/** The engine: period close, plan changes, invoices and charges. All time comes from `clock`. */
export class BillingEngine {
  /** Every charge goes through here: Pay now, closes, marks, starts and renewals. */
  readonly payments: InvoicePayments;

  constructor(private readonly deps: BillingDeps) {
    this.payments = new InvoicePayments(
      {
        ...deps,
        timeoutMs: deps.paymentTimeoutMs ?? 30_000,
        publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL,
      },
      {
        // A start or renewal begins its period in the transaction that records its payment.
        paid: startPaidPeriod,
        declined: voidDeclinedStart,
      },
    );
  }

  private get db() {
    return this.deps.database;
  }

  /**
   * Starts a subscription (a new account, or one whose plan ended): its invoice is issued and charged
   * first, and the period with its credits begins only once it is paid. A second call while that
   * invoice awaits payment pays the same invoice. Answers the invoice and what its charge did.
   */
  async startSubscription(accountId: string, planId: string) {
    return this.orderPeriod(accountId, planId, 'start');
  }

  /**
   * Renews an annual plan early: one invoice closes the current period (its credits used) and prepays a
   * new one; the new period begins only once it is paid, and a declined charge changes nothing.
   */
  async renewSubscription(accountId: string, planId: string) {
    return this.orderPeriod(accountId, planId, 'renew');
  }

  private async orderPeriod(
    accountId: string,
    planId: string,
    kind: 'start' | 'renew',
  ): Promise<{ invoiceId: string; outcome: PaymentOutcome }> {
    const now = this.deps.clock.now();
    const invoiceId = await this.db.transaction(async (tx) => {
      const plan = await findPlan(tx, planId, now);
      if (!plan) throw new DomainError('not-found', `There is no plan '${planId}'.`);
      const existing = await findSubscription(tx, accountId, true);
      const waiting = await awaitingOrder(tx, accountId);
      // An upgrade now awaiting its payment is not this order's invoice to pay.
      if (waiting?.kind === 'upgrade')
        throw new DomainError('conflict', 'An upgrade is waiting for its payment; pay or settle it first.');
      if (waiting) return waiting.invoice_id;
      const end = periodBoundary(now, plan.period, 1);
      const next = { plan, period: { start: now, end } };
      let invoice: NewInvoice;
      let endsPeriodId: string | null = null;
      if (kind === 'start') {
        if (existing?.status === 'active')
          throw new DomainError('conflict', 'The subscription is already active.');
        if (existing?.status === 'paused')
          throw new DomainError('conflict', 'Your plan is paused. Resume it instead.');
        invoice = {
          accountId,
          kind: 'start',
          summary: 'Subscription',
          periodId: null,
          periodStart: now,
          periodEnd: end,
          issuedAt: now,
          lines: [subscriptionLine(plan, next.period)],
        };
      } else {
        const period = existing?.status === 'active' ? await currentPeriod(tx, accountId) : null;
        if (!period) throw new DomainError('conflict', 'The subscription has no open period.');
        endsPeriodId = period.id;
        // The renewed period's rows: its credits used, closed now, with the new year prepaid.
        const usage = await periodUsage(tx, accountId, period.id);
        const lines = closingLines(period.plan, { start: period.start, end: now }, usage, next);
        lines[0] = subscriptionLine(plan, next.period, true);
        invoice = {
          accountId,
          kind: 'period',
          summary: 'Renewal',
          periodId: period.id,
          periodStart: period.start,
          periodEnd: now,
          issuedAt: now,
          lines,
        };
      }
      const id = await this.issue(tx, invoice);
      await insertOrder(tx, { accountId, invoiceId: id, kind, planId, start: now, end, endsPeriodId });
      return id;
    });
    return { invoiceId, outcome: await this.payments.pay(accountId, invoiceId) };
  }

  /**
   * Resumes a paused plan now: its invoice is issued and charged first, and the new period (with the
   * carry the pause held) begins only once it is paid; a declined charge leaves the plan paused.
   */
  async resumePlan(
    accountId: string,
    actor: ResumeActor,
  ): Promise<{ invoiceId: string; outcome: PaymentOutcome }> {
    const now = this.deps.clock.now();
    const invoiceId = await this.db.transaction((tx) =>
      orderResume(tx, accountId, now, (q, invoice) => this.issue(q, invoice), actor),
    );
    return { invoiceId, outcome: await this.payments.pay(accountId, invoiceId) };
  }

  /** Issues an invoice with the engine's seller and tax rate. */
  issue(q: Transactional, invoice: NewInvoice): Promise<string> {
    return createInvoice(q, invoice, this.deps.issuer);
  }

  /**
   * Closes every period of the account that has ended by now, oldest first (so a restart after
   * downtime catches up in order). Safe to run twice: a closed period is never closed again. The close
   * waits the grace window after the period's end (period-close.ts); the next period starts at the end.
   */
  async closeDuePeriods(accountId: string): Promise<number> {
    const graceMs = this.deps.closeGraceMs ?? 0;
    let closed = 0;
    for (;;) {
      const now = this.deps.clock.now();
      const invoiceId = await this.db.transaction(async (tx) => {
        if (!(await findSubscription(tx, accountId, true))) return undefined;
        await rollOverDuePeriods(tx, accountId, now);
        const period = await periodDueToSettle(tx, accountId, new Date(now.getTime() - graceMs));
        if (!period) return undefined;
        // One invoice per close, for the closed period: its usage, and the next period's subscription.
        const lines = await settleEndedPeriod(tx, period, now);
        // Nothing used and nothing to prepay: no row. Credits used within the plan of a period that ends
        // the subscription still get their $0 row, so every period's rows add up to its calls.
        const id =
          lines.length === 0
            ? null
            : await this.issue(tx, {
                accountId,
                kind: 'period',
                summary: 'Period close',
                periodId: period.id,
                periodStart: period.start,
                periodEnd: period.end,
                issuedAt: new Date(period.end.getTime() + graceMs),
                lines,
              });
        // The opted-in monthly report of the period, with the close (REPORT-02, REPORT-03).
        await this.deps.afterClose(tx, accountId, period.id);
        return id;
      });
      if (invoiceId === undefined) return closed;
      closed++;
      if (invoiceId) await this.chargeInvoice(accountId, invoiceId, { by: 'schedule' });
    }
  }

  /** Charges an invoice to the card on file through the payment attempts (at most one success). */
  chargeInvoice(accountId: string, invoiceId: string, options: PayOptions = {}): Promise<PaymentOutcome> {
    return this.payments.pay(accountId, invoiceId, options);
  }

  /**
   * After usage is posted: when the period's overage crosses a new high-water mark ($300, $500, $1,000,
   * then every $1,000), the overage not yet invoiced is invoiced and charged at once.
   */
  async invoiceHighWater(accountId: string): Promise<string | null> {
    const now = this.deps.clock.now();
    const invoiceId = await this.db.transaction(async (tx) => {
      await findSubscription(tx, accountId, true);
      const period = await currentPeriod(tx, accountId);
      // A period that has ended is billed by its close, which would otherwise follow at the same instant.
      if (!period || period.plan.period !== 'mo' || period.end <= now) return null;
      const totals = await overageTotals(tx, accountId, period.id);
      const { used, invoiced } = totals;
      const mark = highWaterMark(overageCents(used));
      if (mark <= highWaterMark(overageCents(invoiced))) return null;
      // The period's overage is rounded once: this bills its cents so far less those billed before.
      const due = { credits: used - invoiced, cents: overageCentsDue(used, totals.cents) };
      return this.issue(
        tx,
        interimInvoice(
          { accountId, periodId: period.id, issuedAt: now },
          period,
          due,
          mark,
          totals.included - totals.includedInvoiced,
        ),
      );
    });
    if (invoiceId) await this.chargeInvoice(accountId, invoiceId, { by: 'schedule' });
    return invoiceId;
  }
}

export type { PlanPeriod };

/**
 * Grants referral bonus credits into the bonus bucket of the current period. Only a paying
 * subscriber in good standing gets them (active, not delinquent, at least one paid invoice), and the
 * period's bonus balance (bonus carried in plus bonus granted in it) is capped (3x the monthly credits;
 * 25% of an annual plan's credits). Returns the credits actually granted.
 */
export async function grantReferralBonus(
  database: Transactional,
  accountId: string,
  requestedCc: number,
  at: Date,
): Promise<number> {
  return database.transaction(async (tx) => {
    const sub = await findSubscription(tx, accountId, true);
    if (!sub || sub.status !== 'active' || sub.is_delinquent) return 0;
    if (!(await hasPaidInvoice(tx, accountId))) return 0;
    const period = await currentPeriod(tx, accountId);
    if (!period) return 0;
    // Carried-in bonus counts too: the cap bounds the balance, not each period's grants.
    const given = await bonusBalance(tx, accountId, period.id);
    const room = referralBonusCapCc(period.plan.creditsCc, period.plan.period) - given;
    const amount = Math.max(0, Math.min(requestedCc, room));
    if (amount > 0) {
      await insertLedgerEntries(tx, [
        {
          accountId,
          periodId: period.id,
          bucket: 'bonus',
          kind: 'bonus',
          amount,
          at,
          note: 'referral bonus',
        },
      ]);
    }
    return amount;
  });
}
