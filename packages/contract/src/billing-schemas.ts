import { z } from 'zod';
import { addressSchema } from './address';
import { TAX_STATUSES } from './billing';

// The Billing API's schemas, apart from the texts and helpers in billing.ts: a screen that shows those
// (Invoices' first load) does not build these.

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

export const cardSummarySchema = z.object({ brand: z.string(), last4: z.string() });

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
    payment_authentication_invoice_id: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "the open invoice whose charge waits for the cardholder's bank (its link)" }),
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

/**
 * The provider's payment-method id as the provider spells it (`pm_` and letters, digits, `_`, `-`):
 * another spelling of one (spaces around it, a percent-encoding, a zero-width character, `PM_`) is
 * refused before the provider is asked, never saved as a second card.
 */
export const PAYMENT_METHOD_ID_PATTERN = /^pm_[A-Za-z0-9_-]+$/;

/** POST /billing/change-card (API-09): the provider's payment-method id. Answers the billing data. */
export const changeCardSchema = z
  .object({ pm_id: z.string().min(3).max(255).regex(PAYMENT_METHOD_ID_PATTERN) })
  .meta({ id: 'ChangeCard' });

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
