import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  IDEMPOTENCY_KEY_HEADER,
  STRIPE_SIGNATURE_HEADER,
  STRIPE_WEBHOOK_PATH,
} from '@enq/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../../src/config';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { sandboxObjects, type SandboxEvent } from '../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../helpers/app';
import { customerToken, staffToken } from '../helpers/staff';

/** Other spellings of one id: spaces around it, a percent-encoding, zero-width characters, another case. */
const spellings = (id: string) => [
  ` ${id}`,
  `${id} `,
  `\t${id}\n`,
  id.replaceAll('_', '%5F'),
  `${id}\u200b`,
  `\u200b${id}`,
  id.replace('_', '_\u200d'),
  `\ufeff${id}`,
  id.toUpperCase(),
];

describe.each(drivers)('card and event ids in other spellings (%s)', (driver) => {
  let ctx: TestContext;
  let customer: string;
  let finance: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    ({ token: customer, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
    finance = (await staffToken(ctx.database, 'finance')).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const count = async (sql: string, params: unknown[] = []) =>
    (await ctx.database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
  const changeCard = (pmId: string, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/billing/change-card`,
      headers: { authorization: `Bearer ${customer}`, [IDEMPOTENCY_KEY_HEADER]: key },
      payload: { pm_id: pmId },
    });

  it('a payment method id in another spelling is refused before the provider is asked: never a second card', async () => {
    const saved = await changeCard('pm_card_visa', 'spelling-canonical');
    expect(saved.statusCode, saved.body).toBe(200);
    const [method] = await ctx.database.query<{ id: string }>(
      'select id from payment_methods where account_id = $1 and is_default',
      [accountId],
    );
    const cards = await count('payment_methods where account_id = $1', [accountId]);
    const intents = await count('sandbox_setup_intents');
    for (const [i, variant] of [...spellings('pm_card_visa'), ...spellings(method!.id)].entries()) {
      const refused = await changeCard(variant, `spelling-${i}`);
      expect({ variant, status: refused.statusCode }).toEqual({ variant, status: 400 });
    }
    expect(await count('payment_methods where account_id = $1', [accountId])).toBe(cards);
    expect(await count('sandbox_setup_intents')).toBe(intents);
    // The sandbox's own ids are lower case, as it makes them: another case of its nonce is not its card.
    const nonce = method!.id.slice(method!.id.lastIndexOf('_') + 1);
    const recased = `${method!.id.slice(0, -nonce.length)}${nonce.toUpperCase()}`;
    if (recased !== method!.id) expect((await changeCard(recased, 'spelling-recased')).statusCode).toBe(400);
    expect(await count('payment_methods where account_id = $1', [accountId])).toBe(cards);
    // The one spelling is taken again as it is: the same card, still one.
    expect((await changeCard(method!.id, 'spelling-again')).statusCode).toBe(200);
    expect(await count('payment_methods where account_id = $1', [accountId])).toBe(cards);
  });

  it("an event id in another spelling is refused, even signed; Stripe's distinct ids change the ledger once", async () => {
    const [payment] = await ctx.database.query<{
      id: string;
      invoice_id: string;
      provider_payment_id: string;
      amount_cents: number;
    }>(
      `select p.id, p.invoice_id, p.provider_payment_id, p.amount_cents from payments p
        where p.account_id = $1 and p.status = 'succeeded' and p.amount_cents > 1000
          and not exists (select 1 from refunds r where r.invoice_id = p.invoice_id)
        order by p.created_at desc limit 1`,
      [accountId],
    );
    const event = (id: string): SandboxEvent => ({
      id,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2025-01-27.acacia',
      pending_webhooks: 1,
      data: {
        object: sandboxObjects.charge({
          id: `ch_sbx_${payment!.id}`,
          intentId: payment!.provider_payment_id,
          attemptId: payment!.id,
          amountCents: payment!.amount_cents,
          refundedCents: 300,
        }),
      },
    });
    const post = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          [STRIPE_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: DEV_WEBHOOK_SECRET,
          }),
        },
        payload: body,
      });
    const id = 'evt_1SpellingCheck';
    for (const variant of spellings(id).filter((v) => v !== id.toUpperCase())) {
      const refused = await post(JSON.stringify(event(variant)));
      expect({ variant, status: refused.statusCode }).toEqual({ variant, status: 400 });
    }
    expect(await count('provider_events where id ilike $1', ['%SpellingCheck%'])).toBe(0);
    expect((await post(JSON.stringify(event(id)))).statusCode).toBe(200);
    // Another case is another of Stripe's ids (they are case-sensitive): kept, and the refund it tells
    // of is the one recorded already.
    expect((await post(JSON.stringify(event('evt_1SPELLINGCHECK')))).statusCode).toBe(200);
    const notes = await ctx.database.query<{ amount_cents: number }>(
      'select amount_cents from refunds where invoice_id = $1',
      [payment!.invoice_id],
    );
    expect(notes).toEqual([{ amount_cents: 300 }]);
    const page = await ctx.app.inject({
      url: `${API_ADMIN_BASE}/accounts/${accountId}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    const invoice = (page.json().invoices as { id: string; refunds: unknown[] }[]).find(
      (i) => i.id === payment!.invoice_id,
    );
    expect(invoice?.refunds).toHaveLength(1);
  });
});
