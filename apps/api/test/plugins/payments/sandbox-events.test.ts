import { API_ACCOUNT_BASE, API_ADMIN_BASE, CARD_EXPIRING_EMAIL, IDEMPOTENCY_KEY_HEADER } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { SandboxPaymentProvider } from '../../../src/plugins/payments/sandbox';
import { createTestApp, drivers, type Driver, type TestContext } from '../../helpers/app';
import { waitFor } from '../../helpers/portal-database';
import { customerToken, staffToken } from '../../helpers/staff';

/** A test app of its own (a copy of the seeded database), with the helpers the tests below share. */
function portal(driver: Driver) {
  let ctx: TestContext;
  let customer: string;
  let finance: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { JOB_POLL_SECONDS: '0.5' });
    ({ token: customer, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
    finance = (await staffToken(ctx.database, 'finance')).token;
    // The demo's declined invoice is in collection, and a new card would pay it at once: here it waits
    // for the Pay now each case makes.
    await ctx.database.query('delete from payment_collections where account_id = $1', [accountId]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rows = <T>(sql: string, params: unknown[] = []) => ctx.database.query<T>(sql, params);
  const asCustomer = (url: string, key: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${url}`,
      headers: { authorization: `Bearer ${customer}`, [IDEMPOTENCY_KEY_HEADER]: key },
      payload,
    });
  /** Every event the sandbox kept has been answered 2xx by the webhook. */
  const allDelivered = () =>
    waitFor('the sandbox events delivered', 20_000, async () => {
      const [left] = await rows<{ n: number }>(
        'select count(*)::int as n from sandbox_events where delivered_at is null',
      );
      return left!.n === 0;
    });
  const consoleInvoice = async (invoiceId: string) => {
    const page = await ctx.app.inject({
      url: `${API_ADMIN_BASE}/accounts/${accountId}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    return (page.json().invoices as { id: string; status: string; dispute: unknown }[]).find(
      (i) => i.id === invoiceId,
    );
  };

  const openInvoice = async () => {
    const [open] = await rows<{ id: string }>(
      "select id from invoices where account_id = $1 and status = 'open' order by issued_at desc limit 1",
      [accountId],
    );
    return open!.id;
  };
  return {
    ctx: () => ctx,
    accountId: () => accountId,
    finance: () => finance,
    rows,
    asCustomer,
    allDelivered,
    consoleInvoice,
    openInvoice,
  };
}

/**
 * The sandbox plays Stripe's part for events: after its own charges, refunds and saved cards it sends
 * the events Stripe would, signed, to the portal's own webhook, after the answer and from its store (so
 * a process that dies before sending has them sent by the next). Nothing here posts an event by hand.
 */
describe.each(drivers)("the sandbox's own events reach the webhook (%s)", (driver) => {
  describe('a disputed card, an expiring card, a late event', () => {
    const { ctx, accountId, finance, rows, asCustomer, allDelivered, consoleInvoice, openInvoice } =
      portal(driver);

    it('card 4000 0000 0000 0259: paid, then disputed as fraudulent and lost; delivered twice and out of order, the loss is recorded once', async () => {
      expect(ctx().app.payments as SandboxPaymentProvider).toBeInstanceOf(SandboxPaymentProvider);
      const events = ctx().app.sandboxEvents!;
      const card = await asCustomer('/billing/change-card', 'card-0259', { pm_id: 'pm_card_createDispute' });
      expect(card.statusCode, card.body).toBe(200);
      await allDelivered();
      const open = { id: await openInvoice() };
      // Held back while Pay now runs, then sent at once: all three, each twice, newest first.
      events.delivery = { lateMs: 600_000 };
      const paid = await asCustomer('/invoices/pay/', 'pay-0259', { invoice_id: open!.id });
      expect(paid.statusCode, paid.body).toBe(200);
      const [payment] = await rows<{ id: string; provider_payment_id: string; amount_cents: number }>(
        "select id, provider_payment_id, amount_cents from payments where invoice_id = $1 and status = 'succeeded'",
        [open!.id],
      );
      const kept = await rows<{ type: string }>(
        'select type from sandbox_events where delivered_at is null order by seq',
      );
      expect(kept.map((e) => e.type)).toEqual([
        'payment_intent.succeeded',
        'charge.dispute.created',
        'charge.dispute.closed',
      ]);
      // The dispute's events are due a second and two after the charge, as Stripe's come after it.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      events.delivery = { twice: true, outOfOrder: true };
      expect(await events.deliverDue()).toBe(3);
      events.delivery = {};
      expect(
        await rows(
          `select type, outcome from provider_events
          where payload #>> '{data,object,payment_intent}' = $1 or object_id = $1 order by received_at`,
          [payment!.provider_payment_id],
        ),
      ).toEqual([
        { type: 'charge.dispute.closed', outcome: 'applied' },
        { type: 'charge.dispute.created', outcome: 'no-change' },
        { type: 'payment_intent.succeeded', outcome: 'no-change' },
      ]);
      expect(
        await rows('select payment_id, amount_cents from dispute_losses where invoice_id = $1', [open!.id]),
      ).toEqual([{ payment_id: payment!.id, amount_cents: payment!.amount_cents }]);
      expect(await consoleInvoice(open!.id)).toMatchObject({
        status: 'paid',
        dispute: { status: 'lost', amount: payment!.amount_cents / 100, reason: 'fraudulent' },
      });
      // The bank took the money back: the console offers none of it for a refund.
      const actions = await ctx().app.inject({
        url: `${API_ADMIN_BASE}/accounts/${accountId()}/refundable-invoices`,
        headers: { authorization: `Bearer ${finance()}` },
      });
      expect(
        (actions.json().invoices as { id: string; refundable_cents: number }[]).find(
          (i) => i.id === open!.id,
        ),
      ).toMatchObject({ refundable_cents: 0 });
      // Sent again, in order this time, as Stripe may days later: nothing changes.
      await ctx().database.query('update sandbox_events set delivered_at = null, lease_until = null');
      await events.deliverDue();
      expect(await rows('select dispute_id from dispute_losses')).toHaveLength(1);
    }, 40_000);

    it('an expiring card notice, asked of the sandbox, emails the account holder once', async () => {
      const [method] = await rows<{ id: string }>(
        'select id from payment_methods where account_id = $1 and is_default order by created_at desc limit 1',
        [accountId()],
      );
      await (ctx().app.payments as SandboxPaymentProvider).cardExpiring(method!.id);
      await (ctx().app.payments as SandboxPaymentProvider).cardExpiring(method!.id);
      await ctx().app.sandboxEvents!.deliverDue();
      expect(
        await rows('select subject, "to" from outbox where account_id = $1 and kind = $2', [
          accountId(),
          'card-expiring',
        ]),
      ).toEqual([{ subject: CARD_EXPIRING_EMAIL.subject, to: DEMO_ADMIN.email }]);
    });

    it('events kept when no process sent them (a crash after the sandbox answered) are sent by the next', async () => {
      const events = ctx().app.sandboxEvents!;
      events.delivery = { lateMs: 60_000 };
      const card = await asCustomer('/billing/change-card', 'card-late', { pm_id: 'pm_card_mastercard' });
      expect(card.statusCode, card.body).toBe(200);
      expect(await events.deliverDue()).toBe(0);
      const [kept] = await rows<{ n: number }>(
        "select count(*)::int as n from sandbox_events where delivered_at is null and type = 'setup_intent.succeeded'",
      );
      expect(kept!.n).toBe(1);
      events.delivery = {};
      await allDelivered();
      expect(
        await rows(
          "select outcome from provider_events where type = 'setup_intent.succeeded' order by received_at",
        ),
      ).toContainEqual({ outcome: 'no-change' });
    }, 40_000);
  });

  describe('a refund', () => {
    const { ctx, accountId, finance, rows, asCustomer, allDelivered, openInvoice } = portal(driver);

    it("a console refund's charge.refunded comes from the sandbox, and the ledger keeps the one credit note", async () => {
      // The demo's history was charged by a sandbox of the seed's own: this server's pays the open invoice.
      const card = await asCustomer('/billing/change-card', 'card-visa', { pm_id: 'pm_card_visa' });
      expect(card.statusCode, card.body).toBe(200);
      const invoiceId = await openInvoice();
      const paid = await asCustomer('/invoices/pay/', 'pay-visa', { invoice_id: invoiceId });
      expect(paid.statusCode, paid.body).toBe(200);
      await allDelivered();
      const refund = await ctx().app.inject({
        method: 'POST',
        url: `${API_ADMIN_BASE}/accounts/${accountId()}/refunds`,
        headers: { authorization: `Bearer ${finance()}`, [IDEMPOTENCY_KEY_HEADER]: 'sandbox-refund-1' },
        payload: { invoice_id: invoiceId, amount_cents: 150, reason: 'Goodwill, ticket 7' },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      await allDelivered();
      const [event] = await rows<{ outcome: string; refunded: string }>(
        `select outcome, payload #>> '{data,object,amount_refunded}' as refunded from provider_events
        where type = 'charge.refunded' order by received_at desc limit 1`,
      );
      expect(event).toEqual({ outcome: 'no-change', refunded: '150' });
      expect(
        await rows('select amount_cents, reason from refunds where invoice_id = $1', [invoiceId]),
      ).toEqual([{ amount_cents: 150, reason: 'Goodwill, ticket 7' }]);
    }, 40_000);
  });
});
