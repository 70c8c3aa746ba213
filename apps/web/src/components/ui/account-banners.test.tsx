import { BANNER_TEXT } from '@enq/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { describe, expect, it } from 'vitest';
import { billingData } from '../../test/billing-data';
import { AccountBanners } from './account-banners';

const FAILED = 'Your card has insufficient funds.';

function renderBanners(overrides: Parameters<typeof billingData>[0]) {
  const router = createMemoryRouter([
    { path: '/', element: <AccountBanners flags={billingData(overrides)} /> },
  ]);
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('region', { name: 'Account alerts' }));
}

describe('the account alerts', () => {
  it('BAN-07 BAN-08 BAN-11 a failed card, an unpaid invoice and a delinquent account: one panel, every text, Pay invoice first', () => {
    const alerts = renderBanners({
      charge_failure_message: FAILED,
      charge_failure_card: { brand: 'visa', last4: '4242' },
      last_invoice_paid: false,
      is_delinquent: true,
      is_credits_exhausted: true,
    });
    const [payment, credits] = alerts.getAllByRole('alert');
    expect(alerts.getAllByRole('alert')).toHaveLength(2);
    const panel = within(payment!);
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      BANNER_TEXT.cardUpdate(FAILED, 'Visa', '4242'),
      BANNER_TEXT.invoiceOutstanding,
      BANNER_TEXT.paymentUnsuccessful,
    ]);
    // One primary action, then the other (the same destination is offered once).
    expect(panel.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pay invoice', '/invoices'],
      ['Update card', '/billing'],
    ]);
    expect(credits!.textContent).toContain(BANNER_TEXT.creditsExhausted);
  });

  it('a single payment banner stays a banner of its own', () => {
    const alerts = renderBanners({ last_invoice_paid: false });
    expect(alerts.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      `${BANNER_TEXT.invoiceOutstanding}Pay invoice`,
    ]);
    expect(alerts.queryByRole('listitem')).toBeNull();
  });

  it('BAN-02 BAN-03 both addresses incomplete: one panel with both texts and one Update address', () => {
    const alerts = renderBanners({ is_billing_address_required: true, is_service_address_required: true });
    expect(alerts.getAllByRole('alert')).toHaveLength(1);
    const panel = within(alerts.getByRole('alert'));
    expect(panel.getByText('Your addresses are incomplete')).toBeTruthy();
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      BANNER_TEXT.billingAddress,
      BANNER_TEXT.serviceAddress,
    ]);
    expect(panel.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Update address', '/billing'],
    ]);
  });
});
