import { centsToDollars, PAYMENT_FAILED_EMAIL } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueEmail } from '../mail';
import { day, money } from '../pdf';
import {
  cancelForCollection,
  declineFacts,
  findCollection,
  saveCollection,
  setCallsRefused,
  settingFor,
} from './payment-collections-repository';

// Collecting failed payments (docs/billing.md, "Collecting failed payments"). A declined off-session
// charge puts its invoice in collection: retried on the operator's schedule (days after the first
// decline), each decline emailed with the card's reason and a pay link; after the last, the policy
// applies. Every retry is an ordinary payment attempt (invoice-payments.ts), so it is charged at most
// once per invoice and per key.

const DAY_MS = 86_400_000;

/** PUBLIC_URL's default (README, "Configure it"): the address of a portal run with `npm start`. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** Where the emailed link takes the customer: the Invoices page, which has Pay now. */
export const payLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/invoices`;

/**
 * Records a declined off-session charge of an invoice, in the transaction that settles the attempt (so
 * once per decline): the collection starts or advances to its next try, the customer is emailed, and
 * after the last try the policy applies (calls refused while delinquent, or the plan cancelled at the
 * end of its period).
 */
export async function recordDecline(
  tx: Transactional,
  publicUrl: string,
  decline: {
    accountId: string;
    invoiceId: string;
    at: Date;
    message: string;
    card: { brand: string; last4: string };
  },
): Promise<void> {
  const { accountId, invoiceId, at } = decline;
  const setting = await settingFor(tx, accountId);
  const existing = await findCollection(tx, accountId, invoiceId);
  const failures = (existing?.failures ?? 0) + 1;
  const startedAt = existing ? new Date(existing.started_at) : at;
  const retryDay = setting.retry_days[failures - 1];
  const next = retryDay === undefined ? null : new Date(startedAt.getTime() + retryDay * DAY_MS);
  let ended = existing?.ended ?? null;
  // A new collection starts with calls allowed: a refusal belongs to the collection that ran out.
  if (!existing) await setCallsRefused(tx, accountId, false);
  if (!next && !ended) {
    ended = setting.after_last === 'cancel' ? 'cancelled' : 'refused';
    if (ended === 'cancelled') await cancelForCollection(tx, accountId, at);
    else await setCallsRefused(tx, accountId, true);
  }
  await saveCollection(
    tx,
    {
      account_id: accountId,
      invoice_id: invoiceId,
      started_at: startedAt,
      failures,
      next_try_at: next,
      last_reason: decline.message,
      ended,
    },
    at,
  );
  const facts = await declineFacts(tx, accountId, invoiceId);
  if (!facts?.email) return;
  await queueEmail(tx, {
    accountId,
    kind: PAYMENT_FAILED_EMAIL.kind,
    to: facts.email,
    subject: PAYMENT_FAILED_EMAIL.subject(facts.number),
    text: PAYMENT_FAILED_EMAIL.body({
      name: facts.full_name ?? '',
      number: facts.number,
      amount: money(centsToDollars(facts.total_cents)),
      brand: decline.card.brand,
      last4: decline.card.last4,
      reason: decline.message,
      payUrl: payLink(publicUrl),
      nextTry: next ? day(next.toISOString()) : null,
    }),
  });
}
