import {
  API_ACCOUNT_BASE,
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_TEXT,
  SANDBOX_AUTHENTICATE_PATH,
  SANDBOX_PAYMENT_METHODS_PATH,
  payLinkPath,
} from '@enq/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { customerToken } from '../../../../helpers/staff';

/**
 * The sandbox's bank page (docs/billing.md, "Strong customer authentication") answers a charge that
 * waited for the cardholder, and sends the intent's outcome to the portal's webhook as Stripe does:
 * the invoice is paid once whether the page's return (Pay now again) or the event comes first.
 */
describe.each(drivers)("the bank page's answer, sent as Stripe's event (%s)", (driver) => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  /** The demo account with 4000 0025 0000 3155 saved (its bank asks at the page), and its open invoice. */
  async function setUp() {
    ctx = await createTestApp(driver);
    const app = ctx.app;
    const { token, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email);
    const call = (path: string, payload?: object, key?: string) =>
      app.inject({
        method: payload ? 'POST' : 'GET',
        url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
        headers: { authorization: `Bearer ${token}`, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
        ...(payload ? { payload } : {}),
      });
    const bank = async (clientSecret: string, returnPath: string, outcome: 'complete' | 'fail') => {
      const answered = await app.inject({
        method: 'POST',
        url: SANDBOX_AUTHENTICATE_PATH,
        headers: { origin: new URL(app.config.publicUrl).origin },
        payload: { client_secret: clientSecret, return_url: returnPath, outcome },
      });
      expect(answered.statusCode, answered.body).toBe(303);
    };
    // Out of collection: the new card is not tried on the open invoice at once (off session).
    await ctx.database.query('delete from payment_collections where account_id = $1', [accountId]);
    const made = await call(SANDBOX_PAYMENT_METHODS_PATH, {
      number: '4000002500003155',
      exp_month: 10,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    const pmId = made.json().pm_id as string;
    const asked = await call('/billing/change-card', { pm_id: pmId });
    expect(asked.statusCode, asked.body).toBe(202);
    await bank(asked.json().client_secret, '/billing?save_card=1', 'complete');
    expect((await call('/billing/change-card', { pm_id: pmId })).statusCode).toBe(200);
    const [open] = await ctx.database.query<{ id: string; number: string }>(
      "select id, number from invoices where account_id = $1 and status = 'open'",
      [accountId],
    );
    const db = ctx.database;
    // The save's own event (setup_intent.succeeded) is sent before what each test holds back.
    await app.sandboxEvents!.deliverDue();
    // The demo invoice's earlier attempts (declined at its period's close) are not this test's.
    const [{ attempts }] = (await db.query<{ attempts: number }>(
      'select count(*)::int as attempts from payments where invoice_id = $1',
      [open!.id],
    )) as [{ attempts: number }];
    return {
      events: app.sandboxEvents!,
      invoiceId: open!.id,
      pay: (key: string) => call('/invoices/pay/', { invoice_id: open!.id }, key),
      bank: (secret: string, outcome: 'complete' | 'fail') => bank(secret, payLinkPath(open!.id), outcome),
      /** The portal's record: attempts, the invoice, its receipts and the provider's events about it. */
      ledger: async () => ({
        payments: (
          await db.query<{ status: string; failure_code: string | null }>(
            'select status, failure_code from payments where invoice_id = $1 order by attempt',
            [open!.id],
          )
        )
          .slice(attempts)
          .map((p) => `${p.status}${p.failure_code ? ` ${p.failure_code}` : ''}`),
        invoice: (
          await db.query<{ status: string }>('select status from invoices where id = $1', [open!.id])
        )[0]!.status,
        receipts: (
          await db.query(
            `select 1 from outbox where account_id = $1 and kind = 'invoice-receipt' and subject like $2`,
            [accountId, `%${open!.number}%`],
          )
        ).length,
        charges: (
          await db.query<{ status: string }>(
            `select c.status from sandbox_charges c join payments p on p.id = c.attempt_id
              where p.invoice_id = $1 order by c.created_at`,
            [open!.id],
          )
        ).map((c) => c.status),
        events: await db.query<{ type: string; outcome: string }>(
          `select e.type, e.outcome from provider_events e
             join payments p on p.provider_payment_id = e.object_id
            where p.invoice_id = $1 and e.type in ('payment_intent.succeeded', 'payment_intent.payment_failed') order by e.received_at, e.id`,
          [open!.id],
        ),
      }),
    };
  }

  const PAID_ONCE = {
    payments: ['succeeded'],
    invoice: 'paid',
    receipts: 1,
    charges: ['succeeded'],
  };

  it('the event comes first: payment_intent.succeeded pays the invoice, and the page coming back finds it paid', async () => {
    const { events, pay, bank, ledger } = await setUp();
    const asked = await pay('event-first-1');
    expect(asked.statusCode, asked.body).toBe(202);
    await bank(asked.json().client_secret, 'complete');
    // The page's answer kept the event and sends it after answering: waited for here, before the return.
    await events.deliverDue();
    expect(await ledger()).toEqual({
      ...PAID_ONCE,
      events: [{ type: 'payment_intent.succeeded', outcome: 'applied' }],
    });
    const back = await pay('event-first-2');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe(INVOICE_TEXT.paid);
    expect(await ledger()).toEqual({
      ...PAID_ONCE,
      events: [{ type: 'payment_intent.succeeded', outcome: 'applied' }],
    });
  });

  it('the page comes back first: Pay now settles the attempt, and the event sent after (twice) changes nothing', async () => {
    const { events, pay, bank, ledger } = await setUp();
    events.delivery = { lateMs: 600_000 };
    const asked = await pay('page-first-1');
    expect(asked.statusCode, asked.body).toBe(202);
    await bank(asked.json().client_secret, 'complete');
    const back = await pay('page-first-2');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe(INVOICE_TEXT.paid);
    expect(await ledger()).toEqual({ ...PAID_ONCE, events: [] });
    events.delivery = { twice: true };
    await events.deliverDue();
    expect(await ledger()).toEqual({
      ...PAID_ONCE,
      events: [{ type: 'payment_intent.succeeded', outcome: 'no-change' }],
    });
  });

  it("a failed bank step sends payment_intent.payment_failed, which declines the attempt once (Stripe's authentication failure)", async () => {
    const { events, pay, bank, ledger } = await setUp();
    const asked = await pay('failed-1');
    expect(asked.statusCode, asked.body).toBe(202);
    events.delivery = { twice: true };
    await bank(asked.json().client_secret, 'fail');
    await events.deliverDue();
    expect(await ledger()).toEqual({
      payments: ['failed payment_intent_authentication_failure'],
      invoice: 'open',
      receipts: 0,
      charges: ['failed'],
      events: [{ type: 'payment_intent.payment_failed', outcome: 'applied' }],
    });
    // A second answer from the bank's page (a resent form) sends nothing more.
    await bank(asked.json().client_secret, 'complete');
    expect(await events.deliverDue()).toBe(0);
    expect((await ledger()).events).toHaveLength(1);
  });
});
