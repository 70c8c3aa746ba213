import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRefundAttempt } from '../../../src/domain/billing-engine/refund-attempts-repository';
import { sandboxObjects } from '../../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { demoCardEvents } from './event-harness';

/**
 * What Stripe sends an account most (a paid intent's outcome heard after the payment's answer, card
 * updates, expiry notices, refunds already recorded, types the portal ignores) costs the webhook one statement each where one statement is atomic enough, and a
 * transaction only where an effect must be decided under a lock (bench:billing's webhook part measures
 * these against bare inserts).
 */
describe.each(drivers)("the provider's events, statements per event (%s)", (driver) => {
  let ctx: TestContext;
  let h: Awaited<ReturnType<typeof demoCardEvents>>;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    h = await demoCardEvents(ctx);
  });
  afterAll(() => ctx?.close());

  it('a card update is kept and applied by one statement, a late one and a second delivery by one changing nothing', async () => {
    const newest = h.event('payment_method.automatically_updated', h.card(2037, '1881'), now);
    expect(await h.receive(newest)).toEqual({ outcome: 'applied', statements: 1, transactions: 0 });
    expect(
      await h.receive(h.event('payment_method.automatically_updated', h.card(2036, '0005'), now - 60)),
    ).toEqual({ outcome: 'no-change', statements: 1, transactions: 0 });
    expect(await h.receive(newest)).toEqual({ outcome: 'duplicate', statements: 1, transactions: 0 });
    expect(
      await ctx.database.query('select last4, exp_month, exp_year from payment_methods where id = $1', [
        h.methodId,
      ]),
    ).toEqual([{ last4: '1881', exp_month: 9, exp_year: 2037 }]);
  });

  it('an expiry notice that emails no one is kept by one statement; the one that emails, once, in a transaction', async () => {
    const before = await h.emails();
    // Not the card's expiry (09/2037 since the update above): kept, nothing else read or written.
    expect(await h.receive(h.event('customer.source.expiring', h.notice(2031), now))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
    const due = await h.receive(h.event('customer.source.expiring', h.notice(2037), now));
    expect(due).toMatchObject({ outcome: 'applied', transactions: 1 });
    // Sent again as a new event: emailed already, one statement.
    expect(await h.receive(h.event('customer.source.expiring', h.notice(2037), now + 1))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
    expect(await h.emails()).toBe(before + 1);
  });

  it('a type the portal ignores is one statement, and so is a refund already recorded', async () => {
    expect(
      await h.receive(h.event('customer.updated', { id: 'cus_count', object: 'customer' }, now)),
    ).toEqual({ outcome: 'ignored', statements: 1, transactions: 0 });
    const charge = sandboxObjects.charge({
      id: 'ch_count_recorded',
      intentId: 'pi_count_recorded',
      attemptId: h.paidPayment,
      amountCents: 1000,
      refundedCents: 0,
    });
    // The credit notes reach Stripe's total (none, here) and no refund is pending: one statement.
    expect(await h.receive(h.event('charge.refunded', charge, now))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
  });

  it("a PaymentIntent's outcome for an attempt already settled (every Pay now's own payment_intent.succeeded, heard after its answer) is one statement", async () => {
    const intent = (status: 'succeeded' | 'requires_action') =>
      sandboxObjects.paymentIntent({
        id: 'pi_count_settled',
        attemptId: h.paidPayment,
        amountCents: 1000,
        status,
      });
    for (const [type, status] of [
      ['payment_intent.succeeded', 'succeeded'],
      ['payment_intent.requires_action', 'requires_action'],
    ] as const)
      expect(await h.receive(h.event(type, intent(status), now))).toEqual({
        outcome: 'no-change',
        statements: 1,
        transactions: 0,
      });
    // About no attempt of ours: decided under the lock as before (nothing to keep it by at once).
    const stranger = sandboxObjects.paymentIntent({
      id: 'pi_count_unknown',
      attemptId: 'pay_unknown',
      amountCents: 1000,
      status: 'succeeded',
    });
    expect(await h.receive(h.event('payment_intent.succeeded', stranger, now))).toMatchObject({
      outcome: 'unmatched',
      transactions: 1,
    });
  });

  it("a refund made in Stripe's dashboard, and one while a console refund is pending, are decided under the invoice's lock", async () => {
    const [paid] = await ctx.database.query<{ invoice_id: string; account_id: string; amount_cents: number }>(
      'select invoice_id, account_id, amount_cents from payments where id = $1',
      [h.paidPayment],
    );
    const charge = (refundedCents: number) =>
      sandboxObjects.charge({
        id: 'ch_count_dashboard',
        intentId: 'pi_count_dashboard',
        attemptId: h.paidPayment,
        amountCents: paid!.amount_cents,
        refundedCents,
      });
    const notes = async () =>
      (
        await ctx.database.query<{ amount_cents: number }>(
          'select amount_cents from refunds where invoice_id = $1 order by number',
          [paid!.invoice_id],
        )
      ).map((r) => r.amount_cents);
    // $1.00 refunded in the dashboard: a credit note, in a transaction.
    expect(await h.receive(h.event('charge.refunded', charge(100), now))).toMatchObject({
      outcome: 'applied',
      transactions: 1,
    });
    // Told again as a new event: the credit note covers it, one statement.
    expect(await h.receive(h.event('charge.refunded', charge(100), now + 1))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
    // A console refund of $2.00 asked of Stripe and not yet recorded: Stripe's total of $3.00 counts it.
    // Whether it is covered depends on that refund's outcome, so after the one statement that finds it
    // pending, the invoice's lock is taken: the payment found with it, the sums read once it is held,
    // the event kept.
    await insertRefundAttempt(ctx.database, {
      id: randomUUID(),
      accountId: paid!.account_id,
      invoiceId: paid!.invoice_id,
      paymentId: h.paidPayment,
      amountCents: 200,
      requestKey: 'statements-pending-refund',
      staff: { personId: null, email: null, role: 'system' },
      reason: 'Pending while Stripe answers',
    });
    expect(await h.receive(h.event('charge.refunded', charge(300), now + 2))).toEqual({
      outcome: 'no-change',
      statements: 4,
      transactions: 1,
    });
    expect(await notes()).toEqual([100]);
  });
});
