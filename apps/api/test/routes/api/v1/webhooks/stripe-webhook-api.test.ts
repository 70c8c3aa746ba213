import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  CARD_EXPIRING_EMAIL,
  DASHBOARD_REFUND_REASON,
  IDEMPOTENCY_KEY_HEADER,
  STRIPE_SIGNATURE_HEADER,
  STRIPE_WEBHOOK_PATH,
} from '@enq/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../../../../../src/config';
import { DEMO_ADMIN } from '../../../../../src/db/seed/demo-account';
import { sandboxObjects, type SandboxEvents } from '../../../../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { waitFor } from '../../../../helpers/portal-database';
import { startSmtp, type LocalSmtp } from '../../../../helpers/smtp-server';
import { customerToken, staffToken } from '../../../../helpers/staff';

const post = (ctx: TestContext, body: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [STRIPE_SIGNATURE_HEADER]: signature } : {}),
    },
    payload: body,
  });

describe.each(drivers)("Stripe's events through the webhook (%s)", (driver) => {
  let ctx: TestContext;
  let events: SandboxEvents;
  let accountId: string;
  let customer: string;
  let finance: string;
  let smtp: LocalSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // A charge's answer may take 4 s: long enough for an event to come before the request answers.
    ctx = await createTestApp(driver, {
      PAYMENT_TIMEOUT_SECONDS: '4',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'enQ Billing <billing@enq.test>',
      JOB_POLL_SECONDS: '0.5',
    });
    events = ctx.app.sandboxEvents!;
    ({ token: customer, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
    finance = (await staffToken(ctx.database, 'finance')).token;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const rows = <T>(sql: string, params: unknown[] = []) => ctx.database.query<T>(sql, params);
  const paidPayment = async () => {
    const [row] = await rows<{
      id: string;
      invoice_id: string;
      provider_payment_id: string;
      amount_cents: number;
    }>(
      `select p.id, p.invoice_id, p.provider_payment_id, p.amount_cents from payments p
         join invoices i on i.id = p.invoice_id and i.account_id = p.account_id
        where p.account_id = $1 and p.status = 'succeeded' and i.status = 'paid' and p.amount_cents > 1000
          and not exists (select 1 from refunds r where r.invoice_id = p.invoice_id)
          and not exists (select 1 from invoice_disputes d where d.invoice_id = p.invoice_id)
        order by p.created_at desc limit 1`,
      [accountId],
    );
    return row!;
  };

  it('takes an event signed by the stripe package with the secret, and refuses a bad, missing or old signature with 400', async () => {
    const event = events.event('customer.created', { id: 'cus_sbx_1', object: 'customer' });
    const body = JSON.stringify(event);
    const sign = (secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
    const old = Math.floor(Date.now() / 1000) - Stripe.webhooks.DEFAULT_TOLERANCE - 60;
    const refused = [
      await post(ctx, body),
      await post(ctx, body, sign('whsec_not_the_portals_secret')),
      await post(ctx, body, sign(DEV_WEBHOOK_SECRET, old)),
      await post(ctx, body.replace('cus_sbx_1', 'cus_sbx_2'), sign(DEV_WEBHOOK_SECRET)),
      await post(
        ctx,
        'not json',
        Stripe.webhooks.generateTestHeaderString({ payload: 'not json', secret: DEV_WEBHOOK_SECRET }),
      ),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(await rows('select id from provider_events where id = $1', [event.id])).toEqual([]);
    const taken = await post(ctx, body, sign(DEV_WEBHOOK_SECRET));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ received: true, duplicate: false });
    // An unknown type is kept, once, and changes nothing.
    expect((await post(ctx, body, sign(DEV_WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect(await rows('select type, outcome from provider_events where id = $1', [event.id])).toEqual([
      { type: 'customer.created', outcome: 'ignored' },
    ]);
  });

  it('payment_intent.succeeded before the request answers pays the invoice once, with one receipt, whatever comes after', async () => {
    // Pay now's own case: out of collection, the new card does not try the open invoice first.
    await rows('delete from payment_collections where account_id = $1', [accountId]);
    // The sandbox's own events for this charge are held back (late, as asked): the ones sent below by
    // hand, in the order this test chooses, are the ones that decide.
    events.delivery = { lateMs: 600_000 };
    const card = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/billing/change-card`,
      headers: { authorization: `Bearer ${customer}`, [IDEMPOTENCY_KEY_HEADER]: 'card-no-answer' },
      payload: { pm_id: 'pm_card_sandboxNoAnswer' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const [open] = await rows<{ id: string }>(
      "select id from invoices where account_id = $1 and status = 'open' order by issued_at desc limit 1",
      [accountId],
    );
    const receipts = () =>
      rows("select id from outbox where account_id = $1 and kind like '%receipt%'", [accountId]);
    const receiptsBefore = (await receipts()).length;
    // Pay now: the sandbox makes the charge and its answer never comes (card …0408).
    const paying = ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/invoices/pay/`,
      headers: { authorization: `Bearer ${customer}`, [IDEMPOTENCY_KEY_HEADER]: 'pay-before-event' },
      payload: { invoice_id: open!.id },
    });
    // The attempt is written before the provider is asked: wait for the provider's record of the charge.
    let attempt: { id: string; amount_cents: number } | undefined;
    let charge: { id: string } | undefined;
    await waitFor('the provider to record the charge', 10_000, async () => {
      [attempt] = await rows<{ id: string; amount_cents: number }>(
        "select id, amount_cents from payments where invoice_id = $1 and status = 'pending'",
        [open!.id],
      );
      if (attempt)
        [charge] = await rows<{ id: string }>('select id from sandbox_charges where attempt_id = $1', [
          attempt.id,
        ]);
      return charge !== undefined;
    });
    const intent = (status: 'succeeded' | 'requires_payment_method') =>
      sandboxObjects.paymentIntent({
        id: charge!.id,
        attemptId: attempt!.id,
        amountCents: attempt!.amount_cents,
        status,
        ...(status === 'succeeded'
          ? {}
          : { error: { code: 'card_declined', message: 'Your card was declined.' } }),
      });
    const now = Math.floor(Date.now() / 1000);
    const sent = [
      events.event('payment_intent.requires_action', intent('succeeded'), now - 2),
      events.event('payment_intent.succeeded', intent('succeeded'), now - 1),
      events.event('payment_intent.payment_failed', intent('requires_payment_method'), now),
    ];
    // In order the first decides; twice and reversed, a failure comes first: each is kept once.
    expect(await events.send(sent.slice(0, 2), { twice: true })).toEqual([200, 200, 200, 200]);
    expect(await events.send(sent, { twice: true, outOfOrder: true })).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    const payments = await rows<{ status: string; provider_payment_id: string }>(
      "select status, provider_payment_id from payments where invoice_id = $1 and status <> 'failed'",
      [open!.id],
    );
    expect(payments).toEqual([{ status: 'succeeded', provider_payment_id: charge!.id }]);
    expect(await rows('select status from invoices where id = $1', [open!.id])).toEqual([{ status: 'paid' }]);
    expect((await receipts()).length).toBe(receiptsBefore + 1);
    expect(
      await rows('select type, outcome from provider_events where object_id = $1 order by created', [
        charge!.id,
      ]),
    ).toEqual([
      { type: 'payment_intent.requires_action', outcome: 'no-change' },
      { type: 'payment_intent.succeeded', outcome: 'applied' },
      { type: 'payment_intent.payment_failed', outcome: 'no-change' },
    ]);
    // The request's own answer never came: it answers pending, and changes nothing either.
    expect((await paying).statusCode).toBeLessThan(500);
    expect((await receipts()).length).toBe(receiptsBefore + 1);
    // The sandbox's own, sent now, late: kept, and nothing changes.
    events.delivery = {};
    await events.deliverDue();
    expect((await receipts()).length).toBe(receiptsBefore + 1);
    expect(
      await rows("select status from payments where invoice_id = $1 and status = 'succeeded'", [open!.id]),
    ).toHaveLength(1);
  }, 30_000);

  it("charge.refunded from Stripe's dashboard issues one credit note, twice and out of order, and a portal refund is not recorded twice", async () => {
    const payment = await paidPayment();
    const chargeId = `ch_sbx_${payment.id}`;
    const charge = (refundedCents: number) =>
      sandboxObjects.charge({
        id: chargeId,
        intentId: payment.provider_payment_id,
        attemptId: payment.id,
        amountCents: payment.amount_cents,
        refundedCents,
      });
    const now = Math.floor(Date.now() / 1000);
    const first = events.event('charge.refunded', charge(200), now - 1);
    const second = events.event('charge.refunded', charge(500), now);
    expect(await events.send([first, second], { twice: true, outOfOrder: true })).toEqual([
      200, 200, 200, 200,
    ]);
    const notes = () =>
      rows<{ amount_cents: number; reason: string }>(
        'select amount_cents, reason from refunds where invoice_id = $1 order by created_at, number',
        [payment.invoice_id],
      );
    expect(await notes()).toEqual([{ amount_cents: 500, reason: DASHBOARD_REFUND_REASON }]);
    expect(
      await rows("select kind from outbox where account_id = $1 and kind = 'provider-refund-credit-note'", [
        accountId,
      ]),
    ).toHaveLength(1);
    // The console refunds $1.00; Stripe's next event counts it in its total: no second credit note for it.
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}/accounts/${accountId}/refunds`,
      headers: { authorization: `Bearer ${finance}`, [IDEMPOTENCY_KEY_HEADER]: 'console-refund-1' },
      payload: { invoice_id: payment.invoice_id, amount_cents: 100, reason: 'Goodwill, ticket 12' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await events.send([events.event('charge.refunded', charge(600))], { twice: true })).toEqual([
      200, 200,
    ]);
    expect((await notes()).map((n) => n.amount_cents)).toEqual([500, 100]);
  });

  it('a dispute marks the invoice disputed in the console, and a lost one stays lost when its events come twice and out of order', async () => {
    const payment = await paidPayment();
    const now = Math.floor(Date.now() / 1000);
    const dispute = (status: string) =>
      sandboxObjects.dispute({
        id: `dp_sbx_${payment.id}`,
        chargeId: `ch_sbx_${payment.id}`,
        intentId: payment.provider_payment_id,
        amountCents: payment.amount_cents,
        status,
        created: now - 10,
      });
    const sent = [
      events.event('charge.dispute.created', dispute('needs_response'), now - 10),
      events.event('charge.dispute.closed', dispute('lost'), now),
    ];
    expect(await events.send(sent, { twice: true, outOfOrder: true })).toEqual([200, 200, 200, 200]);
    const page = await ctx.app.inject({
      url: `${API_ADMIN_BASE}/accounts/${accountId}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    const invoice = (page.json().invoices as { id: string; dispute: unknown }[]).find(
      (i) => i.id === payment.invoice_id,
    );
    expect(invoice?.dispute).toMatchObject({
      id: `dp_sbx_${payment.id}`,
      status: 'lost',
      amount: payment.amount_cents / 100,
      reason: 'fraudulent',
    });
    expect(
      await rows(
        'select status, closed_at is not null as closed from invoice_disputes where invoice_id = $1',
        [payment.invoice_id],
      ),
    ).toEqual([{ status: 'lost', closed: true }]);
  });

  it("takes the network's card update (the newest event wins) and emails an expiring card once", async () => {
    const [method] = await rows<{ id: string }>(
      'select id from payment_methods where account_id = $1 and is_default order by created_at desc limit 1',
      [accountId],
    );
    const id = method!.id;
    const now = Math.floor(Date.now() / 1000);
    const updated = (last4: string, expYear: number, created: number) =>
      events.event(
        'payment_method.automatically_updated',
        sandboxObjects.paymentMethod({ id, brand: 'visa', last4, expMonth: 8, expYear }),
        created,
      );
    const sent = [updated('1111', 2030, now - 5), updated('4444', 2031, now)];
    expect(await events.send(sent, { twice: true, outOfOrder: true })).toEqual([200, 200, 200, 200]);
    expect(
      await rows('select brand, last4, exp_month, exp_year from payment_methods where id = $1', [id]),
    ).toEqual([{ brand: 'visa', last4: '4444', exp_month: 8, exp_year: 2031 }]);
    const expiring = () =>
      events.event(
        'customer.source.expiring',
        sandboxObjects.card({ id, brand: 'visa', last4: '4444', expMonth: 8, expYear: 2031 }),
      );
    // Stripe's notice, delivered twice, and sent again as a new event: one email.
    expect(await events.send([expiring(), expiring()], { twice: true })).toEqual([200, 200, 200, 200]);
    const kept = () =>
      rows<{ status: string }>('select status from outbox where account_id = $1 and kind = $2', [
        accountId,
        'card-expiring',
      ]);
    expect(await kept()).toHaveLength(1);
    // Sent through SMTP at once (the event woke the delivery job), and read back as a mail client would.
    await waitFor('the expiring-card email sent', 30_000, async () => (await kept())[0]?.status === 'sent');
    const mails = smtp.received.filter((m) => m.subject === CARD_EXPIRING_EMAIL.subject);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe(DEMO_ADMIN.email);
    expect(mail.text).toContain(
      'The Visa card ending in 4444 that pays your enQ invoices expires at the end of 08/2031.',
    );
  });

  it("never counts a signed event against the endpoint's limit, and refuses unsigned requests with 429 past it", async () => {
    // A period close of more accounts than the limit sends Stripe's events faster than 600 a minute:
    // every signed one is taken (ignored types here, each kept once).
    const signed = Array.from({ length: 601 }, (_, i) =>
      events.event('customer.created', { id: `cus_sbx_burst_${i}`, object: 'customer' }),
    );
    const statuses = await events.send(signed);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const [kept] = await rows<{ n: number }>(
      `select count(*)::int as n from provider_events where object_id like 'cus_sbx_burst_%'`,
    );
    expect(kept!.n).toBe(601);
    // A flood without a signature: 400 each, until the limit answers 429 before any SQL.
    const body = JSON.stringify(signed[0]);
    const unsigned: number[] = [];
    for (let i = 0; i < 601; i++) unsigned.push((await post(ctx, body)).statusCode);
    expect(new Set(unsigned)).toEqual(new Set([400, 429]));
    expect(unsigned.at(-1)).toBe(429);
    expect(unsigned.indexOf(429)).toBeGreaterThan(590);
    // The limit reached, Stripe's signed events still come in.
    const after = events.event('customer.created', { id: 'cus_sbx_after_limit', object: 'customer' });
    expect(await events.send([after])).toEqual([200]);
  });
});
