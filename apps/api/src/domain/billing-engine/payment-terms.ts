import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { PaymentProvider } from '../ports/payment-provider';

// The words of a payment (invoice-payments.ts): who asks, what it needs, and what became of it.

/** What became of a request to pay an invoice. */
export type PaymentOutcome =
  /**
   * `referralPending`: whether the account came through a referral whose bonus is still pending (false
   * spares the caller the look-up; absent when this request did not find out).
   */
  | { state: 'paid'; referralPending?: boolean }
  | { state: 'failed'; message: string }
  /** The provider's answer is not known yet; the reconciliation job settles the attempt. */
  | { state: 'pending' }
  /** Void or refunded: nothing to pay. */
  | { state: 'closed'; message: string }
  /**
   * The card's bank asks the cardholder to authenticate; the invoice stays open and its attempt waits.
   * `clientSecret`: what the page finishes the step with (null when nobody is at the page).
   */
  | { state: 'requires_action'; clientSecret: string | null };

/**
 * Who asked for a payment: it decides how the provider charges and what a decline leads to.
 * - The cardholder at the page (Pay now): charged on-session, and an attempt waiting for the bank's
 *   step is finished in the page (the same attempt, never a second charge); `returnUrl` is where a
 *   redirect-based step comes back to.
 * - `request`: a person's request without the bank's step (a start, a resume, an upgrade, a staff
 *   retry): charged off-session; a decline is answered to them.
 * - `schedule`: nobody (a period close, an interim mark, a collection retry): charged off-session; a
 *   decline puts the invoice in collection (payment-collections.ts).
 */
export type PaymentAsker = { cardholder: { returnUrl: string } } | 'request' | 'schedule';

/**
 * How long a person's payment request (Pay now, an upgrade, a staff retry or resume) that finds another
 * attempt in flight waits for its outcome before answering that it is pending.
 */
export const PERSON_WAIT_MS = 15_000;

/** How a payment is asked for. */
export interface PayOptions {
  /** With an attempt in flight elsewhere, wait this long for its outcome (a person's click). */
  waitMs?: number;
  /** Who asked (a person's request when not said). */
  by?: PaymentAsker;
}

export interface PaymentDeps {
  database: Transactional;
  payments: PaymentProvider;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long a charge may take before its outcome counts as unknown. */
  timeoutMs: number;
  /** The portal's address (PUBLIC_URL): the pay links of the emails payments send. */
  publicUrl: string;
}

/** An attempt the first step wrote as pending, with what charging and settling it need. */
export interface NewAttempt {
  id: string;
  idempotencyKey: string;
  amountCents: number;
  card: { id: string; brand: string; last4: string };
  /** The account's Customer at the provider, which an off-session charge of a saved card must name. */
  customerId: string | null;
  number: string;
  /** The invoice has a period-start order: its settlement starts (or voids) that period too. */
  startsPeriod: boolean;
  /** Asked by the schedule: a decline enters collection (the attempt's `off_session` column). */
  scheduled: boolean;
  holder: { email: string; fullName: string } | null;
  referralPending: boolean;
}
