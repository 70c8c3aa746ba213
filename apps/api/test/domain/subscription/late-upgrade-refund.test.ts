import { ACCOUNT_ACTION_TEXT, PLAN_TEXT, REFUND_EMAIL } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverPendingRefunds, type RefundDeps } from '../../../src/domain/refunds/account-refunds';
import { activityEntry } from '../../../src/domain/activity/activity-view';
import type { ActivityRow } from '../../../src/domain/activity/activity-repository';
import { billingEngines } from '../../../src/domain/billing-engine/billing-engines';
import { queueMonthlyReport } from '../../../src/domain/monthly-report';
import { DEFAULT_ISSUER } from '../../../src/domain/billing-engine/invoice-issuer';
import type { DomainError } from '../../../src/domain/errors';
import type { PaymentProvider } from '../../../src/domain/ports/payment-provider';
import { refuseLateUpgrade } from '../../../src/domain/subscription/late-upgrades';
import { applyUpgrade, upgradeQuote } from '../../../src/domain/subscription/plan-upgrade';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, useCard, type World } from '../../helpers/billing-harness';

// An Upgrade now whose payment is confirmed only after its period has closed (PLAN-13): the card
// processor charged it (card …0408 charges and never answers), the period closed in the meantime, and
// the confirmation comes late. Nothing is upgraded and the payment is refunded once, by enQ billing.
const START = '2026-03-02T15:00:00Z';
const UPGRADE_AT = '2026-03-20T15:00:00Z';
const AFTER_CLOSE = '2026-04-03T15:00:00Z';

