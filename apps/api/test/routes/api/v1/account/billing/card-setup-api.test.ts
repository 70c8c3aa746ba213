import { API_ACCOUNT_BASE, BILLING_TEXT, SANDBOX_PAYMENT_METHODS_PATH } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

/**
 * Cards are saved the way Stripe saves them (docs/billing.md, "Payments"): a SetupIntent on the account's
 * own Customer, never a charge. The sandbox plays Stripe's part, so its test cards behave as Stripe's do.
 */
describe.each(drivers)('saving a card with a SetupIntent (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      accounts[email] = p!.account_id;
    }
  });
  afterAll(() => ctx?.close());

  const call = (email: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
      ...(payload ? { payload } : {}),
    });

  const tokenise = async (email: string, number: string) => {
    const made = await call(email, 'POST', SANDBOX_PAYMENT_METHODS_PATH, {
      number,
      exp_month: 10,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().pm_id as string;
  };

  const charges = () =>
    ctx.database.query<{ amount_cents: number; customer_id: string | null }>(
      'select amount_cents, customer_id from sandbox_charges order by created_at',
    );

  const customerOf = async (email: string) => {
    const [row] = await ctx.database.query<{ provider_customer_id: string | null }>(
      'select provider_customer_id from accounts where id = $1',
      [accounts[email]],
    );
    return row!.provider_customer_id;
  };

  it('BILL-35 4000 0000 0000 0341 is accepted on file, with no charge made', async () => {
    const pmId = await tokenise(DEMO_ANNUAL.email, '4000 0000 0000 0341');
    const saved = await call(DEMO_ANNUAL.email, 'POST', '/billing/change-card', { pm_id: pmId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: BILLING_TEXT.cardSaved,
      card_details: { brand: 'visa', last4: '0341' },
    });
    // The account has its Customer now, and nothing was charged to put the card on file.
    expect(await customerOf(DEMO_ANNUAL.email)).toMatch(/^cus_/);
    expect(await charges()).toEqual([]);
  });

  it('SUB-12 the renewal on 0341 is declined, and its charge names the account Customer', async () => {
    const renewed = await call(DEMO_ANNUAL.email, 'POST', '/subscription/change/', {
      plan: DEMO_ANNUAL.planId,
    });
    expect(renewed.statusCode).toBe(402);
    expect(renewed.json().message).toBe('Your card was declined.');
    const made = await charges();
    expect(made).toHaveLength(1);
    expect(made[0]!.amount_cents).toBeGreaterThan(0);
    expect(made[0]!.customer_id).toBe(await customerOf(DEMO_ANNUAL.email));
  });

  it('API-09 a payment method the provider does not know is refused (400) and makes no Customer', async () => {
    const unknown = await call(DEMO_ADMIN.email, 'POST', '/billing/change-card', { pm_id: 'pm_nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'pm_id' });
    expect(await customerOf(DEMO_ADMIN.email)).toBeNull();
  });

  it('BILL-34 a card declined by its setup (…0002) is refused with the provider message, without a charge', async () => {
    const pmId = await tokenise(DEMO_ADMIN.email, '4000 0000 0000 0002');
    const refused = await call(DEMO_ADMIN.email, 'POST', '/billing/change-card', { pm_id: pmId });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
      field: 'pm_id',
    });
    expect((await call(DEMO_ADMIN.email, 'GET', '/billing/')).json().card_details.last4).toBe('4242');
    expect((await charges()).filter((c) => c.amount_cents === 0)).toEqual([]);
  });

  it("API-09 Stripe's named test methods serve every account: each saves its own copy on its own Customer", async () => {
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const saved = await call(email, 'POST', '/billing/change-card', { pm_id: 'pm_card_visa' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().card_details).toMatchObject({ brand: 'visa', last4: '4242' });
    }
    const rows = await ctx.database.query<{ account_id: string; id: string }>(
      'select account_id, id from payment_methods where account_id = any($1) and is_default',
      [[accounts[DEMO_ADMIN.email], accounts[DEMO_ANNUAL.email]]],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
    const customers = [await customerOf(DEMO_ADMIN.email), await customerOf(DEMO_ANNUAL.email)];
    expect(new Set(customers).size).toBe(2);
    expect((await charges()).filter((c) => c.amount_cents === 0)).toEqual([]);
  });
});
