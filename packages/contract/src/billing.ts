import { z } from 'zod';
import { addressSchema } from './address';

/**
 * Billing data (API-04, API-05). Addresses are null until first saved. Card expiry
 * is 'MM/YYYY'; a card is valid through the end of its expiry month (UTC calendar).
 */
export const cardDetailsSchema = z
  .object({
    brand: z.string(),
    last4: z.string(),
    expiry: z.string().meta({ description: "'MM/YYYY'" }),
    is_expired: z.boolean(),
    is_expired_soon: z.boolean().meta({ description: 'expires in the current or next calendar month' }),
  })
  .meta({ id: 'CardDetails' });
export type CardDetailsDto = z.infer<typeof cardDetailsSchema>;

/**
 * An account's tax status: a closed set the operator sets (exempt accounts pay no tax), with an
 * optional exemption reference that only an exempt account has.
 */
export const TAX_STATUSES = ['taxable', 'exempt'] as const;
export const taxStatusSchema = z.enum(TAX_STATUSES);
export type TaxStatus = z.infer<typeof taxStatusSchema>;

export const accountTaxSchema = z
  .object({
    status: taxStatusSchema,
    exemption_reference: z
      .string()
      .nullable()
      .meta({ description: 'the exemption certificate or letter an exempt account is exempt under' }),
  })
  .meta({ id: 'AccountTax' });
export type AccountTax = z.infer<typeof accountTaxSchema>;

/**
 * A tax status as the billing page shows it (BILL-05) and a new invoice prints it: 'Taxable', 'Exempt',
 * or 'Exempt (ref 12-3456789)'.
 */
export function taxStatusText(tax: AccountTax): string {
  if (tax.status === 'taxable') return 'Taxable';
  return tax.exemption_reference ? `Exempt (ref ${tax.exemption_reference})` : 'Exempt';
}

export const cardSummarySchema = z.object({ brand: z.string(), last4: z.string() });

/** A card brand as people write it: 'visa' reads 'Visa', 'amex' 'American Express'. */
export const cardBrandLabel = (brand: string): string =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

export const billingDataSchema = z
  .object({
    stripe_pk: z
      .string()
      .optional()
      .meta({ description: "the provider's publishable key; absent in the sandbox" }),
    card_details: cardDetailsSchema.nullable(),
    charge_failure_message: z.string().nullable(),
    charge_failure_card: cardSummarySchema.nullable(),
    last_invoice_paid: z.boolean(),
    last_invoice_id: z.string().nullable().meta({ description: 'the newest invoice, for the pay banner' }),
    is_subscription_active: z.boolean(),
    is_billing_address_required: z.boolean(),
    is_service_address_required: z.boolean(),
    is_credits_exhausted: z.boolean(),
    is_delinquent: z.boolean(),
    is_account_active: z.boolean(),
    tax: accountTaxSchema,
    service_address: addressSchema.nullable(),
    billing_address: addressSchema.nullable(),
  })
  .meta({ id: 'BillingData' });
export type BillingData = z.infer<typeof billingDataSchema>;

/** PUT /billing/address (API-06). */
export const addressUpdateSchema = z
  .object({ service_address: addressSchema, billing_address: addressSchema, sameBilling: z.boolean() })
  .meta({ id: 'AddressUpdate' });
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;

export const addressUpdateResponseSchema = z
  .object({ service_address: addressSchema, billing_address: addressSchema, message: z.string() })
  .meta({ id: 'AddressUpdateResponse' });
export type AddressUpdateResponse = z.infer<typeof addressUpdateResponseSchema>;

/** POST /billing/change-card (API-09): the provider's payment-method id. Answers the billing data. */
export const changeCardSchema = z.object({ pm_id: z.string().min(3).max(255) }).meta({ id: 'ChangeCard' });

export const changeCardResponseSchema = billingDataSchema
  .extend({ message: z.string() })
  .meta({ id: 'ChangeCardResponse' });
export type ChangeCardResponse = z.infer<typeof changeCardResponseSchema>;

/** The sandbox card form's tokenisation (only without Stripe): a test card becomes a payment method. */
export const sandboxCardSchema = z
  .object({
    number: z.string().min(12).max(23),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/),
  })
  .meta({ id: 'SandboxCard' });
export type SandboxCard = z.infer<typeof sandboxCardSchema>;
export const sandboxPaymentMethodSchema = z
  .object({ pm_id: z.string() })
  .meta({ id: 'SandboxPaymentMethod' });
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