describe.each(drivers)('an upgrade paid after its period closed (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
  });
  afterAll(() => world?.close());

  const billing = () =>
    billingEngines({
      issuer: DEFAULT_ISSUER,
      clock: world.clock,
      payments: world.sandbox,
      paymentTimeoutMs: 100,
      afterClose: queueMonthlyReport,
    });

  /** What the customer was invoiced, as issued: everything but its status and payment date. */
  const issued = (accountId: string, invoiceId: string) =>
    world.database.query(
      `select i.number, i.kind, i.summary, i.period_start, i.period_end, i.issued_at, i.subtotal_cents,
              i.tax_cents, i.total_cents, i.seller, i.buyer,
              (select json_agg(json_build_object('d', l.description, 'a', l.amount_cents) order by l.amount_cents)
                 from invoice_lines l where l.account_id = i.account_id and l.invoice_id = i.id) as lines
         from invoices i where i.account_id = $1 and i.id = $2`,
      [accountId, invoiceId],
    );

  /** An account on Practice monthly whose Upgrade now to Team is charged but not answered, then closed. */
  async function lateUpgrade() {
    world.clock.set(START);
    const b = billing();
    const engine = b.engine(world.database);
    const { accountId } = await createAccount(world);
    await engine.startSubscription(accountId, 'practice-monthly');
    await useCard(world, accountId, '4000000000000408'); // charges, never answers
    world.clock.set(UPGRADE_AT);
    const { proration } = await upgradeQuote(
      world.database,
      accountId,
      'team-monthly',
      world.clock.now(),
      DEFAULT_ISSUER,
    );
    const [admin] = await world.database.query<{ id: string; email: string }>(
      'select id, email from people where account_id = $1',
      [accountId],
    );
    const actor = { accountId, personId: admin!.id };
    const confirm = () =>
      applyUpgrade(b.deps(world.database), engine, actor, 'team-monthly', proration.totalCents);
    await expect(confirm()).rejects.toMatchObject({ kind: 'payment-pending' });
    const [invoice] = await world.database.query<{ id: string; number: string }>(
      "select id, number from invoices where account_id = $1 and summary = 'Upgrade'",
      [accountId],
    );
    const asIssued = await issued(accountId, invoice!.id);
    // The period closes before the processor's answer is known (the close's invoice on a good card).
    await useCard(world, accountId, '4242424242424242');
    world.clock.set(AFTER_CLOSE);
    expect(await engine.closeDuePeriods(accountId)).toBeGreaterThan(0);
    return {
      accountId,
      admin: admin!,
      invoice: invoice!,
      asIssued,
      confirm,
      engine,
      total: proration.totalCents,
    };
  }

  const refundDeps = (payments: PaymentProvider = world.sandbox): RefundDeps => ({
    database: world.database,
    payments,
    clock: world.clock,
    paymentTimeoutMs: 100,
  });

  /** Everything the refund writes, and whether anything was upgraded. */
  async function outcome(accountId: string, invoiceId: string) {
    const q = <T>(sql: string) =>
      world.database.query<T & Record<string, unknown>>(sql, [accountId, invoiceId]);
    return {
      plan: (
        await q<{ plan_id: string }>(
          'select plan_id from subscriptions where account_id = $1 and $2::text is not null',
        )
      )[0]!.plan_id,
      upgradeCredits: (
        await q<{ n: number }>(
          'select count(*)::int as n from credit_ledger where account_id = $1 and invoice_id = $2',
        )
      )[0]!.n,
      invoiceStatus: (
        await q<{ status: string }>('select status from invoices where account_id = $1 and id = $2')
      )[0]!.status,
      creditNotes: await q<{ number: string; amount_cents: number }>(
        'select number, amount_cents from refunds where account_id = $1 and invoice_id = $2',
      ),
      attempts: await q(
        `select status, staff_person_id, staff_email, staff_role, reason from refund_attempts
          where account_id = $1 and invoice_id = $2`,
      ),
      staffAudit: await q(
        `select action, staff_person_id, staff_email, staff_role, reason from staff_audit
          where account_id = $1 and $2::text is not null`,
      ),
      activity: await q<ActivityRow>(
        `select id::text, at, action, actor_person_id, null as actor_name, target_person_id, null as target_name,
                before, after from audit_log where account_id = $1 and $2::text is not null order by id`,
      ),
      emails: await q<{ to: string; subject: string; text: string }>(
        `select "to", subject, text from outbox where account_id = $1 and kind = 'refund-credit-note'
            and $2::text is not null`,
      ),
    };
  }

  function expectRefundedOnce(
    state: Awaited<ReturnType<typeof outcome>>,
    late: Awaited<ReturnType<typeof lateUpgrade>>,
  ) {
    const creditNote = `${late.invoice.number}-CN1`;
    expect(state.plan).toBe('practice-monthly');
    expect(state.upgradeCredits).toBe(0);
    expect(state.invoiceStatus).toBe('refunded');
    expect(state.creditNotes).toEqual([{ number: creditNote, amount_cents: late.total }]);
    const system = {
      staff_person_id: null,
      staff_email: null,
      staff_role: 'system',
      reason: PLAN_TEXT.lateUpgradeReason,
    };
    expect(state.attempts).toEqual([{ status: 'succeeded', ...system }]);
    expect(state.staffAudit).toEqual([{ action: 'refund', ...system }]);
    // The customer's Activity view: one line, by enQ billing, saying why.
    expect(state.activity.map((row) => activityEntry(row))).toEqual([
      expect.objectContaining({ who: 'enQ billing', what: 'Refunded a payment', kind: 'subscription' }),
    ]);
    expect(state.activity[0]!.after).toMatchObject({
      credit_note: creditNote,
      reason: PLAN_TEXT.lateUpgradeReason,
    });
    expect(state.emails).toEqual([
      {
        to: late.admin.email,
        subject: REFUND_EMAIL.subject(creditNote),
        text: REFUND_EMAIL.body(
          'Alex Admin',
          late.total,
          creditNote,
          late.invoice.number,
          PLAN_TEXT.lateUpgradeReason,
        ),
      },
    ]);
    expect(state.emails[0]!.text).toContain('so the plan was not upgraded');
  }

  it('PLAN-13 two confirmations at once after the close: nothing is upgraded, the card is refunded once, the invoice stays as issued', async () => {
    const late = await lateUpgrade();
    const refundsBefore = world.sandbox.store.refunds.size;
    const answers = await Promise.allSettled([late.confirm(), late.confirm()]);
    const creditNote = `${late.invoice.number}-CN1`;
    const said = answers.map((a) =>
      a.status === 'rejected'
        ? { kind: (a.reason as DomainError).kind, message: (a.reason as DomainError).message }
        : a,
    );
    expect(said).toEqual(
      [0, 1].map(() => ({ kind: 'conflict', message: PLAN_TEXT.lateUpgradeRefunded(creditNote) })),
    );
    expect(world.sandbox.store.refunds.size).toBe(refundsBefore + 1);
    expect([...world.sandbox.store.refunds.values()].at(-1)).toMatchObject({ amountCents: late.total });
    expectRefundedOnce(await outcome(late.accountId, late.invoice.id), late);
    expect(await issued(late.accountId, late.invoice.id)).toEqual(late.asIssued);

    // Later runs of the job and a third confirmation change nothing.
    expect(await recoverPendingRefunds(refundDeps())).toBe(0);
    await expect(late.confirm()).rejects.toMatchObject({
      kind: 'conflict',
      message: PLAN_TEXT.lateUpgradeRefunded(creditNote),
    });
    expect(world.sandbox.store.refunds.size).toBe(refundsBefore + 1);
    expectRefundedOnce(await outcome(late.accountId, late.invoice.id), late);
    expect(await issued(late.accountId, late.invoice.id)).toEqual(late.asIssued);
  });

  it('PLAN-13 confirmed by the reconciliation job, its refund cut off after the provider: the job finishes it once, as enQ billing', async () => {
    const late = await lateUpgrade();
    const refundsBefore = world.sandbox.store.refunds.size;
    const payments = billing().engine(world.database).payments;
    // The job, twice at once (two processes' schedules): the payment is recorded once.
    await Promise.all([payments.reconcile(), payments.reconcile()]);
    const lost = Object.assign(Object.create(world.sandbox) as PaymentProvider, {
      refund: async (request: Parameters<PaymentProvider['refund']>[0]) => {
        await world.sandbox.refund(request);
        throw new Error('socket hang up');
      },
    });
    // The job's refund of it is made by the provider, but the answer is lost before our write.
    expect(await recoverPendingRefunds(refundDeps(lost))).toBe(0);
    expect(world.sandbox.store.refunds.size).toBe(refundsBefore + 1);
    const pending = await outcome(late.accountId, late.invoice.id);
    expect(pending.attempts).toMatchObject([{ status: 'pending', staff_role: 'system' }]);
    expect(pending.creditNotes).toEqual([]);
    expect(pending.invoiceStatus).toBe('paid');
    // The next runs (twice at once) ask again under the same key and write the credit note once.
    const finished = await Promise.all([
      recoverPendingRefunds(refundDeps()),
      recoverPendingRefunds(refundDeps()),
    ]);
    expect(finished.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(world.sandbox.store.refunds.size).toBe(refundsBefore + 1);
    expectRefundedOnce(await outcome(late.accountId, late.invoice.id), late);
    expect(await issued(late.accountId, late.invoice.id)).toEqual(late.asIssued);
  });

  it('PLAN-13 a late confirmation whose refund fails now is told the refund is on its way, and the cause is logged', async () => {
    const late = await lateUpgrade();
    await billing().engine(world.database).payments.reconcile();
    const down = Object.assign(Object.create(world.sandbox) as PaymentProvider, {
      refund: () => Promise.reject(new Error('card processor unreachable')),
    });
    const warnings: { obj: object; msg?: string }[] = [];
    const log = {
      warn: (obj: object, msg?: string) => void warnings.push({ obj, msg }),
    } as RefundDeps['log'];
    await expect(
      refuseLateUpgrade({ ...refundDeps(down), log }, late.accountId, late.invoice.id),
    ).rejects.toMatchObject({ kind: 'conflict', message: PLAN_TEXT.lateUpgradeRefunding });
    expect(warnings).toEqual([
      {
        msg: 'refund outcome unknown',
        obj: expect.objectContaining({
          err: expect.objectContaining({ message: 'card processor unreachable' }),
        }),
      },
      {
        msg: 'late upgrade refund not made now; left to reconciliation',
        obj: expect.objectContaining({
          accountId: late.accountId,
          invoiceId: late.invoice.id,
          err: expect.objectContaining({ message: ACCOUNT_ACTION_TEXT.refundPending }),
        }),
      },
    ]);
    // Nothing was refunded: the stored attempt waits for the reconciliation job.
    const state = await outcome(late.accountId, late.invoice.id);
    expect(state.creditNotes).toEqual([]);
    expect(state.invoiceStatus).toBe('paid');
  });
});
