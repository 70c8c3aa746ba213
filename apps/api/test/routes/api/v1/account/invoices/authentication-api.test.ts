import {
  API_ACCOUNT_BASE,
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_TEXT,
  BILLING_TEXT,
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_TEXT,
  SANDBOX_PAYMENT_METHODS_PATH,
  payLinkPath,
  sandboxAuthenticateUrl,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

/**
 * Strong customer authentication against the sandbox (docs/billing.md, "Strong customer
 * authentication"): Stripe's test cards 4000 0025 0000 3155 (asks when saved and at the page, then not
 * off-session) and 4000 0027 6000 3184 (asks on every charge), and the sandbox's bank page.
 */
describe.each(drivers)('strong customer authentication (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  /** A fresh copy of the seeded database: each renewal below starts from the annual plan as seeded. */
  const boot = async () => {
    await ctx?.close();
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      accounts[email] = p!.account_id;
    }
  };
  beforeAll(boot);
  afterAll(() => ctx?.close());

  const call = (email: string, method: 'GET' | 'POST', path: string, payload?: object, key?: string) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
      headers: {
        authorization: `Bearer ${tokens[email]}`,
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
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

  /** The cardholder on the sandbox's bank page: it shows, then the button pressed sends them back. */
  const bank = async (clientSecret: string, returnPath: string, outcome: 'complete' | 'fail') => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: sandboxAuthenticateUrl(clientSecret, returnPath),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(AUTHENTICATION_TEXT.sandboxComplete);
    expect(page.body).toContain(AUTHENTICATION_TEXT.sandboxFail);
    const answered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/authenticate',
      headers: { origin: new URL(ctx.app.config.publicUrl).origin },
      payload: { client_secret: clientSecret, return_url: returnPath, outcome },
    });
    expect(answered.statusCode, answered.body).toBe(303);
    return answered.headers.location as string;
  };

  const saveWithAuthentication = async (email: string, number: string) => {
    const pmId = await tokenise(email, number);
    const asked = await call(email, 'POST', '/billing/change-card', { pm_id: pmId });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      code: AUTHENTICATION_REQUIRED_CODE,
      message: AUTHENTICATION_TEXT.setupRequired,
    });
    // Nothing is saved until the bank's step is done.
    expect((await call(email, 'GET', '/billing/')).json().card_details?.last4).not.toBe(number.slice(-4));
    expect(await bank(asked.json().client_secret, '/billing?save_card=1', 'complete')).toBe(
      '/billing?save_card=1&redirect_status=succeeded',
    );
    const saved = await call(email, 'POST', '/billing/change-card', { pm_id: pmId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: BILLING_TEXT.cardSaved,
      card_details: { last4: number.slice(-4) },
    });
  };

  const charges = (accountId: string) =>
    ctx.database.query<{ id: string; status: string; amount_cents: number }>(
      `select c.id, c.status, c.amount_cents from sandbox_charges c
        join payments p on p.id = c.attempt_id where p.account_id = $1 order by c.created_at`,
      [accountId],
    );

  it('3155 is saved after the bank step, then renewed off-session without asking again', async () => {
    await saveWithAuthentication(DEMO_ANNUAL.email, '4000002500003155');
    const renewed = await call(DEMO_ANNUAL.email, 'POST', '/subscription/change/', {
      plan: DEMO_ANNUAL.planId,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await charges(accounts[DEMO_ANNUAL.email]!)).map((c) => c.status)).toEqual(['succeeded']);
  });

  it('3155 asks at the page: Pay now answers the bank step, and a failed step declines that attempt', async () => {
    // The demo's declined invoice is in collection, and a new card would be tried on it at once (off
    // session, which 3155 saved with authentication pays): here it waits for the Pay now.
    await ctx.database.query('delete from payment_collections where account_id = $1', [
      accounts[DEMO_ADMIN.email],
    ]);
    await saveWithAuthentication(DEMO_ADMIN.email, '4000002500003155');
    const invoices = (await call(DEMO_ADMIN.email, 'GET', '/invoices/')).json().invoices as {
      id: string;
      status: string;
    }[];
    const open = invoices.find((i) => i.status === 'open')!;
    const asked = await call(
      DEMO_ADMIN.email,
      'POST',
      '/invoices/pay/',
      { invoice_id: open.id },
      'key-3155-1',
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      code: AUTHENTICATION_REQUIRED_CODE,
      message: AUTHENTICATION_TEXT.required,
    });
    expect(await bank(asked.json().client_secret, payLinkPath(open.id), 'fail')).toBe(
      `${payLinkPath(open.id)}&redirect_status=failed`,
    );
    const refused = await call(
      DEMO_ADMIN.email,
      'POST',
      '/invoices/pay/',
      { invoice_id: open.id },
      'key-3155-2',
    );
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(AUTHENTICATION_TEXT.failed);
    const attempts = await ctx.database.query<{ status: string; failure_code: string }>(
      'select status, failure_code from payments where invoice_id = $1 order by attempt',
      [open.id],
    );
    expect(attempts.at(-1)).toEqual({
      status: 'failed',
      failure_code: 'payment_intent_authentication_failure',
    });
    // Asked again, a new attempt asks the bank again; completed, it pays.
    const again = await call(
      DEMO_ADMIN.email,
      'POST',
      '/invoices/pay/',
      { invoice_id: open.id },
      'key-3155-3',
    );
    expect(again.statusCode).toBe(202);
    await bank(again.json().client_secret, payLinkPath(open.id), 'complete');
    const paid = await call(
      DEMO_ADMIN.email,
      'POST',
      '/invoices/pay/',
      { invoice_id: open.id },
      'key-3155-4',
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(INVOICE_TEXT.paid);
  });

  it("3184's renewal is left open with an email; paid once after the bank step, even with two pays at once", async () => {
    await boot();
    const accountId = accounts[DEMO_ANNUAL.email]!;
    await saveWithAuthentication(DEMO_ANNUAL.email, '4000002760003184');
    const before = (await charges(accountId)).length;
    const renewed = await call(DEMO_ANNUAL.email, 'POST', '/subscription/change/', {
      plan: DEMO_ANNUAL.planId,
    });
    expect(renewed.statusCode, renewed.body).toBe(409);
    expect(renewed.json().message).toBe(AUTHENTICATION_TEXT.emailed);
    const [invoice] = await ctx.database.query<{ id: string; number: string; status: string }>(
      `select i.id, i.number, i.status from invoices i join payments p on p.invoice_id = i.id
        where p.account_id = $1 and p.status = 'requires_action'`,
      [accountId],
    );
    expect(invoice!.status).toBe('open');
    // Not a decline: the account is not delinquent, and no attempt failed.
    const [sub] = await ctx.database.query<{ is_delinquent: boolean }>(
      'select is_delinquent from subscriptions where account_id = $1',
      [accountId],
    );
    expect(sub!.is_delinquent).toBe(false);
    const emails = await ctx.database.query<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from outbox where account_id = $1 and kind = 'payment-authentication'`,
      [accountId],
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe(DEMO_ANNUAL.email);
    expect(emails[0]!.subject).toBe(AUTHENTICATION_TEXT.emailSubject(invoice!.number));
    expect(emails[0]!.text).toContain(`${ctx.app.config.publicUrl}${payLinkPath(invoice!.id)}`);

    // The link's page: Pay now answers the same intent's bank step (twice asked, one intent).
    const pay = (key: string) =>
      call(DEMO_ANNUAL.email, 'POST', '/invoices/pay/', { invoice_id: invoice!.id }, key);
    const asked = await pay('key-3184-1');
    expect(asked.statusCode, asked.body).toBe(202);
    const askedAgain = await pay('key-3184-2');
    expect(askedAgain.json().client_secret).toBe(asked.json().client_secret);
    await bank(asked.json().client_secret, payLinkPath(invoice!.id), 'complete');
    const answers = await Promise.all([pay('key-3184-3'), pay('key-3184-4')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const made = (await charges(accountId)).slice(before);
    expect(made.map((c) => c.status)).toEqual(['succeeded']);
    const payments = await ctx.database.query<{ status: string }>(
      'select status from payments where invoice_id = $1',
      [invoice!.id],
    );
    expect(payments).toEqual([{ status: 'succeeded' }]);
    const [after] = await ctx.database.query<{ status: string }>(
      'select status from invoices where id = $1',
      [invoice!.id],
    );
    expect(after!.status).toBe('paid');
    const receipts = await ctx.database.query(
      `select 1 from outbox where account_id = $1 and kind = 'invoice-receipt' and subject like $2`,
      [accountId, `%${invoice!.number}%`],
    );
    expect(receipts).toHaveLength(1);
  });

  it('the bank page refuses a client secret the sandbox never gave, and sends nobody off-site', async () => {
    const answered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/authenticate',
      headers: { origin: new URL(ctx.app.config.publicUrl).origin },
      payload: { client_secret: 'pi_sbx_x_secret_nope', return_url: '//evil.example/', outcome: 'complete' },
    });
    expect(answered.statusCode).toBe(404);
  });
});
