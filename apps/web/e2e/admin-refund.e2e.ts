import { AUTH_PATHS } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const AVERY = 'avery.chen@enq-staff.com';

describe('a finance staff member refunds part of an invoice (Chromium against the real server)', () => {
  const journey = useJourney({ page: false });

  /** A new browser context (its own sign-in) on `path`, `width` wide. */
  async function open(path: string, width = 1280): Promise<Page> {
    const context = await journey.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    journey.watch(page);
    await page.goto(`${journey.server.url}${path}`);
    return page;
  }

  it('CMON-01 CMON-06 Avery Chen refunds $12.34 of a paid invoice at /admin; the customer sees the credit note on /invoices', async () => {
    const { server, problems } = journey;
    // The demo account's id, as the console's account list links to it.
    const customer = await open('/invoices');
    await signIn(customer, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await customer.waitForURL(`${server.url}/invoices`);
    const token = await storedToken(customer);
    const accountId = await customer.evaluate(
      async ({ path, token }) =>
        (
          (await (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).json()) as {
            account_id: string;
          }
        ).account_id,
      { path: AUTH_PATHS.me, token },
    );
    await customer.context().close();

    const page = await open(`/admin/accounts/${accountId}`);
    await signInStaff(page, AVERY, DEMO_STAFF.password);
    await page.waitForURL(`${server.url}/admin/accounts/${accountId}`);
    const panel = page.getByRole('region', { name: 'Actions' });
    await panel.getByRole('button', { name: /^Refund/ }).waitFor();
    await screenshot(page, 'admin-actions-1280');
    await panel.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund an invoice' });
    const chosen = (await dialog.getByLabel('Invoice').locator('option:checked').textContent())!;
    const invoiceNumber = chosen.split(' · ')[0]!;
    await dialog.getByLabel('Amount (USD)').fill('12.34');
    await dialog.getByLabel('Reason').fill('Dropped calls on the IRS line');
    await screenshot(page, 'admin-refund-dialog-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    const done = panel.getByRole('status');
    await done.waitFor();
    expect(await done.textContent()).toBe(`Refunded $12.34: credit note ${invoiceNumber}-CN1.`);
    await page.context().close();

    // The customer, in a browser of their own: the credit note is on the invoice.
    const after = await open('/invoices');
    await signIn(after, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await after.waitForURL(`${server.url}/invoices`);
    const row = after
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    await row.getByRole('button', { name: `Refund PDF of invoice ${invoiceNumber}` }).waitFor();
    await row.getByRole('button', { name: /^View invoice/ }).click();
    const detail = after.getByRole('dialog');
    await detail.getByText(`${invoiceNumber}-CN1`, { exact: false }).waitFor();
    expect(await detail.textContent()).toContain('$12.34 refunded (Dropped calls on the IRS line)');
    await screenshot(after, 'admin-refund-customer-credit-note-1280');
    await after.context().close();

    // The console at a phone's width, with the refund dialog open.
    const phone = await open(`/admin/accounts/${accountId}`, 390);
    await signInStaff(phone, AVERY, DEMO_STAFF.password);
    await phone.waitForURL(`${server.url}/admin/accounts/${accountId}`);
    const phonePanel = phone.getByRole('region', { name: 'Actions' });
    await phonePanel.getByRole('button', { name: /^Refund/ }).waitFor();
    await screenshot(phone, 'admin-actions-390');
    await phonePanel.getByRole('button', { name: /^Adjust credits/ }).click();
    await phone.getByRole('dialog', { name: 'Adjust credits' }).waitFor();
    await screenshot(phone, 'admin-credits-dialog-390');
    await phone.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});
