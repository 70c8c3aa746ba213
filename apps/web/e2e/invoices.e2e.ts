import {
  BILLING_TEXT,
  INVOICE_TEXT,
  MESSAGES,
  SUBSCRIPTION_TEXT,
  invoiceFilename,
  payConfirmTitle,
  payErrorMessage,
} from '@enq/contract';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../api/src/db/seed/demo-account';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { startSmtp, type LocalSmtp } from '../../api/test/helpers/smtp-server';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

describe('the invoices page (Chromium against the real server)', () => {
  // The server sends its email to a local SMTP server: a receipt is read back as a mail client would.
  const env: Record<string, string> = {};
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  });
  afterAll(() => smtp?.close());
  const journey = useJourney({ page: false, env });

  async function open(email: string, password: string, path: string): Promise<Page> {
    const { server, browser } = journey;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    journey.watch(page);
    await page.goto(`${server.url}${path}`);
    await signIn(page, email, password);
    await page.waitForURL(`${server.url}${path}`);
    return page;
  }

  /** A JSON call with the page's own token, as the page would send it. */
  async function api(page: Page, method: string, path: string, body?: object) {
    const token = await storedToken(page);
    return page.evaluate(
      async ({ method, path, body, token }) => {
        const response = await fetch(`/api/v1/account${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: await response.json() };
      },
      { method, path, body, token },
    );
  }

  it('INV-01 INV-02 INV-06 API-18 the demo admin sees pages of 10, a refunded invoice, and downloads PDFs', async () => {
    const page = await open(DEMO_ADMIN.email, DEMO_ADMIN.password, '/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(11);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Invoice date',
      'Period',
      'Invoice ID',
      'Amount',
      'Credits used',
      'Status',
      'Download',
      'Details',
    ]);
    await screenshot(page, 'invoices');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const first = table.getByRole('row').nth(1);
    const number = (await first.getByRole('cell').nth(2).textContent())!.trim();
    const downloading = page.waitForEvent('download');
    await first.getByRole('button', { name: `PDF of invoice ${number}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`enq-invoice-${number}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText(MESSAGES.fileDownloaded).waitFor();

    // The refunded invoice is on some page; find it and fetch its refund PDF.
    for (;;) {
      if ((await table.getByText('Refunded', { exact: true }).count()) > 0) break;
      await page.getByRole('button', { name: 'Next page' }).click();
    }
    const refundRow = table.getByRole('row').filter({ hasText: 'Refunded' });
    const refundDownload = page.waitForEvent('download');
    await refundRow.getByRole('button', { name: /^Refund PDF of invoice/ }).click();
    expect((await refundDownload).suggestedFilename()).toMatch(
      /^enq-credit-note-ENQ-\d{6}-[0-9A-F]{8}\.pdf$/,
    );

    await refundRow.getByRole('button', { name: /^View invoice/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Credit notes').waitFor();
    expect(await dialog.textContent()).not.toMatch(/\bin_[0-9a-f]/);
    await screenshot(page, 'invoices-detail-refunded');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.context().close();
  });

  // The dialog's scroll lock and focus guards are the UI library's: a dialog closed by a refusal must
  // leave the page as it was, so the next click reaches Pay now.
  it('INV-10 a declined Pay now leaves the page usable: the message, the dialog gone, and the next Pay now a new payment', async () => {
    const { problems } = journey;
    const page = await open(DEMO_ADMIN.email, DEMO_ADMIN.password, '/invoices');
    const keys: string[] = [];
    const refusal = 'Your card was declined.';
    await page.route(/\/invoices\/pay\/?$/, (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      return route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PAYMENT_FAILED', message: refusal }),
      });
    });
    const openRow = page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: 'Unpaid' });
    const declined = page.getByText(payErrorMessage(refusal));
    for (const attempt of [1, 2]) {
      // Playwright clicks only what receives the click: a page left locked fails here.
      await openRow.getByRole('button', { name: /^Pay now/ }).click({ timeout: 10_000 });
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: INVOICE_TEXT.confirmPay }).click();
      await expect.poll(() => declined.count()).toBe(attempt);
      await expect.poll(() => confirm.count()).toBe(0);
      expect(keys).toHaveLength(attempt);
    }
    expect(new Set(keys).size).toBe(2);
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('auto');
    expect(await openRow.textContent()).toContain('Unpaid');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("INV-09 the demo's declined period close is due: the amount due, Pay now asks first, 'Invoice paid successfully.', the receipt emailed, banners cleared", async () => {
    const { problems } = journey;
    const page = await open(DEMO_ADMIN.email, DEMO_ADMIN.password, '/billing');
    const alerts = page.getByRole('region', { name: 'Account alerts' });
    await alerts.getByText('Your last invoice is unpaid. Please pay the outstanding invoice.').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Invoices' }).first().click();
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    const openRow = table.getByRole('row').filter({ hasText: 'Unpaid' });
    expect(await openRow.count()).toBe(1);
    const total = (await openRow.getByRole('cell').nth(3).textContent())!.trim();
    expect(await openRow.textContent()).toContain('Period close');
    const due = page.getByRole('region', { name: 'Amount due' });
    expect(await due.textContent()).toBe(`Amount due${total} on 1 open invoice`);
    await screenshot(page, 'invoices-amount-due');

    await openRow.getByRole('button', { name: /^View invoice/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Amount due').waitFor();
    const detail = (await dialog.textContent())!;
    expect(detail).toContain('Invoice number');
    expect(detail).not.toMatch(/\bin_[0-9a-f]/);
    expect(detail).toContain('Your card has insufficient funds.');
    await screenshot(page, 'invoices-detail-open');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Pay now asks first, naming the amount due and the card on file.
    const number = (await openRow.getByRole('cell').nth(2).textContent())!.trim();
    await openRow.getByRole('button', { name: /^Pay now/ }).click();
    const confirm = page.getByRole('dialog', { name: payConfirmTitle(number) });
    await confirm.getByText(`Pay ${total} now with Visa ending in 4242?`).waitFor();
    await screenshot(page, 'invoices-pay-confirm');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'invoices-pay-confirm-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: INVOICE_TEXT.confirmPay }).click();
    await page.getByText(INVOICE_TEXT.paid).waitFor();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => table.getByText('Unpaid', { exact: true }).count()).toBe(0);
    await expect.poll(() => due.count()).toBe(0);

    // The receipt arrives by email with the invoice PDF attached.
    const receipts = () => smtp.received.filter((m) => m.subject === `Receipt for enQ invoice ${number}`);
    await expect.poll(receipts, { timeout: 60_000 }).toHaveLength(1);
    const [receipt] = receipts();
    expect(receipt!.to && !Array.isArray(receipt!.to) ? receipt!.to.value[0]!.address : null).toBe(
      DEMO_ADMIN.email,
    );
    expect(receipt!.text).toContain(`Invoice: ${number}`);
    expect(receipt!.text).toContain(`Amount paid: ${total}`);
    expect(receipt!.text).toContain('Paid with: Visa ending in 4242');
    expect(receipt!.attachments.map((a) => [a.contentType, a.filename])).toEqual([
      ['application/pdf', invoiceFilename(number, false)],
    ]);
    expect(await pdfText(receipt!.attachments[0]!.content)).toContain(number);

    await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).first().click();
    await page.getByRole('form', { name: 'Addresses' }).waitFor();
    // The billing data may be shown from the cache while its refetch after the payment runs: wait for it.
    await expect
      .poll(() => page.getByText('Your last invoice is unpaid. Please pay the outstanding invoice.').count())
      .toBe(0);
    await expect
      .poll(() => page.getByText('Your card has insufficient funds.', { exact: false }).count())
      .toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("BAN-07 SUB-12 a declined renewal changes nothing: the card's reason shows, nothing is left to pay, a new card renews", async () => {
    const { problems } = journey;
    const page = await open(DEMO_ANNUAL.email, DEMO_ANNUAL.password, '/billing');
    await page.getByRole('form', { name: 'Addresses' }).waitFor();
    // A card that saves but fails when charged.
    const card = await api(page, 'POST', '/billing/change-card', {
      pm_id: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);

    // Renew is paid first: the charge is declined, and the page says why.
    await page.getByRole('navigation').getByRole('link', { name: 'Subscription' }).first().click();
    const renew = page.getByRole('button', { name: 'Renew Solo annual' });
    await renew.click();
    await page
      .getByRole('dialog', { name: 'Renew Solo annual now?' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await page.getByText('Your card has insufficient funds.').first().waitFor();
    await screenshot(page, 'subscription-renewal-declined');
    // Still exhausted: the year did not start, and Renew is still offered.
    await page.reload();
    await renew.waitFor();
    const used = page.getByRole('progressbar', { name: 'Plan credits used' });
    expect(await used.getAttribute('aria-valuenow')).not.toBe('0');

    // The declined renewal's invoice was voided: nothing is left unpaid.
    await page.getByRole('navigation').getByRole('link', { name: 'Invoices' }).first().click();
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    expect(await table.getByText('Unpaid', { exact: true }).count()).toBe(0);
    await table.getByText('Void', { exact: true }).first().waitFor();

    // The failed charge shows on Billing until the card changes (BAN-07); a good card, then Renew.
    await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).first().click();
    const alerts = page.getByRole('region', { name: 'Account alerts' });
    await alerts.getByText('Your card has insufficient funds.', { exact: false }).waitFor();
    await page.getByRole('button', { name: BILLING_TEXT.updateCard }).click();
    // Either the card form opens, or a toast asks for the addresses first.
    const form = page.getByRole('form', { name: 'Card details' });
    const warning = page.getByText(BILLING_TEXT.addressRequiredForCard);
    await form.or(warning).first().waitFor();
    if ((await warning.count()) > 0) {
      const service = page.getByRole('group', { name: 'Service Address' });
      await service.getByLabel(/^Address Line 1/).fill('5 Harbour St');
      await service.getByLabel(/^Town or City/).fill('Boston');
      await service.getByRole('combobox', { name: /^State/ }).selectOption('MA');
      await service.getByLabel(/^Postal code/).fill('02110');
      const checkbox = page.getByRole('checkbox', { name: BILLING_TEXT.sameBilling });
      if (!(await checkbox.isChecked())) await checkbox.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(BILLING_TEXT.addressUpdated).waitFor();
      await page.getByRole('button', { name: BILLING_TEXT.updateCard }).click();
    }
    await form.getByLabel('Card number').fill('4242424242424242');
    await form.getByLabel('Expiry (MM/YY)').fill('11/33');
    await form.getByLabel('CVC').fill('321');
    await form.getByRole('button', { name: 'Save card' }).click();
    const dialog = page.getByRole('dialog', { name: BILLING_TEXT.cardSaved });
    await dialog.getByRole('button', { name: 'Yes, they are correct' }).click();
    await expect
      .poll(() => alerts.getByText('Your card has insufficient funds.', { exact: false }).count())
      .toBe(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Subscription' }).first().click();
    await renew.click();
    await page
      .getByRole('dialog', { name: 'Renew Solo annual now?' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await page.getByText(SUBSCRIPTION_TEXT.renewed, { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Renew/ }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
