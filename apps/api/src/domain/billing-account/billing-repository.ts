import {
  cardExpiry,
  isAddressComplete,
  normalizeAddress,
  type Address,
  type BillingData,
} from '@enq/contract';
import type { Queryable } from '../../db/client';
import { currentPeriod } from '../billing/billing-engine';
import { creditsLeft, periodUsage } from '../billing/ledger-repository';

export interface BillingRow {
  status: string;
  service_address: Partial<Address> | null;
  billing_address: Partial<Address> | null;
  tax_status: string;
  /** [brand, last4, exp_month, exp_year] of the default card */
  card: [string, string, number, number] | null;
  /** [status, failure_message, card_brand, card_last4] of the latest payment */
  pay: [string, string | null, string | null, string | null] | null;
  /** [id, status] of the newest invoice */
  inv: [string, string] | null;
  /** [status, is_delinquent, plan period] */
  sub: [string, boolean, string] | null;
}

/**
 * Everything billing data needs in one statement: the account, the default card, the latest payment
 * (a charge failure is the latest failed payment after the latest successful one, i.e. the latest payment
 * when it failed), the newest invoice and the subscription. Scalar subqueries answering small JSON
 * arrays plan and run in well under half the time of the equivalent lateral joins (bench/billing).
 */
export const BILLING_SQL = `
select a.status, a.service_address, a.billing_address, a.tax_status,
  (select json_build_array(brand, last4, exp_month, exp_year) from payment_methods
    where account_id = $1 and is_default order by created_at desc limit 1) as card,
  (select json_build_array(status, failure_message, card_brand, card_last4) from payments
    where account_id = $1 order by created_at desc limit 1) as pay,
  (select json_build_array(id, status) from invoices
    where account_id = $1 and status <> 'void' order by issued_at desc, number desc limit 1) as inv,
  (select json_build_array(s.status, s.is_delinquent, pl.period) from subscriptions s
     join plans pl on pl.id = s.plan_id where s.account_id = $1) as sub
  from accounts a where a.id = $1`;

/** Annual plans stop when their credits are used up (monthly plans run into overage instead). */
async function creditsExhausted(q: Queryable, accountId: string): Promise<boolean> {
  const period = await currentPeriod(q, accountId);
  if (!period || period.plan.period !== 'yr') return false;
  const usage = await periodUsage(q, accountId, period.id);
  return creditsLeft(usage) <= 0;
}

/** The billing data (API-04, API-05) plus the flags the banners need (BAN-01..12). */
export async function loadBillingData(
  q: Queryable,
  accountId: string,
  now: Date,
  publishableKey: string | null,
): Promise<BillingData> {
  const [row] = await q.query<BillingRow>(BILLING_SQL, [accountId], { prepare: true });
  if (!row) throw new Error(`no account ${accountId}`);
  const annualActive = row.sub?.[0] === 'active' && row.sub?.[2] === 'yr';
  return billingDataFrom(row, now, publishableKey, annualActive && (await creditsExhausted(q, accountId)));
}

/** Billing data from a row of BILLING_SQL and whether an annual plan's credits are used up. */
export function billingDataFrom(
  row: BillingRow,
  now: Date,
  publishableKey: string | null,
  creditsAreExhausted: boolean,
): BillingData {
  const active = row.sub?.[0] === 'active';
  const exhausted = active && row.sub?.[2] === 'yr' && creditsAreExhausted;
  const failed = row.pay?.[0] === 'failed';
  const card = row.card;
  return {
    ...(publishableKey ? { stripe_pk: publishableKey } : {}),
    card_details: card ? { brand: card[0], last4: card[1], ...cardExpiry(card[2], card[3], now) } : null,
    charge_failure_message: failed ? (row.pay![1] ?? 'The payment failed.') : null,
    charge_failure_card:
      failed && row.pay![2] && row.pay![3] ? { brand: row.pay![2], last4: row.pay![3] } : null,
    last_invoice_paid: row.inv?.[1] !== 'open',
    last_invoice_id: row.inv?.[0] ?? null,
    is_subscription_active: active,
    is_billing_address_required: !isAddressComplete(row.billing_address),
    is_service_address_required: !isAddressComplete(row.service_address),
    is_credits_exhausted: exhausted,
    is_delinquent: row.sub?.[1] ?? false,
    is_account_active: row.status === 'active',
    tax: { status: row.tax_status },
    service_address: row.service_address ? normalizeAddress(row.service_address) : null,
    billing_address: row.billing_address ? normalizeAddress(row.billing_address) : null,
  };
}

const clean = (address: Address): Address => {
  const out = normalizeAddress(address);
  for (const key of Object.keys(out) as (keyof Address)[]) out[key] = out[key].trim();
  out.country = out.country.toUpperCase();
  return out;
};

/** Saves both addresses; with sameBilling the billing address is the service address. */
export async function saveAddresses(
  q: Queryable,
  accountId: string,
  service: Address,
  billing: Address,
  sameBilling: boolean,
): Promise<{ service_address: Address; billing_address: Address }> {
  const serviceAddress = clean(service);
  const billingAddress = sameBilling ? { ...serviceAddress } : clean(billing);
  await q.query('update accounts set service_address = $2, billing_address = $3 where id = $1', [
    accountId,
    JSON.stringify(serviceAddress),
    JSON.stringify(billingAddress),
  ]);
  return { service_address: serviceAddress, billing_address: billingAddress };
}

/**
 * Makes a payment method the account's default card. Idempotent for the same id: a second call leaves
 * the same single default row.
 */
export async function saveDefaultCard(
  q: Queryable,
  accountId: string,
  pmId: string,
  card: { brand: string; last4: string; expMonth: number; expYear: number },
  now: Date,
): Promise<void> {
  await q.query('update payment_methods set is_default = false where account_id = $1 and id <> $2', [
    accountId,
    pmId,
  ]);
  await q.query(
    `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year, is_default, created_at)
     values ($1, $2, $3, $4, $5, $6, true, $7)
     on conflict (id, account_id) do update set is_default = true, created_at = excluded.created_at
       where payment_methods.account_id = excluded.account_id`,
    [pmId, accountId, card.brand, card.last4, card.expMonth, card.expYear, now],
  );
}
