import { cardExpiry, isAddressComplete, normalizeAddress, type BillingData } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { KeptAnswers } from '../account-changes';
import { creditsLeft, currentPeriod, periodUsage } from '../billing-engine';
import { billingActivityRow, billingPageRow, type BillingRow } from './billing-repository';

/** Annual plans stop when their credits are used up (monthly plans run into overage instead). */
async function creditsExhausted(q: Transactional, accountId: string): Promise<boolean> {
  const period = await currentPeriod(q, accountId);
  if (!period || period.plan.period !== 'yr') return false;
  const usage = await periodUsage(q, accountId, period.id);
  return creditsLeft(usage) <= 0;
}

/** The billing data (API-04, API-05) plus the flags the banners need (BAN-01..12). */
export async function loadBillingData(
  q: Transactional,
  kept: KeptAnswers,
  accountId: string,
  now: Date,
  publishableKey: string | null,
): Promise<BillingData> {
  const row = await kept.read(q, { answer: 'billing', accountId }, now, async () => {
    const read = await billingPageRow(q, accountId);
    if (!read) return null;
    const annualActive = read.sub?.status === 'active' && read.sub.period === 'yr';
    return { ...read, exhausted: annualActive && (await creditsExhausted(q, accountId)) };
  });
  if (!row) throw new Error(`no account ${accountId}`);
  return billingDataFrom(row, now, publishableKey, row.exhausted);
}

/** Billing data from a row of BILLING_SQL and whether an annual plan's credits are used up. */
export function billingDataFrom(
  row: BillingRow,
  now: Date,
  publishableKey: string | null,
  creditsAreExhausted: boolean,
): BillingData {
  const active = row.sub?.status === 'active';
  const exhausted = active && row.sub?.period === 'yr' && creditsAreExhausted;
  const pay = row.pay?.status === 'failed' ? row.pay : null;
  const card = row.card;
  return {
    ...(publishableKey ? { stripe_pk: publishableKey } : {}),
    card_details: card
      ? { brand: card.brand, last4: card.last4, ...cardExpiry(card.exp_month, card.exp_year, now) }
      : null,
    charge_failure_message: pay ? (pay.failure_message ?? 'The payment failed.') : null,
    charge_failure_card:
      pay?.card_brand && pay.card_last4 ? { brand: pay.card_brand, last4: pay.card_last4 } : null,
    last_invoice_paid: row.inv?.status !== 'open',
    last_invoice_id: row.inv?.id ?? null,
    // A paused plan (docs/billing.md, "Pausing a plan") is not an ended one: no "inactive" banner.
    is_subscription_active: active || row.sub?.status === 'paused',
    is_billing_address_required: !isAddressComplete(row.billing_address),
    is_service_address_required: !isAddressComplete(row.service_address),
    is_credits_exhausted: exhausted,
    is_delinquent: row.sub?.is_delinquent ?? false,
    is_account_active: row.status === 'active',
    // The latest charge waits for the cardholder's bank: the overview's banner links to its invoice.
    payment_authentication_invoice_id: row.pay?.status === 'requires_action' ? row.pay.invoice_id : null,
    tax: { status: row.tax_status, exemption_reference: row.tax_exemption_reference },
    service_address: row.service_address ? normalizeAddress(row.service_address) : null,
    billing_address: row.billing_address ? normalizeAddress(row.billing_address) : null,
  };
}

/** The addresses and the card on file as the activity log records them (ACT-01), before or after a change. */
export async function billingActivityView(q: Transactional, accountId: string) {
  const row = await billingActivityRow(q, accountId);
  const card = row?.card;
  return {
    service_address: row?.service_address ? normalizeAddress(row.service_address) : null,
    billing_address: row?.billing_address ? normalizeAddress(row.billing_address) : null,
    card: card
      ? `${card.brand} ending ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
      : null,
  };
}
