import { API_ACCOUNT_BASE, INVOICE_TEXT, formatMoney, invoiceFilename, type InvoiceDto } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { pdfText } from '../../helpers/pdf-text';
import { waitFor } from '../../helpers/portal-database';
import { startSmtp, type LocalSmtp } from '../../helpers/smtp-server';

const MAIL_FROM = 'enQ Billing <billing@enq.test>';

describe.each(drivers)('the receipt of a paid invoice (%s)', (driver) => {
  let ctx: TestContext;
  let smtp: LocalSmtp;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp(driver, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM,
      JOB_POLL_SECONDS: '0.5',
    });
    const [person] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    token = (await issueApiToken(ctx.database, person!.id)).token;
    accountId = person!.account_id;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST', path: string, payload?: object, key?: string) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}/invoices${path}`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const receipts = () =>
    ctx.database.query<{ to: string; subject: string; text: string; attachment: unknown; status: string }>(
      `select "to", subject, text, attachment, status from outbox
        where account_id = $1 and kind = 'invoice-receipt' order by id`,
      [accountId],
    );

  it("paying the demo's open invoice emails one receipt with the invoice PDF attached", async () => {
    // The demo's simulated history owes nobody a receipt.
    expect(await receipts()).toEqual([]);
    const { invoices } = (await call('GET', '/')).json() as { invoices: InvoiceDto[] };
    const open = invoices.find((i) => i.status === 'open')!;
    const paid = await call('POST', '/pay/', { invoice_id: open.id }, 'receipt-test-0001');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(INVOICE_TEXT.paid);

    const [row, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      to: DEMO_ADMIN.email,
      subject: `Receipt for enQ invoice ${open.number}`,
      attachment: { kind: 'invoice_pdf', account_id: accountId, invoice_id: open.id },
    });

    // Delivered through SMTP: the job runs at once (the payment asked for it), not at the next minute.
    await waitFor('the receipt sent', 30_000, async () => (await receipts())[0]?.status === 'sent');
    const mails = smtp.received.filter((m) => m.subject?.startsWith('Receipt for enQ invoice'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Receipt for enQ invoice ${open.number}`);
    expect(mail.from?.value).toEqual([{ name: 'enQ Billing', address: 'billing@enq.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe(DEMO_ADMIN.email);
    expect(mail.text).toContain(`Invoice: ${open.number}`);
    expect(mail.text).toContain(`Amount paid: ${formatMoney(open.amount_due)}`);
    expect(mail.text).toContain('Paid with: Visa ending in 4242');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(invoiceFilename(open.number, false));
    const text = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(text).toContain(open.number);
    expect(text).toContain(formatMoney(open.total));

    // Paying it again charges nothing and sends no second receipt.
    const again = await call('POST', '/pay/', { invoice_id: open.id }, 'receipt-test-0002');
    expect(again.statusCode).toBe(200);
    expect(await receipts()).toHaveLength(1);
    expect(
      await ctx.database.query(`select 1 from payments where invoice_id = $1 and status = 'succeeded'`, [
        open.id,
      ]),
    ).toHaveLength(1);
  });
});
