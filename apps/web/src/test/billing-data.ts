import type { BillingData } from '@enq/contract';

/**
 * What GET /billing/ answers for the page tests: an active, paid-up account with a Visa ending in 4242
 * and no addresses, changed by `overrides`.
 */
export function billingData(overrides: Partial<BillingData> = {}): BillingData {
  return {
    card_details: {
      brand: 'visa',
      last4: '4242',
      expiry: '08/2028',
      is_expired: false,
      is_expired_soon: false,
    },
    charge_failure_message: null,
    charge_failure_card: null,
    last_invoice_paid: true,
    last_invoice_id: 'in_1',
    is_subscription_active: true,
    is_billing_address_required: false,
    is_service_address_required: false,
    is_credits_exhausted: false,
    is_delinquent: false,
    is_account_active: true,
    tax: { status: 'taxable', exemption_reference: null },
    service_address: null,
    billing_address: null,
    ...overrides,
  };
}
