import {
  BUSINESS_TIME_ZONE,
  AUTHENTICATION_TEXT,
  INVOICE_TEXT,
  PLAN_TEXT,
  ccToCredits,
  centsToDollars,
  type PriceStep,
  type TaxStatus,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  type BillingDeps,
  type BillingEngine,
  type InvoiceIssuer,
  taxCents,
  type NewInvoice,
  awaitingOrder,
  insertOrder,
  lateUpgrade,
  startedUpgrade,
  findPlan,
  type Plan,
  prorate,
  type Proration,
  currentPeriod,
  findSubscription,
  type OpenPeriod,
  PERSON_WAIT_MS,
} from '../billing-engine';
import { upcomingVersions } from '../catalogue';
import { DomainError } from '../errors';
import { refuseLateUpgrade } from './late-upgrades';
import { invoiceTotal, planChangeAccount } from './subscriptions-repository';

// Upgrade now (PLAN-06..11, docs/billing.md "Upgrade now"): prorated by the days left, invoiced and paid
// first like a start; the payment's transaction moves the plan (billing-engine/plan-upgrades.ts).

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const credits = (cc: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(ccToCredits(cc));
const dateText = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' }).format(at);
const cycle = (plan: Plan) => (plan.period === 'mo' ? 'monthly' : 'annual');
const label = (plan: Plan) => `${plan.name} ${cycle(plan)}`;

export interface UpgradeQuote {
  plan: Plan;
  current: Plan;
  period: OpenPeriod;
  proration: Proration;
  taxStatus: TaxStatus;
  /** The new plan's price from the period's end on, with the catalogue's scheduled versions (CAT-02). */
  prices: PriceStep[];
}

/**
 * `plan`'s prices from `from` on: the version in force then, and each scheduled after it. A period takes
 * the version in force when it starts, so a version from `from` or before is the first price.
 */
export async function pricesFrom(q: Transactional, plan: Plan, from: Date, now: Date): Promise<PriceStep[]> {
  const steps: PriceStep[] = [
    {
      from: from.toISOString(),
      price: centsToDollars(plan.priceCents),
      credits: ccToCredits(plan.creditsCc),
    },
  ];
  for (const v of await upcomingVersions(q, plan.id, now)) {
    const step = {
      from: v.from.toISOString(),
      price: centsToDollars(v.priceCents),
      credits: ccToCredits(v.creditsCc),
    };
    if (v.from.getTime() <= from.getTime()) steps[0] = { ...step, from: steps[0]!.from };
    else steps.push(step);
  }
  return steps;
}

/** What upgrading to `planId` now costs, or why it cannot happen now (PLAN-09). */
export async function upgradeQuote(
  q: Transactional,
  accountId: string,
  planId: string,
  now: Date,
  issuer: Pick<InvoiceIssuer, 'taxRateBasisPoints'>,
): Promise<UpgradeQuote> {
  const plan = await findPlan(q, planId, now);
  if (!plan) throw new DomainError('invalid', `There is no plan '${planId}'.`, 'plan');
  const sub = await findSubscription(q, accountId);
  const period = sub?.status === 'active' ? await currentPeriod(q, accountId) : null;
  if (!period) throw new DomainError('conflict', 'There is no active plan to upgrade.');
  const current = period.plan;
  if (plan.id === current.id)
    throw new DomainError('conflict', `You are already on the ${label(plan)} plan.`, 'plan');
  if (
    plan.period !== current.period ||
    plan.priceCents <= current.priceCents ||
    plan.creditsCc <= current.creditsCc
  )
    throw new DomainError(
      'conflict',
      `Only a larger ${cycle(current)} plan can start now. A change to the ${label(plan)} plan takes effect at the end of the period: choose it under Change plan.`,
      'plan',
    );
  const account = (await planChangeAccount(q, accountId))!;
  if (!plan.multiUser && account.sub_users > 0)
    throw new DomainError('conflict', `The ${label(plan)} plan has no sub-account users.`, 'plan');
  const proration = prorate(current, plan, period, now, (subtotal) =>
    taxCents(subtotal, account.tax_status, issuer.taxRateBasisPoints),
  );
  if (proration.daysLeft <= 0)
    throw new DomainError('conflict', 'The period ends today: choose the plan under Change plan.', 'plan');
  const prices = await pricesFrom(q, plan, period.end, now);
  return { plan, current, period, proration, taxStatus: account.tax_status, prices };
}

/** The preview's plain-language lines: every figure the invoice will carry (PLAN-06). */
export function upgradeMessages(quote: UpgradeQuote): string[] {
  const { plan, current, period, proration: p } = quote;
  const share = `${p.daysLeft} / ${p.lengthDays}`;
  return [
    `Your plan changes from ${label(current)} to ${label(plan)} now, for the ${p.daysLeft} days left of this ${p.lengthDays}-day period.`,
    `Credit for the unused part of ${label(current)}: ${money(p.creditCents)} (${money(current.priceCents)} × ${share}).`,
    `${label(plan)} for the rest of the period: ${money(p.chargeCents)} (${money(plan.priceCents)} × ${share}).`,
    p.taxCents > 0
      ? `You will be charged ${money(p.totalCents)} now (${money(p.subtotalCents)} plus ${money(p.taxCents)} tax).`
      : `You will be charged ${money(p.totalCents)} now.`,
    `Your plan credits grow by ${credits(p.grantCc - p.withdrawCc)} (${credits(p.grantCc)} ${plan.name} credits for the days left, less ${credits(p.withdrawCc)} ${current.name} credits).`,
    PLAN_TEXT.prorationNote(p.daysLeft, p.lengthDays),
    PLAN_TEXT.renewalPrice(dateText(period.end), plan.period === 'mo' ? 'month' : 'year', quote.prices),
  ];
}

/** The Upgrade invoice: the new plan for the days left, less the credit for the current plan's. */
export function upgradeInvoice(accountId: string, quote: UpgradeQuote, now: Date): NewInvoice {
  const { plan, current, period, proration: p } = quote;
  const span = { periodStart: now, periodEnd: period.end };
  return {
    accountId,
    kind: 'start',
    summary: 'Upgrade',
    periodId: period.id,
    periodStart: now,
    periodEnd: period.end,
    issuedAt: now,
    lines: [
      {
        kind: 'subscription',
        description: `${plan.name} plan, ${cycle(plan)}, for the ${p.daysLeft} of ${p.lengthDays} days left (upgrade)`,
        ...span,
        quantity: 1,
        amountCents: p.chargeCents,
      },
      {
        kind: 'subscription',
        description: `Credit for the unused ${current.name} plan, ${p.daysLeft} of ${p.lengthDays} days`,
        ...span,
        quantity: 1,
        amountCents: -p.creditCents,
      },
    ],
  };
}

/**
 * Upgrades now (PLAN-06..10): the invoice is issued with an order in one transaction under the
 * subscription's lock, then paid through the payment path every charge takes (at most one success per
 * invoice, idempotency key from the invoice). A confirmation that finds the order awaiting payment pays
 * that same invoice. A total other than the echoed one is refused before anything is charged. Paid only
 * after its period closed, nothing is upgraded: the payment is refunded and the confirmation refused
 * (PLAN-13).
 */
export async function applyUpgrade(
  deps: BillingDeps,
  engine: BillingEngine,
  actor: { accountId: string; personId: string },
  planId: string,
  echoedTotalCents: number,
): Promise<string> {
  const { accountId } = actor;
  const now = deps.clock.now();
  const invoiceId = await deps.database.transaction(async (tx) => {
    const sub = await findSubscription(tx, accountId, true);
    const waiting = await awaitingOrder(tx, accountId);
    if (waiting && (waiting.kind !== 'upgrade' || waiting.plan_id !== planId))
      throw new DomainError('conflict', 'Another plan change is waiting for its payment.');
    // The same confirmation again (a second tab, a retry after a crash): the order it made, awaiting its
    // payment or paid (too late for its period, then refunded: PLAN-13), answers it, and its invoice is
    // paid at most once.
    const period = sub?.status === 'active' ? await currentPeriod(tx, accountId) : null;
    const same =
      waiting?.invoice_id ??
      (period && sub?.plan_id === planId ? await startedUpgrade(tx, accountId, period.id, planId) : null) ??
      (period ? await lateUpgrade(tx, accountId, planId, period.start) : null);
    if (same && (await invoiceTotal(tx, accountId, same)) === echoedTotalCents) return same;
    if (waiting) throw new DomainError('conflict', PLAN_TEXT.priceChanged, 'total_cents');
    const quote = await upgradeQuote(tx, accountId, planId, now, deps.issuer);
    if (quote.proration.totalCents !== echoedTotalCents)
      throw new DomainError('conflict', PLAN_TEXT.priceChanged, 'total_cents');
    const id = await engine.issue(tx, upgradeInvoice(accountId, quote, now));
    await insertOrder(tx, {
      accountId,
      invoiceId: id,
      kind: 'upgrade',
      planId,
      start: now,
      end: quote.period.end,
      endsPeriodId: quote.period.id,
      actorPersonId: actor.personId,
    });
    return id;
  });
  const outcome = await engine.chargeInvoice(accountId, invoiceId, { waitMs: PERSON_WAIT_MS });
  // Paid too late, it is refunded (by this confirmation or a twin, which may have closed the invoice).
  if (outcome.state === 'paid' || outcome.state === 'closed')
    await refuseLateUpgrade(deps, accountId, invoiceId);
  if (outcome.state === 'failed' || outcome.state === 'closed')
    throw new DomainError('payment-failed', outcome.message);
  // Not a decline: the cardholder was emailed a link to confirm with their bank and pay.
  if (outcome.state === 'requires_action')
    throw new DomainError('payment-pending', AUTHENTICATION_TEXT.emailed);
  if (outcome.state === 'pending') throw new DomainError('payment-pending', INVOICE_TEXT.paymentPending);
  return invoiceId;
}
