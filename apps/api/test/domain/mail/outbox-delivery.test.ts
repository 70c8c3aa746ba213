import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { freePort } from '../../helpers/server-process';
import { startSmtp } from '../../helpers/smtp-server';

const HOST = 'localhost:8080';
const MAIL_FROM = 'enQ Billing <billing@enq.test>';

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(drivers)('mail delivery through the outbox (%s)', (driver) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestApp(driver, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM,
      MAIL_RETRY_SECONDS: '0.5',
      JOB_POLL_SECONDS: '0.5',
    });
  });
  afterAll(() => ctx?.close());

  const outboxRow = async () => {
    const [row] = await ctx.database.query<{ status: string; attempts: number; error: string | null }>(
      `select status, attempts, error from outbox where "to" = $1 and kind = 'password-reset'
        order by id desc limit 1`,
      [DEMO_ADMIN.email],
    );
    return row;
  };

  it('SMTP down: the request answers at once and the email waits; SMTP up: it is delivered once', async () => {
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/password-reset',
      headers: {
        host: HOST,
        origin: 'http://localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email: DEMO_ADMIN.email }).toString(),
    });
    expect(response.statusCode).toBe(200);
    // Nothing listens on the SMTP port: the request never waited for it.
    expect(performance.now() - started).toBeLessThan(2_000);

    // The delivery job tried, failed and recorded why; the email is queued for another try.
    const failed = await until('a failed try', async () => {
      const row = await outboxRow();
      return row && row.attempts >= 1 && row.error ? row : undefined;
    });
    expect(failed.status).toMatch(/queued|sending/);
    expect(failed.error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtp(port);
    try {
      const sent = await until('the email sent', async () => {
        const row = await outboxRow();
        return row?.status === 'sent' ? row : undefined;
      });
      expect(sent.error).toBeNull();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from?.value).toEqual([{ name: 'enQ Billing', address: 'billing@enq.test' }]);
      expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]!.address : null).toBe(DEMO_ADMIN.email);
      expect(mail!.subject).toMatch(/password/i);
      expect(mail!.text).toContain('/password-reset/');
      // The same words as HTML, the link clickable; one Message-ID at the sender's domain.
      const link = /http\S+\/password-reset\/\S+/.exec(mail!.text!)![0];
      expect(mail!.html).toContain(`<a href="${link}">${link}</a>`);
      expect(mail!.messageId).toMatch(/^<outbox-\d+-\d+@enq\.test>$/);

      // Later runs of the job (retries, the schedule) do not send it again.
      await ctx.app.jobQueue!.send('mail', {}, { singletonKey: 'now' });
      await until('the queued run to finish', async () => {
        const { rows } = await ctx.database.executeSql(
          `select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'active')
             and start_after <= now()`,
        );
        return (rows[0] as { n: number }).n === 0 ? true : undefined;
      });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
