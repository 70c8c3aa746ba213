import { API_ACCOUNT_BASE } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { pdfText } from '../../helpers/pdf-text';

describe.each(drivers)('issued invoices never change (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [p] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    token = (await issueApiToken(ctx.database, p!.id)).token;
    accountId = p!.account_id;
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  async function documents() {
    const { invoices } = (await call('GET', '/invoices/')).json();
    return Promise.all(
      invoices.map(async (invoice: { id: string; has_refund: boolean }) => ({
        row: invoice,
        detail: (await call('GET', `/invoices/detail/?invoice_id=${invoice.id}`)).json(),
        pdf: await pdfText((await call('GET', `/invoices/download/?invoice_id=${invoice.id}`)).rawPayload),
        creditNote: invoice.has_refund
          ? await pdfText(
              (await call('GET', `/invoices/download/?invoice_id=${invoice.id}&is_refund=true`)).rawPayload,
            )
          : null,
      })),
    );
  }

  it('a change of addresses, tax status, plan and rates leaves every issued invoice, its detail and its PDFs as issued', async () => {
    const before = await documents();
    expect(before.length).toBeGreaterThan(10);
    expect(before.some((d) => d.pdf.includes('1200 Harbor Pine Road'))).toBe(true);

    const moved = {
      line1: '77 Rue Saint-Étienne',
      line2: '',
      city: 'Montréal',
      state: 'QC',
      postal_code: 'H2X 1Y4',
      country: 'CA',
    };
    const address = await call('PUT', '/billing/address', {
      service_address: moved,
      billing_address: moved,
      sameBilling: true,
    });
    expect(address.statusCode, address.body).toBe(200);
    await ctx.database.query(
      "update accounts set tax_status = 'exempt', tax_exemption_reference = 'TX-77', name = 'Renamed LLC' where id = $1",
      [accountId],
    );
    const plan = await call('POST', '/subscription/change/', { plan: 'firm-monthly' });
    expect(plan.statusCode, plan.body).toBe(200);
    await ctx.database.query('update rates set credits_per_minute = credits_per_minute * 2');

    const after = await documents();
    expect(after).toEqual(before);
    for (const document of after) {
      expect(document.pdf).not.toContain('Montréal');
      expect(document.pdf).not.toContain('Renamed LLC');
    }
  });

  it('the database refuses to change what an issued invoice states, and lets its status change', async () => {
    const [invoice] = await ctx.database.query<{ id: string; status: string }>(
      "select id, status from invoices where account_id = $1 and status = 'paid' limit 1",
      [accountId],
    );
    await expect(
      ctx.database.query('update invoices set total_cents = total_cents + 1 where id = $1', [invoice!.id]),
    ).rejects.toThrow(/cannot change; refund it instead/);
    await expect(
      ctx.database.query(
        `update invoices set buyer = jsonb_set(buyer, '{name}', '"Someone else"') where id = $1`,
        [invoice!.id],
      ),
    ).rejects.toThrow(/cannot change/);
    await expect(
      ctx.database.query('update invoice_lines set amount_cents = 0 where invoice_id = $1', [invoice!.id]),
    ).rejects.toThrow(/lines of an issued invoice cannot change/);
    await ctx.database.query("update invoices set status = 'refunded' where id = $1", [invoice!.id]);
    const [after] = await ctx.database.query('select status from invoices where id = $1', [invoice!.id]);
    expect(after).toEqual({ status: 'refunded' });
  });
});
