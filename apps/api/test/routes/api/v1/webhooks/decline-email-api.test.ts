import { API_ACCOUNT_BASE, PAYMENT_FAILED_EMAIL } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../src/db/seed/demo-account';
import { sandboxObjects } from '../../../../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { waitFor } from '../../../../helpers/portal-database';
import { startSmtp, type LocalSmtp } from '../../../../helpers/smtp-server';
import { customerToken } from '../../../../helpers/staff';

/** The portal's address as configured: not the address it listens on. */
const PUBLIC_URL = 'https://billing.enq-portal.test';

/**
 * A decline heard only from the provider's payment_intent.payment_failed (docs/billing.md, "Collecting
 * failed payments"): the customer's email, as a mail client reads it, links to the Invoices page at
 * PUBLIC_URL.
 */
describe.each(drivers)("a decline heard from the provider's event (%s)", (driver) => {
  let ctx: TestContext;
  let smtp: LocalSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp(driver, {
      PUBLIC_URL,
      // The charge's answer never comes (card …0408): after 1 s its attempt waits, pending.
      PAYMENT_TIMEOUT_SECONDS: '1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'enQ Billing <billing@enq.test>',
      JOB_POLL_SECONDS: '0.5',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('emails the pay link at PUBLIC_URL, with the card and its reason', async () => {
    const { token, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email);
    const events = ctx.app.sandboxEvents!;
    // The sandbox's own event for the charge would say it succeeded: held back, the one below decides.
    events.delivery = { lateMs: 600_000 };
    // The demo's invoice is in collection: a new card on file is tried on it at once, off session.
    const card = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/billing/change-card`,
      headers: { authorization: `Bearer ${token}` },
      payload: { pm_id: 'pm_card_sandboxNoAnswer' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const [attempt] = await ctx.database.query<{
      id: string;
      invoice_id: string;
      amount_cents: number;
      number: string;
      charge: string;
    }>(
      `select p.id, p.invoice_id, p.amount_cents, i.number, c.id as charge
         from payments p join invoices i on i.id = p.invoice_id and i.account_id = p.account_id
         join sandbox_charges c on c.attempt_id = p.id
        where p.account_id = $1 and p.status = 'pending' and p.off_session`,
      [accountId],
    );
    expect(attempt).toBeDefined();
    const failed = events.event(
      'payment_intent.payment_failed',
      sandboxObjects.paymentIntent({
        id: attempt!.charge,
        attemptId: attempt!.id,
        amountCents: attempt!.amount_cents,
        status: 'requires_payment_method',
        error: {
          code: 'card_declined',
          declineCode: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
    );
    expect(await events.send([failed], { twice: true })).toEqual([200, 200]);

    const subject = PAYMENT_FAILED_EMAIL.subject(attempt!.number);
    await waitFor('the decline email sent', 30_000, async () =>
      smtp.received.some((m) => m.subject === subject),
    );
    const mails = smtp.received.filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe(DEMO_ADMIN.email);
    expect(mail.text).toContain(`Pay the invoice now, or put a new card on file: ${PUBLIC_URL}/invoices\n`);
    expect(mail.text).toContain("The card's bank said: Your card has insufficient funds.");
    expect(mail.text).toContain('card ending in 0408');
    expect(mail.text).not.toContain('localhost');
    expect(mail.text).not.toContain('127.0.0.1');
  }, 60_000);
});
