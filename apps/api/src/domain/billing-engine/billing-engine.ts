import { highWaterMark, overageCents, referralBonusCapCc } from '@enq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { PaymentProvider } from '../ports/payment-provider';
import { periodBoundary, type PlanPeriod } from './periods';
import { DEFAULT_ISSUER, type InvoiceIssuer } from './invoice-issuer';
import { interimInvoice, subscriptionLine } from './invoice-lines';
import { createInvoice, type NewInvoice } from './invoices-repository';
import { insertLedgerEntries } from './ledger-repository';
import { findPlan } from './plans-repository';
import { DomainError } from '../errors';
import { currentPeriod, findSubscription, openPeriod } from './subscription-periods';
import { periodDueToSettle, rollOverDuePeriods, settleEndedPeriod } from './period-close';

export interface BillingDeps {
  /** The database, or a caller's open transaction to take part in. */
  database: Transactional;
  payments: PaymentProvider;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Seller and tax rate copied onto every invoice (the demo seller when not given). */
  issuer?: InvoiceIssuer;
  /** How long a period's close waits after its end for late calls (CLOSE_GRACE_MINUTES; 0 when not given). */
  closeGraceMs?: number;
}

/** The engine: period close, plan changes, invoices and charges. All time comes from `clock`. */
export class BillingEngine {
  constructor(private readonly deps: BillingDeps) {}

  private get db() {
    return this.deps.database;
  }

  /** Starts (or restarts) a subscription now: a fresh period, its credits, and the prepaid invoice. */
  async startSubscription(accountId: string, planId: string): Promise<string | null> {
    const now = this.deps.clock.now();
    const invoiceId = await this.db.transaction(async (tx) => {
      const plan = await findPlan(tx, planId);
      if (!plan) throw new DomainError('not-found', `There is no plan '${planId}'.`);
      const existing = await findSubscription(tx, accountId, true);
      if (existing?.status === 'active')
        throw new DomainError('conflict', 'The subscription is already active.');
      const end = periodBoundary(now, plan.period, 1);
      const periodId = await openPeriod(tx, accountId, plan, now, end, 0);
      await tx.query(
        `insert into subscriptions (account_id, plan_id, status, anchor_at, current_period_start, current_period_end)
         values ($1, $2, 'active', $3, $3, $4)
         on conflict (account_id) do update set plan_id = $2, status = 'active', anchor_at = $3,
           current_period_start = $3, current_period_end = $4, cancel_at_period_end = false,
           pending_plan_id = null, updated_at = $3`,
        [accountId, plan.id, now, end],
      );
      return this.issue(tx, {
        accountId,
        kind: 'start',
        summary: 'Subscription',
        periodId,
        periodStart: now,
        periodEnd: end,
        issuedAt: now,
        lines: [subscriptionLine(plan, { start: now, end })],
      });
    });
    if (invoiceId) await this.chargeInvoice(accountId, invoiceId, `auto:${invoiceId}`);
    return invoiceId;
  }

