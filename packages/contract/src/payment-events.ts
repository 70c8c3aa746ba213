import { z } from 'zod';
import { cardBrandLabel } from './billing';

/** Where the card provider (Stripe, or the sandbox standing in for it) posts its events. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe';

/** The header Stripe signs its events in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** What the webhook answers an event it kept (or had kept already): Stripe only looks at the 2xx. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  /** The event was kept before (a repeated delivery): nothing changed. */
  duplicate: z.boolean(),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

/** The reason a credit note made for a refund issued in Stripe's dashboard carries. */
export const DASHBOARD_REFUND_REASON = 'Refunded in Stripe';

/** The customer's email, once, when the card provider says the card on file is about to expire. */
export const CARD_EXPIRING_EMAIL = {
  subject: 'Your card on file is about to expire',
  body: (name: string, brand: string, last4: string, expMonth: number, expYear: number) =>
    [
      `Hello ${name},`,
      '',
      `The ${cardBrandLabel(brand)} card ending in ${last4} that pays your enQ invoices expires at the end of ${String(expMonth).padStart(2, '0')}/${expYear}.`,
      'Please put a new card on file on the Billing page of your enQ portal before then, so your service continues without interruption.',
      '',
      'enQ',
    ].join('\n'),
} as const;

/** A dispute's status as the console shows it beside the invoice. */
export const DISPUTE_STATUS_LABEL = (status: string): string =>
  status === 'lost'
    ? 'Dispute lost'
    : status === 'won'
      ? 'Dispute won'
      : status === 'warning_closed'
        ? 'Dispute closed'
        : 'Disputed';
