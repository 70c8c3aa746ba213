import { API_ACCOUNT_BASE } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANNUAL } from '../src/db/seed/demo-account';
import { issueApiToken } from '../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from './helpers/app';

/** The seller and tax an operator configures: every invoice the process issues must carry them. */
const SETTINGS = {
  SELLER_NAME: 'Gulf Coast Phone Access LLC',
  SELLER_ADDRESS: '500 Water Street; Corpus Christi, TX 78401; United States',
  SELLER_EMAIL: 'receivables@gulfcoast.example',
  SELLER_TAX_ID: 'EIN 74-1234567',
  TAX_RATE_PERCENT: '8.25',
};
const SELLER = {
  name: SETTINGS.SELLER_NAME,
  address: ['500 Water Street', 'Corpus Christi, TX 78401', 'United States'],
  email: SETTINGS.SELLER_EMAIL,
  tax_id: SETTINGS.SELLER_TAX_ID,
};

interface InvoiceRow {
  seller: typeof SELLER;
  buyer: { tax_status: string };
  subtotal_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  total_cents: number;
}
const INVOICE_COLUMNS = 'seller, buyer, subtotal_cents, tax_rate_bp, tax_cents, total_cents';

describe.each(drivers)('invoices carry the configured seller and tax on every path (%s)', (driver) => {
  let ctx: TestContext;
  let annual: { accountId: string; token: string };
  beforeAll(async () => {
    ctx = await createTestApp(driver, SETTINGS);
    const [person] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    annual = { accountId: person!.account_id, token: (await issueApiToken(ctx.database, person!.id)).token };
  });
  afterAll(() => ctx?.close());

  const invoicesOf = (accountId: string) =>
    ctx.database.query<InvoiceRow & { id: string }>(
      `select id, ${INVOICE_COLUMNS} from invoices where account_id = $1 order by issued_at, number`,
      [accountId],
    );

  it("the demo history, made at start, is the configured seller's, taxed at the configured rate", async () => {
    const rows = await ctx.database.query<InvoiceRow>(`select ${INVOICE_COLUMNS} from invoices`);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.seller).toEqual(SELLER);
      expect(row.tax_rate_bp).toBe(825);
      expect(row.tax_cents).toBe(Math.floor((row.subtotal_cents * 825) / 10_000 + 0.5));
    }
  });

  it("a sign-up's first invoice carries SELLER_* and TAX_RATE_PERCENT", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/site/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      payload: new URLSearchParams({
        full_name: 'Jordan Vega',
        company: 'Vega Tax Resolution',
        email: 'jordan@vegatax.example',
        password: 'salt marsh sunrise',
        plan: 'practice-monthly',
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    // Sign-up finishes by email (issue 22): the account is made when the emailed link is confirmed.
    await ctx.app.afterAnswer.idle();
    const [mail] = await ctx.database.query<{ text: string }>(
      `select text from outbox where kind = 'signup-link' and "to" = $1`,
      ['jordan@vegatax.example'],
    );
    const link = new URL(/https?:\/\/\S+\/site\/signup\/confirm\/[\w-]{43}/.exec(mail!.text)![0]);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { origin: 'http://localhost:8080' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    const [person] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      ['jordan@vegatax.example'],
    );
    const invoices = await invoicesOf(person!.account_id);
    expect(invoices).toEqual([
      expect.objectContaining({
        seller: SELLER,
        buyer: expect.objectContaining({ tax_status: 'Taxable' }),
        subtotal_cents: 15_000,
        tax_rate_bp: 825,
        tax_cents: 1_238, // 8.25% of $150.00 is $12.375: to the nearest cent, halves up
        total_cents: 16_238,
      }),
    ]);
  });

  const subscriptionCall = (method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}/subscription${path}`,
      headers: { authorization: `Bearer ${annual.token}` },
      ...(payload ? { payload } : {}),
    });

  it('the plan-change preview states the tax, and the invoice then charges exactly what it said', async () => {
    // Exempt: no tax to state.
    await ctx.database.query("update accounts set tax_status = 'exempt' where id = $1", [annual.accountId]);
    const exempt = await subscriptionCall('GET', `/change/?plan=${DEMO_ANNUAL.planId}`);
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(exempt.json().messages.at(-1)).toMatch(
      /^You will be charged \$510\.00 now; the next renewal is on /,
    );
    expect(exempt.json().messages.join(' ')).not.toMatch(/tax/);

    await ctx.database.query("update accounts set tax_status = 'taxable' where id = $1", [annual.accountId]);
    const preview = await subscriptionCall('GET', `/change/?plan=${DEMO_ANNUAL.planId}`);
    const said = preview.json().messages.at(-1) as string;
    // 8.25% of $510.00 is $42.075: the invoice's own rounding gives $42.08.
    expect(said).toMatch(
      /^You will be charged \$552\.08 now \(\$510\.00 plus \$42\.08 tax\); the next renewal is on /,
    );

    const before = new Set((await invoicesOf(annual.accountId)).map((i) => i.id));
    const renewed = await subscriptionCall('POST', '/change/', { plan: DEMO_ANNUAL.planId });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const issued = (await invoicesOf(annual.accountId)).filter((i) => !before.has(i.id));
    expect(issued).toHaveLength(1);
    const detail = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}/invoices/detail/?invoice_id=${issued[0]!.id}`,
      headers: { authorization: `Bearer ${annual.token}` },
    });
    expect(detail.json()).toMatchObject({ subtotal: 510, tax: { amount: 42.08 }, total: 552.08 });
    const [, total, subtotal, tax] = /\$([\d,.]+) now \(\$([\d,.]+) plus \$([\d,.]+) tax\)/.exec(said)!;
    expect([Number(total), Number(subtotal), Number(tax)]).toEqual([
      detail.json().total,
      detail.json().subtotal,
      detail.json().tax.amount,
    ]);
  });

  it('the billing API answers the tax status from the closed set with its exemption reference', async () => {
    await ctx.database.query(
      "update accounts set tax_status = 'exempt', tax_exemption_reference = 'TX-EX-0042' where id = $1",
      [annual.accountId],
    );
    const billing = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}/billing/`,
      headers: { authorization: `Bearer ${annual.token}` },
    });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(billing.json().tax).toEqual({ status: 'exempt', exemption_reference: 'TX-EX-0042' });
  });
});