  /** Issues an invoice with the engine's seller and tax rate. */
  issue(q: Transactional, invoice: NewInvoice): Promise<string> {
    return createInvoice(q, invoice, this.deps.issuer ?? DEFAULT_ISSUER);
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
        if (!lines.some((line) => line.kind !== 'included')) return null;
        return this.issue(tx, {
          accountId,
          kind: 'period',
          summary: 'Period close',
          periodId: period.id,
          periodStart: period.start,
          periodEnd: period.end,
          issuedAt: new Date(period.end.getTime() + graceMs),
          lines,
        });
      });
      if (invoiceId === undefined) return closed;
      closed++;
      if (invoiceId) await this.chargeInvoice(accountId, invoiceId, `auto:${invoiceId}`);
    }
  }

  /**
   * Charges an invoice to the card on file. The idempotency key makes a retry (a double click, a resent
   * request) return the first attempt's outcome instead of charging again.
   */
  async chargeInvoice(accountId: string, invoiceId: string, idempotencyKey: string): Promise<ChargeOutcome> {
    const [existing] = await this.db.query<{ status: string; failure_message: string | null }>(
      'select status, failure_message from payments where account_id = $1 and idempotency_key = $2',
      [accountId, idempotencyKey],
    );
    if (existing) return { paid: existing.status === 'succeeded', message: existing.failure_message };
    const [invoice] = await this.db.query<{ status: string; total_cents: number; number: string }>(
      'select status, total_cents, number from invoices where account_id = $1 and id = $2',
      [accountId, invoiceId],
    );
    if (!invoice) throw new DomainError('not-found', 'There is no such invoice.');
    if (invoice.status !== 'open')
      return { paid: invoice.status === 'paid', message: `The invoice is ${invoice.status}.` };
    const [card] = await this.db.query<{ id: string }>(
      'select id from payment_methods where account_id = $1 and is_default order by created_at desc limit 1',
      [accountId],
    );
    if (!card) {
      await this.markDelinquent(accountId, 'No card on file.');
      return { paid: false, message: 'No card on file.' };
    }
    const result = await this.deps.payments.charge({
      amountCents: invoice.total_cents,
      paymentMethodId: card.id,
      idempotencyKey,
      description: `enQ invoice ${invoice.number}`,
    });
    const now = this.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into payments (id, account_id, invoice_id, idempotency_key, amount_cents, status, failure_code,
                               failure_message, card_brand, card_last4, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict do nothing returning id`,
        [
          result.id,
          accountId,
          invoiceId,
          idempotencyKey,
          invoice.total_cents,
          result.status,
          result.status === 'failed' ? result.code : null,
          result.status === 'failed' ? result.message : null,
          result.card.brand,
          result.card.last4,
          now,
        ],
      );
      // A concurrent attempt with the same key recorded it first. Both the key and the provider's payment
      // id must be arbiters: a racer can pass the key's check and then meet the winner's row on the id.
      if (inserted.length === 0) return;
      if (result.status === 'succeeded') {
        await tx.query(
          "update invoices set status = 'paid', paid_at = $3 where account_id = $1 and id = $2 and status = 'open'",
          [accountId, invoiceId, now],
        );
        await tx.query(
          `update subscriptions set is_delinquent = exists (
             select 1 from invoices where account_id = $1 and status = 'open') where account_id = $1`,
          [accountId],
        );
      } else {
        await tx.query('update subscriptions set is_delinquent = true where account_id = $1', [accountId]);
      }
    });
    this.deps.log?.info({ accountId, invoiceId, status: result.status }, 'invoice charged');
    return result.status === 'succeeded'
      ? { paid: true, message: null }
      : { paid: false, message: result.message };
  }

  private async markDelinquent(accountId: string, reason: string) {
    this.deps.log?.warn({ accountId, reason }, 'account delinquent');
    await this.db.query('update subscriptions set is_delinquent = true where account_id = $1', [accountId]);
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
      // Two indexed sums, not the whole usage summary: this runs after every batch with overage.
      const [totals] = await tx.query<{ used: string; invoiced: string }>(
        `select (select coalesce(-sum(amount), 0) from credit_ledger
                  where account_id = $1 and period_id = $2 and bucket = 'overage' and kind = 'use')::text as used,
                (select coalesce(sum(overage_credits), 0) from invoices
                  where account_id = $1 and period_id = $2 and status <> 'void')::text as invoiced`,
        [accountId, period.id],
      );
      const used = Number(totals!.used);
      const invoiced = Number(totals!.invoiced);
      const mark = highWaterMark(overageCents(used));
      if (mark <= highWaterMark(overageCents(invoiced))) return null;
      return this.issue(
        tx,
        interimInvoice({ accountId, periodId: period.id, issuedAt: now }, period, used - invoiced, mark),
      );
    });
    if (invoiceId) await this.chargeInvoice(accountId, invoiceId, `auto:${invoiceId}`);
    return invoiceId;
  }
}

export interface ChargeOutcome {
  paid: boolean;
  message: string | null;
}

export type { PlanPeriod };

/**
 * Grants referral bonus credits into the bonus bucket of the current period. Only a paying
 * subscriber in good standing gets them (active, not delinquent, at least one paid invoice), and the
 * bonus in a period is capped (3x the monthly credits; 25% of an annual plan's credits). Returns the
 * credits actually granted.
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
    const [paid] = await tx.query(
      "select 1 from invoices where account_id = $1 and status = 'paid' limit 1",
      [accountId],
    );
    if (!paid) return 0;
    const period = await currentPeriod(tx, accountId);
    if (!period) return 0;
    const [given] = await tx.query<{ total: string }>(
      "select coalesce(sum(amount), 0)::text as total from credit_ledger where account_id = $1 and period_id = $2 and kind = 'bonus'",
      [accountId, period.id],
    );
    const room = referralBonusCapCc(period.plan.creditsCc, period.plan.period) - Number(given!.total);
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
