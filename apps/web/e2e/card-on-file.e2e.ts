import { BANNER_TEXT, BILLING_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_NEW_TEAM } from '../../api/src/db/seed/demo-account';
import { screenshot, signIn, type Page } from './support/browser';
import { endCurrentPeriod } from './support/end-period';
import { useJourney } from './support/journey';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const DECLINED = BANNER_TEXT.cardUpdate('Your card was declined.', 'Visa', '0341');

/**
 * Stripe's 4000 0000 0000 0341 in the sandbox: saved as the card on file (a SetupIntent, no charge), then
 * declined when the period closes. The new team's admin saves it at both widths; the period is made to
 * end, the restarted server's period close charges it, and the portal shows the decline and the invoice
 * left open.
 */
describe('a card saved, then declined at the period close (Chromium against the real server)', () => {
  const journey = useJourney({ page: false });
  const pages: Page[] = [];

  it('BILL-35 BILL-36 4000 0000 0000 0341 is accepted on the billing page, at 1280 and at 390 px', async () => {
    const { server, browser } = journey;
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      journey.watch(page);
      pages.push(page);
      await page.goto(`${server.url}/billing`);
      await signIn(page, DEMO_NEW_TEAM.email, DEMO_NEW_TEAM.password);
      await page.waitForURL(`${server.url}/billing`);
      await page.getByRole('form', { name: 'Addresses' }).waitFor();
      await page.getByRole('button', { name: BILLING_TEXT.updateCard }).click();
      const form = page.getByRole('form', { name: 'Card details' });
      await form.getByLabel('Card number').fill('4000 0000 0000 0341');
      await form.getByLabel('Expiry (MM/YY)').fill('10/33');
      await form.getByLabel('CVC').fill('123');
      await form.getByRole('button', { name: 'Save card' }).click();
      const dialog = page.getByRole('dialog', { name: BILLING_TEXT.cardSaved });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Visa card ending in 0341');
      await screenshot(page, `card-on-file-0341-saved-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Yes, they are correct' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByTestId('card-row').textContent()).toContain('•••• •••• •••• 0341');
      // Saving it charged nothing, so nothing failed.
      expect(await page.getByText(DECLINED).count()).toBe(0);
    }
  });

  it('BAN-07 BAN-08 BAN-11 INV-09 the period close charges 0341 and is declined: the banners, and the invoice open', async () => {
    // The period close charges the card on file, 0341, and is declined.
    await endCurrentPeriod(journey, DEMO_NEW_TEAM.accountName);
    const { server } = journey;

    for (const page of pages) {
      const width = page.viewportSize()!.width;
      const alerts = page.getByRole('region', { name: 'Account alerts' });
      await expect
        .poll(
          async () => {
            await page.goto(`${server.url}/billing`);
            await page.getByRole('form', { name: 'Addresses' }).waitFor();
            return alerts.getByText(DECLINED).count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(1);
      await alerts.getByText(BANNER_TEXT.invoiceOutstanding).waitFor();
      await alerts.getByText(BANNER_TEXT.paymentUnsuccessful).waitFor();
      await screenshot(page, `card-on-file-0341-declined-${width}`);

      await page.goto(`${server.url}/invoices`);
      const table = page.getByRole('table', { name: 'Invoices' });
      await table.waitFor();
      const open = table.getByRole('row').filter({ hasText: 'Unpaid' });
      expect(await open.count()).toBe(1);
      expect(await open.textContent()).toContain('Period close');
      await screenshot(page, `card-on-file-0341-invoice-open-${width}`);
    }
    expect(journey.problems).toEqual([]);
  });
});
