import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  ADDRESS_PLACEHOLDERS,
  DEFAULT_COUNTRY,
  emptyAddress,
  isAddressComplete,
  normalizeAddress,
  US_STATES,
  validateAddress,
} from '../src/address';
import { BILLING_TEXT, cardExpiry } from '../src/billing';
import { addressUpdateSchema } from '../src/billing-schemas';
import {
  INVOICE_COLUMNS,
  INVOICE_TEXT,
  invoiceFilename,
  invoiceStatusLabel,
  payErrorMessage,
} from '../src/invoices';

const GOOD = {
  line1: '1 Main St',
  line2: '',
  city: 'Portland',
  state: 'ME',
  postal_code: '04101',
  country: 'US',
};

describe('address rules', () => {
  it('BILL-24 BILL-25 BILL-26 BILL-27 BILL-28 BILL-29 the exact messages', () => {
    expect(ADDRESS_MESSAGES).toEqual({
      line1: 'Address Line 1 required',
      city: 'Town or City required',
      state: 'State required',
      postal_code: 'Postal code required',
      country: 'Country required',
    });
    for (const [field, message] of Object.entries(ADDRESS_MESSAGES))
      expect(message).toBe(`${ADDRESS_PLACEHOLDERS[field as keyof typeof ADDRESS_MESSAGES]} required`);
    expect(
      validateAddress({ ...GOOD, line1: '', city: ' ', state: '', postal_code: '', country: 'US' }),
    ).toEqual({
      line1: 'Address Line 1 required',
      city: 'Town or City required',
      state: 'State required',
      postal_code: 'Postal code required',
    });
    expect(validateAddress({ ...GOOD, country: '' })).toEqual({ country: 'Country required' });
    expect(validateAddress(GOOD)).toEqual({});
  });
  it('BILL-26 state is required only in the US', () => {
    expect(validateAddress({ ...GOOD, country: 'CA', state: '' })).toEqual({});
    expect(validateAddress({ ...GOOD, state: '' })).toEqual({ state: 'State required' });
  });
  it('BILL-09 an empty country defaults to US', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(emptyAddress().country).toBe('US');
    expect(normalizeAddress({ ...GOOD, country: '' }).country).toBe('US');
    expect(normalizeAddress(null)).toEqual(emptyAddress());
  });
  it('BILL-10 the US states list has the 50 states and DC', () => {
    expect(US_STATES.length).toBeGreaterThanOrEqual(51);
    expect(US_STATES.find(([code]) => code === 'NY')?.[1]).toBe('New York');
  });
  it('API-05 is*_address_required follows the same rules', () => {
    expect(isAddressComplete(null)).toBe(false);
    expect(isAddressComplete(GOOD)).toBe(true);
    expect(isAddressComplete({ ...GOOD, city: '' })).toBe(false);
  });
  it('API-06 the update payload has service_address, billing_address and sameBilling', () => {
    expect(
      addressUpdateSchema.safeParse({ service_address: GOOD, billing_address: GOOD, sameBilling: true })
        .success,
    ).toBe(true);
    expect(addressUpdateSchema.safeParse({ service_address: GOOD, billing_address: GOOD }).success).toBe(
      false,
    );
  });
});

describe('billing texts and card expiry', () => {
  it('BILL-03 BILL-04 BILL-07 BILL-31 BILL-32 BILL-33 BILL-37 the exact texts', () => {
    expect(BILLING_TEXT).toMatchObject({
      addCard: 'Add card',
      updateCard: 'Update credit card',
      noCard: 'No Card Added',
      expired: 'Expired',
      sameBilling: 'Billing Address is same as Service Address',
      addressUpdated: 'Address updated successfully.',
      addressError: 'Error updating address. Please try again.',
      cardSaved: 'Credit Card saved.',
      addressRequiredForCard:
        'Please update your service and billing address prior to updating your credit card',
    });
  });
  it('BAN-05 BAN-06 a card is valid through its expiry month; about to expire in the current or next month', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(cardExpiry(11, 2026, now)).toEqual({
      expiry: '11/2026',
      is_expired: false,
      is_expired_soon: true,
    });
    expect(cardExpiry(12, 2026, now)).toMatchObject({ is_expired: false, is_expired_soon: true });
    expect(cardExpiry(1, 2027, now)).toMatchObject({ is_expired: false, is_expired_soon: false });
    expect(cardExpiry(10, 2026, now)).toMatchObject({ is_expired: true, is_expired_soon: false });
    // December's next month is January of the next year.
    expect(cardExpiry(1, 2027, new Date('2026-12-05T00:00:00Z')).is_expired_soon).toBe(true);
  });
});

describe('invoices texts', () => {
  // INV-01 and INV-02 are the page's: invoices-page.test.tsx reads the headings and pages of 10 off the table.
  it("the eight column headings are the spec's, letter for letter", () => {
    expect(INVOICE_COLUMNS).toEqual([
      'Invoice date',
      'Period',
      'Invoice ID',
      'Amount',
      'Credits used',
      'Status',
      'Download',
      'Details',
    ]);
  });
  it('INV-05 INV-06 INV-07 status labels', () => {
    expect(invoiceStatusLabel('open')).toBe('Unpaid');
    expect(invoiceStatusLabel('refunded')).toBe('Refunded');
    expect(invoiceStatusLabel('paid')).toBe('Paid');
    expect(invoiceStatusLabel('void')).toBe('Void');
  });
  it('INV-09 INV-10 pay messages', () => {
    expect(INVOICE_TEXT.paid).toBe('Invoice paid successfully.');
    expect(payErrorMessage()).toBe('Error paying invoice');
    expect(payErrorMessage('Your card was declined.')).toBe('Error paying invoice: Your card was declined.');
  });
  // API-18 (the name from content-disposition, else 'invoice.pdf') is proved where the page downloads.
  it('names an invoice PDF and a credit note PDF by the invoice number', () => {
    expect(invoiceFilename('ENQ-202611-ABCD', false)).toBe('enq-invoice-ENQ-202611-ABCD.pdf');
    expect(invoiceFilename('ENQ-202611-ABCD', true)).toBe('enq-credit-note-ENQ-202611-ABCD.pdf');
  });
});
