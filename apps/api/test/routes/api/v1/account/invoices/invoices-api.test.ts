import { API_ACCOUNT_BASE, BUSINESS_TIME_ZONE, INVOICE_TEXT, type InvoiceDetail } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { DEFAULT_ISSUER } from '../../../../../../src/domain/billing-engine/invoice-issuer';
import { interimInvoice } from '../../../../../../src/domain/billing-engine/invoice-lines';
import { createInvoice } from '../../../../../../src/domain/billing-engine/issue-invoice';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { pdfText } from '../../../../../helpers/pdf-text';

describe.each(drivers)('invoices API (%s)', (driver) => {
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

  const call = (
    method: 'GET' | 'POST',
    path: string,
    options: { payload?: object; email?: string; key?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}/invoices${path}`,
      headers: {
        authorization: `Bearer ${tokens[options.email ?? DEMO_ADMIN.email]}`,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  async function openInvoice(email = DEMO_ADMIN.email): Promise<string> {
    const [period] = await ctx.database.query<{ id: string; starts_at: Date; ends_at: Date }>(
      'select id, starts_at, ends_at from billing_periods where account_id = $1 and closed_at is null',
      [accounts[email]],
    );
    const usage = { start: new Date(period!.starts_at), end: new Date(period!.ends_at) };
    return ctx.database.transaction((tx) =>
      createInvoice(
        tx,
        interimInvoice(
          { accountId: accounts[email]!, periodId: period!.id, issuedAt: new Date(Date.now() + 86_400_000) },
          usage,
          { credits: 3_210_000, cents: 32_100 },
          30_000,
          0,
        ),
        DEFAULT_ISSUER,
      ),
    );
  }

  it('API-17 lists the invoices with id, timestamp, period, total in dollars, status and credits used', async () => {
    const response = await call('GET', '/');
    expect(response.statusCode).toBe(200);
    const { invoices, amount_due } = response.json();
    expect(invoices.length).toBeGreaterThan(10);
    for (const invoice of invoices) {
      expect(Object.keys(invoice).sort()).toEqual(
        [
          'amount_due',
          'credits_used',
          'has_refund',
          'id',
          'kind',
          'number',
          'payment_pending',
          'period_end',
          'period_start',
          'status',
          'summary',
          'timestamp',
          'total',
        ].sort(),
      );
      expect(typeof invoice.total).toBe('number');
    }
    expect(invoices.some((i: { total: number }) => i.total === 300)).toBe(true);
    const refunded = invoices.filter((i: { status: string }) => i.status === 'refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0].has_refund).toBe(true);
    // The demo's card declined at its last period close: that invoice is what is due.
    const open = invoices.filter((i: { status: string }) => i.status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      kind: 'period',
      summary: 'Period close',
      amount_due: open[0].total,
      payment_pending: false,
    });
    expect(amount_due).toBe(open[0].total);
  });

  it('API-17 an invoice whose payment attempt awaits the provider is listed as payment_pending', async () => {
    const invoiceId = await openInvoice(DEMO_ANNUAL.email);
    const listed = async () =>
      (await call('GET', '/', { email: DEMO_ANNUAL.email }))
        .json()
        .invoices.find((i: { id: string }) => i.id === invoiceId);
    expect(await listed()).toMatchObject({ status: 'open', payment_pending: false });
    await ctx.database.query(
      `insert into payments (id, account_id, invoice_id, idempotency_key, amount_cents, status)
       values ('pay_pending_test', $1, $2, $3, 100, 'pending')`,
      [accounts[DEMO_ANNUAL.email], invoiceId, `invoice:${invoiceId}:attempt:1`],
    );
    expect(await listed()).toMatchObject({ status: 'open', payment_pending: true });
  });

  it('API-19 pay twice with one idempotency key charges once; paying a paid invoice charges nothing', async () => {
    const invoiceId = await openInvoice();
    const pay = () =>
      call('POST', '/pay/', { payload: { invoice_id: invoiceId }, key: 'click-session-0001' });
    const [first, second] = await Promise.all([pay(), pay()]);
    for (const response of [first, second]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(INVOICE_TEXT.paid);
    }
    const third = await pay();
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ message: INVOICE_TEXT.paid });
    const { invoices } = (await call('GET', '/')).json() as { invoices: { id: string; status: string }[] };
    expect(invoices.find((i) => i.id === invoiceId)!.status).toBe('paid');
    const payments = await ctx.database.query('select id from payments where invoice_id = $1', [invoiceId]);
    expect(payments).toHaveLength(1);
    const again = await call('POST', '/pay/', {
      payload: { invoice_id: invoiceId },
      key: 'click-session-0002',
    });
    expect(again.statusCode).toBe(200);
    expect(
      await ctx.database.query('select id from payments where invoice_id = $1', [invoiceId]),
    ).toHaveLength(1);
  });

  it('API-19 the invoice id written other ways at once pays it at most once; what is not found says so', async () => {
    const invoiceId = await openInvoice();
    const spellings = [
      invoiceId,
      invoiceId.toUpperCase(),
      ` ${invoiceId} `,
      encodeURIComponent(invoiceId).replace('_', '%5F'),
      invoiceId.normalize('NFKC').replace('i', '\uFF49'),
    ];
    const responses = await Promise.all(
      spellings.map((id, i) =>
        call('POST', '/pay/', { payload: { invoice_id: id }, key: `spelling-${i}-0001` }),
      ),
    );
    expect(responses[0]!.statusCode, responses[0]!.body).toBe(200);
    for (const response of responses.slice(1)) {
      expect([200, 400, 404], response.body).toContain(response.statusCode);
      if (response.statusCode !== 200) expect(response.json().field).toBe('invoice_id');
    }
    const payments = await ctx.database.query<{ status: string }>(
      'select status from payments where invoice_id = $1',
      [invoiceId],
    );
    expect(payments).toEqual([{ status: 'succeeded' }]);
  });

  it('API-19 needs an Idempotency-Key header', async () => {
    const invoiceId = await openInvoice();
    const response = await call('POST', '/pay/', { payload: { invoice_id: invoiceId } });
    expect(response.statusCode).toBe(400);
  });

  it("API-19 paying another account's invoice answers 404 and charges nothing", async () => {
    const invoiceId = await openInvoice(DEMO_ANNUAL.email);
    const response = await call('POST', '/pay/', {
      payload: { invoice_id: invoiceId },
      key: 'someone-else-0001',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'There is no such invoice.',
      field: 'invoice_id',
    });
    expect(
      await ctx.database.query('select id from payments where invoice_id = $1', [invoiceId]),
    ).toHaveLength(0);
    const download = await call('GET', `/download/?invoice_id=${invoiceId}`);
    expect(download.statusCode).toBe(404);
    const detail = await call('GET', `/detail/?invoice_id=${invoiceId}`);
    expect(detail.statusCode).toBe(404);
  });

  it('INV-10 a declined card answers 402 with the provider message and leaves the invoice open', async () => {
    await ctx.database.query('update payment_methods set is_default = false where account_id = $1', [
      accounts[DEMO_ADMIN.email],
    ]);
    await ctx.database.query(
      `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year) values ('pm_card_chargeDeclinedInsufficientFunds', $1, 'visa', '9995', 12, 2099)`,
      [accounts[DEMO_ADMIN.email]],
    );
    const invoiceId = await openInvoice();
    const response = await call('POST', '/pay/', {
      payload: { invoice_id: invoiceId },
      key: 'declined-0001',
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your card has insufficient funds.',
    });
    const billing = (
      await ctx.app.inject({
        method: 'GET',
        url: `${API_ACCOUNT_BASE}/billing/`,
        headers: { authorization: `Bearer ${tokens[DEMO_ADMIN.email]}` },
      })
    ).json();
    expect(billing).toMatchObject({
      last_invoice_paid: false,
      last_invoice_id: invoiceId,
      is_delinquent: true,
      charge_failure_message: 'Your card has insufficient funds.',
      charge_failure_card: { brand: 'visa', last4: '9995' },
    });
  });

  it('INV-03 the detail has the lines, payments and refunds', async () => {
    const { invoices } = (await call('GET', '/')).json();
    const paid = invoices.find(
      (i: { status: string; total: number }) => i.status === 'paid' && i.total === 300,
    );
    const detail = (await call('GET', `/detail/?invoice_id=${paid.id}`)).json();
    expect(detail.lines[0]).toMatchObject({ kind: 'subscription', amount: 300 });
    expect(detail.payments[0]).toMatchObject({ status: 'succeeded', amount: 300, card: 'visa •••• 4242' });
  });

  it('API-18 the PDF reads back with the figures of the API: seller, buyer, each line and its period, tax, total, paid, due', async () => {
    const { invoices } = (await call('GET', '/')).json();
    const open = invoices.find((i: { status: string }) => i.status === 'open');
    const detail: InvoiceDetail = (await call('GET', `/detail/?invoice_id=${open.id}`)).json();
    const response = await call('GET', `/download/?invoice_id=${open.id}&is_refund=false`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="enq-invoice-${open.number}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const day = (iso: string) =>
      new Date(iso).toLocaleDateString('en-US', {
        timeZone: BUSINESS_TIME_ZONE,
        month: 'short',
        day: 'numeric',
      });
    const year = (iso: string) =>
      new Date(iso).toLocaleDateString('en-US', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' });
    // 'Nov 10 – Dec 10, 2026'; a period from December into January names both years (as on 2027-01-01).
    const period = (start: string, end: string) =>
      year(start) === year(end)
        ? `${day(start)} – ${day(end)}, ${year(end)}`
        : `${day(start)}, ${year(start)} – ${day(end)}, ${year(end)}`;
    for (const expected of [
      detail.number,
      detail.seller.name,
      ...detail.seller.address,
      detail.seller.email,
      detail.seller.tax_id,
      detail.buyer.name,
      detail.buyer.billing_address!.line1,
      'Unpaid',
      ...detail.lines.flatMap((line) => [
        line.description.split(' ').slice(0, 3).join(' '),
        period(line.period_start, line.period_end),
        money(line.amount),
      ]),
      `Subtotal ${money(detail.subtotal)}`,
      `Tax (${detail.tax.status}, ${detail.tax.rate_percent}%) ${money(detail.tax.amount)}`,
      `Total ${money(detail.total)}`,
      `Amount paid ${money(detail.amount_paid)}`,
      `Amount due ${money(detail.amount_due)}`,
      'Your card has insufficient funds.',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    expect(detail.amount_due).toBe(detail.total);
    expect(text).not.toContain(open.id);
  });

  it('API-18 a buyer named in non-Latin letters prints as named', async () => {
    const name = 'Zoë Łukasiewicz-Øvergård & Дмитрий Иванов, Αλέξανδρος';
    await ctx.database.query('update accounts set name = $2 where id = $1', [
      accounts[DEMO_ANNUAL.email],
      name,
    ]);
    const invoiceId = await openInvoice(DEMO_ANNUAL.email);
    const response = await call('GET', `/download/?invoice_id=${invoiceId}`, { email: DEMO_ANNUAL.email });
    expect(response.statusCode).toBe(200);
    // A long name wraps in its block: compare with line breaks as spaces.
    expect((await pdfText(response.rawPayload)).replace(/\s+/g, ' ')).toContain(name);
  });

  it('INV-08 a refunded invoice has a refund PDF; others answer 404 for it', async () => {
    const { invoices } = (await call('GET', '/')).json();
    const refunded = invoices.find((i: { status: string }) => i.status === 'refunded');
    const response = await call('GET', `/download/?invoice_id=${refunded.id}&is_refund=true`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`enq-credit-note-${refunded.number}.pdf`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`${refunded.number}-CN1`);
    expect(text).toContain(`Credit note for invoice ${refunded.number}`);
    const paid = invoices.find((i: { status: string }) => i.status === 'paid');
    expect((await call('GET', `/download/?invoice_id=${paid.id}&is_refund=true`)).statusCode).toBe(404);
  });
});
