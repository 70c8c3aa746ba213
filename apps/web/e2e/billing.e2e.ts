import { BILLING_TEXT, MESSAGES } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn } from './support/browser';
import { useJourney } from './support/journey';

describe('the billing page (Chromium against the real server)', () => {
  const journey = useJourney();

  const cardForm = () => journey.page.getByRole('form', { name: 'Card details' });
  const serviceBlock = () => journey.page.getByRole('group', { name: 'Service Address' });

  async function fillCard(number: string) {
    await cardForm().getByLabel('Card number').fill(number);
    await cardForm().getByLabel('Expiry (MM/YY)').fill('12/34');
    await cardForm().getByLabel('CVC').fill('123');
    await cardForm().getByRole('button', { name: 'Save card' }).click();
  }

  it('BILL-01 BILL-04 BILL-05 BILL-06 the demo admin sees the card, Tax Status and the addresses', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/billing`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/billing`);
    await page.getByRole('form', { name: 'Addresses' }).waitFor();
    expect(await page.getByTestId('card-row').textContent()).toContain('•••• •••• •••• 4242');
    expect(await page.getByTestId('tax-status').textContent()).toBe('Taxable');
    expect(
      await serviceBlock()
        .getByLabel(/^Address Line 1/)
        .inputValue(),
    ).toBe('1200 Harbor Pine Road');
    expect(await page.getByRole('checkbox', { name: BILLING_TEXT.sameBilling }).isChecked()).toBe(true);
    await screenshot(page, 'billing');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('BILL-34 BILL-38 BILL-35 BILL-36 BILL-37 add a card: declined inline (cleared after 4 s), then accepted with the confirm modal', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: BILLING_TEXT.updateCard }).click();
    await fillCard('4000 0000 0000 0002');
    const inline = cardForm().getByText('Your card was declined.');
    await inline.waitFor();
    await screenshot(page, 'billing-card-declined');
    await inline.waitFor({ state: 'detached', timeout: 6000 });

    await fillCard('4242 4242 4242 4242');
    const dialog = page.getByRole('dialog', { name: BILLING_TEXT.cardSaved });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Visa card ending in 4242');
    expect(await dialog.textContent()).toContain('addresses correct?');
    await page.getByText(BILLING_TEXT.cardSaved, { exact: true }).last().waitFor();
    await screenshot(page, 'billing-card-confirm');
    await dialog.getByRole('button', { name: 'Yes, they are correct' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('card-row').textContent()).toContain('Expires 12/2034');
  });

  it('BILL-15 BILL-19 BILL-30 BILL-21 BILL-31 SHELL edit and save addresses, with the leave prompt', async () => {
    const { server, page, problems } = journey;
    await page.getByRole('checkbox', { name: BILLING_TEXT.sameBilling }).uncheck();
    const billing = page.getByRole('group', { name: 'Billing Address' });
    // A blank block says what is required once a field has been visited, not before.
    await page.getByText('Fill in the required fields (*) to save.').waitFor();
    expect(await billing.getByText('Address Line 1 required').count()).toBe(0);
    await billing.getByLabel(/^Address Line 1/).focus();
    await billing.getByLabel(/^Town or City/).focus();
    await billing.getByText('Address Line 1 required').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await screenshot(page, 'billing-address-errors');

    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation').getByRole('link', { name: 'Lines' }).first().click();
    const prompt = page.getByRole('dialog', { name: MESSAGES.unsavedChanges });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/billing');

    await billing.getByLabel(/^Address Line 1/).fill('PO Box 77');
    await billing.getByLabel(/^Town or City/).fill('Toronto');
    await billing.getByRole('combobox', { name: /^Country/ }).selectOption('CA');
    await billing.getByRole('textbox', { name: /^State/ }).fill('Ontario');
    await billing.getByLabel(/^Postal code/).fill('M5V 2T6');
    const saved = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/account/billing/address' && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(BILLING_TEXT.addressUpdated).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('form', { name: 'Addresses' }).waitFor();
    const reloaded = page.getByRole('group', { name: 'Billing Address' });
    expect(await reloaded.getByLabel(/^Town or City/).inputValue()).toBe('Toronto');
    expect(await reloaded.getByRole('combobox', { name: /^Country/ }).inputValue()).toBe('CA');
    await screenshot(page, 'billing-addresses-saved');
    // Clean now: navigating away needs no prompt.
    await page.getByRole('navigation').getByRole('link', { name: 'Lines' }).first().click();
    await page.waitForURL(`${server.url}/lines`);
    expect(problems).toEqual([]);
  });
});
