import type { AccountTax } from './billing-schemas';

// Billing's texts, paths and helpers; the API's schemas are in billing-schemas.ts.

/**
 * An account's tax status: a closed set the operator sets (exempt accounts pay no tax), with an
 * optional exemption reference that only an exempt account has.
 */
export const TAX_STATUSES = ['taxable', 'exempt'] as const;

/**
 * A tax status as the billing page shows it (BILL-05) and a new invoice prints it: 'Taxable', 'Exempt',
 * or 'Exempt (ref 12-3456789)'.
 */
export function taxStatusText(tax: AccountTax): string {
  if (tax.status === 'taxable') return 'Taxable';
  return tax.exemption_reference ? `Exempt (ref ${tax.exemption_reference})` : 'Exempt';
}

/** A card brand as people write it: 'visa' reads 'Visa', 'amex' 'American Express'. */
export const cardBrandLabel = (brand: string): string =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

export const SANDBOX_PAYMENT_METHODS_PATH = '/api/v1/payments/sandbox/payment-methods';

export const BILLING_PATHS = {
  root: '/billing/',
  address: '/billing/address',
  changeCard: '/billing/change-card',
} as const;

export const BILLING_TEXT = {
  addCard: 'Add card',
  updateCard: 'Update credit card',
  noCard: 'No Card Added',
  expired: 'Expired',
  sameBilling: 'Billing Address is same as Service Address',
  addressUpdated: 'Address updated successfully.',
  addressError: 'Error updating address. Please try again.',
  cardSaved: 'Credit Card saved.',
  addressRequiredForCard: 'Please update your service and billing address prior to updating your credit card',
} as const;

/** 'MM/YYYY' and the expiry flags of a card valid through the end of its expiry month. */
export function cardExpiry(
  expMonth: number,
  expYear: number,
  now: Date,
): { expiry: string; is_expired: boolean; is_expired_soon: boolean } {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const card = expYear * 12 + (expMonth - 1);
  return {
    expiry: `${String(expMonth).padStart(2, '0')}/${expYear}`,
    is_expired: card < current,
    is_expired_soon: card === current || card === current + 1,
  };
}
