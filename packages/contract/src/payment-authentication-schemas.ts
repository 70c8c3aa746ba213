import { z } from 'zod';
import { AUTHENTICATION_REQUIRED_CODE } from './payment-authentication';

/** The 202 answer of Pay now and of saving a card while the bank waits for the cardholder. */
export const authenticationRequiredSchema = z
  .object({
    code: z.literal(AUTHENTICATION_REQUIRED_CODE),
    message: z.string(),
    /** The PaymentIntent's or SetupIntent's client secret, for handleNextAction. */
    client_secret: z.string(),
    /** Stripe's publishable key for Stripe.js; null while the sandbox plays Stripe's part. */
    stripe_pk: z.string().nullable(),
  })
  .meta({ id: 'AuthenticationRequired' });
export type AuthenticationRequired = z.infer<typeof authenticationRequiredSchema>;
