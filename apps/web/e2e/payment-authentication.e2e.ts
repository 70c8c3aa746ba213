import { AUTHENTICATION_TEXT, BILLING_TEXT, INVOICE_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_NEW_TEAM } from '../../api/src/db/seed/demo-account';
import { screenshot, signIn, type Page } from './support/browser';
import { endCurrentPeriod } from './support/end-period';
import { useJourney } from './support/journey';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/**
 * Strong customer authentication in the sandbox (docs/billing.md, "Strong customer authentication"):
 * Stripe's 4000 0025 0000 3155 asks for the bank's step when it is saved, and 4000 0027 6000 3184 asks
 * on every charge, so the period close leaves its invoice open and emails a link; the link's page
 * confirms with the bank and pays that invoice.
 */
describe('a card whose bank asks the cardholder (Chromium against the real server)', () => {
  const journey = useJourney({ page: false });
  const pages: Page[] = [];

  /** Saves `number` on the billing page, through the sandbox's bank page (Complete). */
  async function saveWithBankStep(page: Page, number: string, width: number, name: string) {
    await page.getByRole('button', { name: BILLING_TEXT.updateCard }).click();
    const form = page.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM/YY)').fill('10/33');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    // The bank's page, standing in for 3D Secure.
    const complete = page.getByRole('button', { name: AUTHENTICATION_TEXT.sandboxComplete });
    await complete.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: AUTHENTICATION_TEXT.sandboxFail }).waitFor();
    await screenshot(page, `payment-authentication-${name}-bank-${width}`);
    await complete.click();
    const dialog = page.getByRole('dialog', { name: BILLING_TEXT.cardSaved });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain(`Visa card ending in ${number.slice(-4)}`);
    // Back on /billing, the bank's answer has left the address.
    expect(new URL(page.url()).pathname).toBe('/billing');
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, `payment-authentication-${name}-saved-${width}`);
    await dialog.getByRole('button', { name: 'Yes, they are correct' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('card-row').textContent()).toContain(`•••• •••• •••• ${number.slice(-4)}`);
  }

  it('4000 0025 0000 3155 is saved after the bank step, at 1280 and at 390 px', async () => {
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
      await saveWithBankStep(page, '4000 0025 0000 3155', viewport.width, '3155');
    }
  });

  it("4000 0027 6000 3184: the period close leaves the invoice open and emails a link; the link's page confirms and pays", async () => {
    const [wide, phone] = pages as [Page, Page];
    await saveWithBankStep(wide, '4000 0027 6000 3184', 1280, '3184');
    // The period close charges 3184 off-session, and its bank asks for the cardholder.
    await endCurrentPeriod(journey, DEMO_NEW_TEAM.accountName);
    const { server } = journey;

    // The email, as /site/mail shows it, and its link.
    const subject = phone.getByRole('link', { name: /^Confirm your payment for enQ invoice / });
    await expect
      .poll(
        async () => {
          await phone.goto(`${server.url}/site/mail`);
          return subject.count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    await subject.click();
    const link = (await phone.getByRole('link', { name: /\/invoices\?pay=/ }).getAttribute('href'))!;

    // The overview's banner at both widths, its link the email's.
    for (const page of [wide, phone]) {
      await page.goto(`${server.url}/`);
      const alerts = page.getByRole('region', { name: 'Account alerts' });
      await alerts.getByText(AUTHENTICATION_TEXT.banner).waitFor({ timeout: 30_000 });
      const confirm = alerts.getByRole('link', { name: AUTHENTICATION_TEXT.bannerLink });
      expect(new URL(link).pathname + new URL(link).search).toBe(await confirm.getAttribute('href'));
      await screenshot(page, `payment-authentication-3184-overview-${page.viewportSize()!.width}`);
    }
    await phone
      .getByRole('region', { name: 'Account alerts' })
      .getByRole('link', { name: AUTHENTICATION_TEXT.bannerLink })
      .click();
    const panel = phone.getByRole('region', { name: AUTHENTICATION_TEXT.panelTitle });
    await panel.waitFor({ timeout: 30_000 });
    const table = phone.getByRole('table', { name: 'Invoices' });
    expect(await table.getByRole('row').filter({ hasText: 'Unpaid' }).count()).toBe(1);
    await screenshot(phone, 'payment-authentication-3184-link-390');
    await panel.getByRole('button', { name: AUTHENTICATION_TEXT.panelButton }).click();
    const complete = phone.getByRole('button', { name: AUTHENTICATION_TEXT.sandboxComplete });
    await complete.waitFor({ timeout: 30_000 });
    await screenshot(phone, 'payment-authentication-3184-bank-390');
    await complete.click();
    await phone.getByText(INVOICE_TEXT.paid, { exact: true }).waitFor({ timeout: 30_000 });
    await panel.waitFor({ state: 'detached' });
    expect(await table.getByRole('row').filter({ hasText: 'Unpaid' }).count()).toBe(0);
    await screenshot(phone, 'payment-authentication-3184-paid-390');

    // The same link at 1280 px, once paid: nothing left to confirm.
    await wide.goto(link);
    await wide.getByRole('table', { name: 'Invoices' }).waitFor({ timeout: 30_000 });
    expect(await wide.getByRole('region', { name: AUTHENTICATION_TEXT.panelTitle }).count()).toBe(0);
    expect(
      await wide
        .getByRole('table', { name: 'Invoices' })
        .getByRole('row')
        .filter({ hasText: 'Unpaid' })
        .count(),
    ).toBe(0);
    await screenshot(wide, 'payment-authentication-3184-paid-1280');
    expect(journey.problems).toEqual([]);
  });
});
