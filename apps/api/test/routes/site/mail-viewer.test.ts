import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { queueEmail } from '../../../src/domain/mail/outbox-repository';
import { createTestApp, type TestContext } from '../../helpers/app';

const LINK = 'http://localhost:8080/password-reset/abc123';

describe('the local mail viewer (/site/mail, embedded defaults)', () => {
  let ctx: TestContext;
  let id: number;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const [invoice] = await ctx.database.query<{ id: string; account_id: string }>(
      'select i.id, i.account_id from invoices i join people p on p.account_id = i.account_id where p.email = $1 limit 1',
      [DEMO_ADMIN.email],
    );
    id = await queueEmail(ctx.database, {
      accountId: invoice!.account_id,
      kind: 'test',
      to: DEMO_ADMIN.email,
      subject: 'Reset your <b>password</b>',
      text: `Hello,\n\nChoose a new password: ${LINK}\n\nenQ`,
      attachment: { kind: 'invoice_pdf', account_id: invoice!.account_id, invoice_id: invoice!.id },
    });
  });
  afterAll(() => ctx?.close());

  const get = (url: string, remoteAddress = '127.0.0.1') => ctx.app.inject({ url, remoteAddress });

  it('lists the outbox newest first and shows an email with its link and its attachment', async () => {
    const list = await get('/site/mail');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(`href="/site/mail/${id}"`);
    // Escaped, never markup.
    expect(list.body).toContain('Reset your &lt;b&gt;password&lt;/b&gt;');

    const email = await get(`/site/mail/${id}`);
    expect(email.statusCode).toBe(200);
    expect(email.body).toContain(`<a href="${LINK}">${LINK}</a>`);
    expect(email.body).toContain(DEMO_ADMIN.email);
    const pdf = await get(`/site/mail/${id}/attachment`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers only a browser on this machine, and nothing for an email that is not there', async () => {
    for (const url of ['/site/mail', `/site/mail/${id}`, `/site/mail/${id}/attachment`])
      expect((await get(url, '203.0.113.9')).statusCode).toBe(404);
    // Nor what a proxy on this machine forwards from elsewhere.
    for (const header of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }])
      expect((await ctx.app.inject({ url: '/site/mail', headers: header })).statusCode).toBe(404);
    expect((await get('/site/mail/999999')).statusCode).toBe(404);
    expect((await get('/site/mail/x')).statusCode).toBe(404);
  });

  it('is not there when emails go out through SMTP', async () => {
    const smtp = await createTestApp('pglite', { SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await smtp.app.inject({ url: '/site/mail' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
