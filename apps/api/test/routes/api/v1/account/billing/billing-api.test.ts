import {
  ADDRESS_MESSAGES,
  API_ACCOUNT_BASE,
  BILLING_TEXT,
  SANDBOX_PAYMENT_METHODS_PATH,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { DEMO_SERVICE_ADDRESS } from '../../../../../../src/db/seed/demo-addresses';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

const ADDRESS = { ...DEMO_SERVICE_ADDRESS };

describe.each(drivers)('billing API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let adminAccount = '';
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      if (email === DEMO_ADMIN.email) adminAccount = p!.account_id;
    }
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}/billing${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
      ...(payload ? { payload } : {}),
    });

  it('API-03 API-04 API-05 answers every billing-data field for the demo account', async () => {
    const response = await call('GET', '/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('stripe_pk'); // the sandbox has no publishable key
    expect(body.card_details).toMatchObject({ brand: 'visa', last4: '4242', is_expired: false });
    expect(body.card_details.expiry).toMatch(/^08\/\d{4}$/);
    // The demo's card declined at its last period close: that invoice is open and the account delinquent.
    expect(body).toMatchObject({
      charge_failure_message: 'Your card has insufficient funds.',
      charge_failure_card: { brand: 'visa', last4: '4242' },
      last_invoice_paid: false,
      is_subscription_active: true,
      is_billing_address_required: false,
      is_service_address_required: false,
      is_credits_exhausted: false,
      is_delinquent: true,
      is_account_active: true,
      tax: { status: 'taxable', exemption_reference: null },
      service_address: ADDRESS,
      billing_address: ADDRESS,
    });
  });

  it('API-06 API-07 BILL-24 BILL-25 BILL-26 BILL-27 BILL-28 validates addresses with the same rules as the page', async () => {
    const cases: [object, string, string][] = [
      [{ line1: ' ' }, 'service_address.line1', ADDRESS_MESSAGES.line1],
      [{ city: '' }, 'service_address.city', ADDRESS_MESSAGES.city],
      [{ state: '' }, 'service_address.state', ADDRESS_MESSAGES.state],
      [{ postal_code: '' }, 'service_address.postal_code', ADDRESS_MESSAGES.postal_code],
      [{ country: '' }, 'service_address.country', ADDRESS_MESSAGES.country],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('PUT', '/address', {
        service_address: { ...ADDRESS, ...change },
        billing_address: ADDRESS,
        sameBilling: true,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message, field });
    }
    // The billing address is checked only when it is not the service address.
    const billing = await call('PUT', '/address', {
      service_address: ADDRESS,
      billing_address: { ...ADDRESS, city: '' },
      sameBilling: false,
    });
    expect(billing.json()).toMatchObject({ field: 'billing_address.city', message: ADDRESS_MESSAGES.city });
    // State is optional outside the US.
    const abroad = { ...ADDRESS, country: 'CA', state: '', city: 'Toronto', postal_code: 'M5V 2T6' };
    const ok = await call('PUT', '/address', {
      service_address: abroad,
      billing_address: { ...ADDRESS, line1: 'ignored' },
      sameBilling: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      service_address: abroad,
      billing_address: abroad,
      message: BILLING_TEXT.addressUpdated,
    });
    const after = (await call('GET', '/')).json();
    expect(after.service_address).toEqual(abroad);
    expect(after.is_service_address_required).toBe(false);
  });

  it('API-09 change-card refuses a declined card with the provider message and keeps the card on file', async () => {
    const declined = await call('POST', '/change-card', { pm_id: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
      field: 'pm_id',
    });
    const expired = await call('POST', '/change-card', { pm_id: 'pm_card_chargeDeclinedExpiredCard' });
    expect(expired.json().message).toBe('Your card has expired.');
    const unknown = await call('POST', '/change-card', { pm_id: 'pm_nope' });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', '/')).json().card_details.last4).toBe('4242');
  });

  it('API-09 change-card stores a good card as the default, idempotently, and answers the billing data', async () => {
    const tokenised = await call('POST', SANDBOX_PAYMENT_METHODS_PATH, {
      number: '5555 5555 5555 4444',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    expect(tokenised.statusCode).toBe(200);
    const { pm_id } = tokenised.json();
    for (let i = 0; i < 2; i++) {
      const response = await call('POST', '/change-card', { pm_id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: BILLING_TEXT.cardSaved,
        card_details: { brand: 'mastercard', last4: '4444', is_expired: false },
      });
    }
    const rows = await ctx.database.query<{ id: string }>(
      'select id from payment_methods where account_id = $1 and is_default',
      [adminAccount],
    );
    expect(rows.map((r) => r.id)).toEqual([pm_id]);
    // Another account cannot take it over.
    const other = await call('POST', '/change-card', { pm_id }, DEMO_ANNUAL.email);
    expect(other.statusCode).toBe(409);
  });

  it('the sandbox tokeniser refuses unknown numbers and past expiry dates', async () => {
    const unknown = await call('POST', SANDBOX_PAYMENT_METHODS_PATH, {
      number: '4111111111111111',
      exp_month: 1,
      exp_year: 2099,
      cvc: '123',
    });
    expect(unknown.statusCode).toBe(400);
    const past = await call('POST', SANDBOX_PAYMENT_METHODS_PATH, {
      number: '4242424242424242',
      exp_month: 1,
      exp_year: 2001,
      cvc: '123',
    });
    expect(past.statusCode).toBe(400);
  });

  it('BAN-07 API-05 a failed charge on the current card shows as the charge failure until the card changes', async () => {
    await ctx.database.query(
      `insert into payments (id, account_id, invoice_id, idempotency_key, attempt, amount_cents, status, failure_code,
                             failure_message, card_brand, card_last4, created_at)
       select 'pi_test_failed', $1, id, 'test-failed', 99, 100, 'failed', 'card_declined', 'Your card was declined.',
              'mastercard', '4444', now() + interval '1 day'
         from invoices where account_id = $1 order by issued_at desc limit 1`,
      [adminAccount],
    );
    const body = (await call('GET', '/')).json();
    expect(body.charge_failure_message).toBe('Your card was declined.');
    expect(body.charge_failure_card).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('API-03 answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API_ACCOUNT_BASE}/billing/` });
    expect(response.statusCode).toBe(401);
  });
});
