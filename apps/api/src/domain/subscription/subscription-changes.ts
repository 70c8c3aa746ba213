import {
  BUSINESS_TIME_ZONE,
  AUTHENTICATION_TEXT,
  INVOICE_TEXT,
  ROLLOVER_CAP_MULTIPLIER,
  ccToCredits,
  type TaxStatus,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  periodBoundary,
  type BillingEngine,
  type BillingDeps,
  currentPeriod,
  findSubscription,
  type SubscriptionRow,
  taxCents,
  type InvoiceIssuer,
  creditsLeft,
  periodUsage,
  findPlan,
  type Plan,
} from '../billing-engine';
import { DomainError } from '../errors';
import {
  accountTaxStatus,
  cancelAtPeriodEnd,
  planChangeAccount,
  schedulePlanChange,
  undoScheduledChange,
} from './subscriptions-repository';
import {
  recordSubscriptionChange,
  subscriptionView,
  type ChangeNote,
  type SubscriptionChangeKind,
} from './subscription-activity';

const dateText = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' }).format(at);
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const creditsText = (cc: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(ccToCredits(cc));
const per = (plan: Plan) => (plan.period === 'mo' ? 'month' : 'year');
const planLabel = (plan: Plan) => `${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}`;

export type ChangeKind = 'start' | 'renew' | 'resume' | 'change';

/**
 * Amounts as the preview states them. With tax (a taxable account, TAX_RATE_PERCENT above 0) each says
 * its tax, worked out by the invoice's own function, so the invoice then matches the preview to the cent.
 */
function pricing(plan: Plan, taxStatus: TaxStatus, issuer: Pick<InvoiceIssuer, 'taxRateBasisPoints'>) {
  const tax = taxCents(plan.priceCents, taxStatus, issuer.taxRateBasisPoints);
  const perPeriod = `${money(plan.priceCents)} per ${per(plan)}`;
  return {
    /** '$306.00 now ($300.00 plus $6.00 tax)', or '$300.00 now' without tax. */
    now:
      tax > 0
        ? `${money(plan.priceCents + tax)} now (${money(plan.priceCents)} plus ${money(tax)} tax)`
        : `${money(plan.priceCents)} now`,
    /** '$300.00 per month plus $6.00 tax', or '$300.00 per month' without tax. */
    price: tax > 0 ? `${perPeriod} plus ${money(tax)} tax` : perPeriod,
  };
}

export interface ChangePlan {
  kind: ChangeKind;
  plan: Plan;
  messages: string[];
}

/**
 * What changing to `planId` would do, in words a customer can check before agreeing; amounts include
 * the tax the issuer's invoice will charge.
 */
export async function planChange(
  q: Transactional,
  accountId: string,
  planId: string,
  now: Date,
  issuer: Pick<InvoiceIssuer, 'taxRateBasisPoints'>,
): Promise<ChangePlan> {
  const plan = await findPlan(q, planId, now);
  if (!plan) throw new DomainError('not-found', `There is no plan '${planId}'.`);
  const sub = await findSubscription(q, accountId);
  const account = await planChangeAccount(q, accountId);
  if (!account) throw new DomainError('not-found', 'There is no such account.');
  if (!plan.multiUser && account.sub_users > 0) {
    throw new DomainError(
      'conflict',
      `The ${planLabel(plan)} plan has no sub-account users. Remove your ${account.sub_users} sub-account users first, or choose a plan with sub-accounts.`,
    );
  }
  const { now: chargeNow, price } = pricing(plan, account.tax_status, issuer);
  if (!sub || sub.status !== 'active') {
    return {
      kind: 'start',
      plan,
      messages: [
        `Your ${planLabel(plan)} plan starts today with ${creditsText(plan.creditsCc)} credits.`,
        `You will be charged ${chargeNow}, then ${price} from ${dateText(periodBoundary(now, plan.period, 1))}.`,
      ],
    };
  }
  const period = await currentPeriod(q, accountId);
  const end = new Date(sub.current_period_end);
  if (plan.id === sub.plan_id) {
    if (plan.period === 'yr') {
      const usage = period ? await periodUsage(q, accountId, period.id) : null;
      const left = usage ? creditsLeft(usage) : 0;
      return {
        kind: 'renew',
        plan,
        messages: [
          `Your ${planLabel(plan)} plan renews today: a new annual period starts now with ${creditsText(plan.creditsCc)} credits.`,
          left > 0
            ? `The ${creditsText(left)} credits left in the current period expire.`
            : 'The current period has no credits left to expire.',
          `You will be charged ${chargeNow}; the next renewal is on ${dateText(periodBoundary(now, 'yr', 1))}.`,
        ],
      };
    }
    if (sub.cancel_at_period_end || sub.pending_plan_id)
      return { kind: 'resume', plan, messages: await keepMessages(q, sub, plan, price) };
    throw new DomainError('conflict', `You are already on the ${planLabel(plan)} plan.`);
  }
  const current = (await findPlan(q, sub.plan_id, now))!;
  const credits =
    current.period === 'mo' && plan.period === 'mo'
      ? `Unused credits roll over into the new plan, up to ${creditsText(plan.creditsCc * ROLLOVER_CAP_MULTIPLIER)} credits.`
      : 'Unused credits of the current period expire when the new plan starts.';
  return {
    kind: 'change',
    plan,
    messages: [
      `Your plan changes from ${planLabel(current)} to ${planLabel(plan)} on ${dateText(end)}, at the end of the current period.`,
      'Until then your current plan and credits stay as they are.',
      `From ${dateText(end)} you will be charged ${price} for ${creditsText(plan.creditsCc)} credits each ${per(plan)}.`,
      credits,
    ],
  };
}

/**
 * Carries out a change previewed by `planChange`; returns which kind it was. A start or a renewal is
 * paid first: a declined charge changes nothing and is refused with the card's reason, and one whose
 * answer is not known yet is refused as pending (the period starts when the payment is confirmed).
 * A caller that has already worked the change out (to refuse some kinds first) passes it in.
 */
export async function applyPlanChange(
  deps: BillingDeps,
  engine: BillingEngine,
  accountId: string,
  planId: string,
  actorId: string | null,
  worked?: { change: ChangePlan; now: Date },
) {
  const now = worked?.now ?? deps.clock.now();
  const change = worked?.change ?? (await planChange(deps.database, accountId, planId, now, deps.issuer));
  if (change.kind === 'start' || change.kind === 'renew') {
    // Paid first, outside any transaction (the provider's answer cannot be rolled back): the change is
    // recorded once the payment has made it.
    const before = await subscriptionView(deps.database, accountId);
    const { outcome } =
      change.kind === 'start'
        ? await engine.startSubscription(accountId, planId)
        : await engine.renewSubscription(accountId, planId);
    if (outcome.state === 'failed' || outcome.state === 'closed')
      throw new DomainError('payment-failed', outcome.message);
    // Not a decline: the cardholder was emailed a link to confirm with their bank and pay.
    if (outcome.state === 'requires_action')
      throw new DomainError('payment-pending', AUTHENTICATION_TEXT.emailed);
    if (outcome.state === 'pending') throw new DomainError('payment-pending', INVOICE_TEXT.paymentPending);
    await recordSubscriptionChange(deps.database, accountId, actorId, change.kind, before);
  } else if (change.kind === 'resume') {
    await recordedChange(deps, accountId, actorId, 'resume', (tx) => undoScheduledChange(tx, accountId, now));
  } else {
    await recordedChange(deps, accountId, actorId, 'change', (tx) =>
      schedulePlanChange(tx, accountId, planId, now),
    );
  }
  return change.kind;
}

/**
 * A change that moves no money, written in one transaction with its activity record, so neither is
 * kept without the other; the subscription row is locked first, so the "before" is what it changed.
 */
async function recordedChange(
  deps: BillingDeps,
  accountId: string,
  actorId: string | null,
  kind: SubscriptionChangeKind,
  write: (tx: Transactional) => Promise<unknown>,
  note?: ChangeNote,
): Promise<void> {
  await deps.database.transaction(async (tx) => {
    await findSubscription(tx, accountId, true);
    const before = await subscriptionView(tx, accountId);
    await write(tx);
    await note?.write(tx);
    await recordSubscriptionChange(tx, accountId, actorId, kind, before, note?.logged);
  });
}

/** What keeping the plan undoes (a cancellation or a scheduled change) and what stays, in words. */
async function keepMessages(
  q: Transactional,
  sub: SubscriptionRow,
  plan: Plan,
  price: string,
): Promise<string[]> {
  const pending = sub.pending_plan_id
    ? await findPlan(q, sub.pending_plan_id, new Date(sub.current_period_end))
    : null;
  return [
    pending ? `Your change to the ${planLabel(pending)} plan is dropped.` : 'Your cancellation is withdrawn.',
    `You stay on the ${planLabel(plan)} plan; it renews on ${dateText(new Date(sub.current_period_end))} at ${price}.`,
    'Nothing is charged now.',
  ];
}

/**
 * What "Keep this plan" would do: undo the cancellation or the scheduled change of an active plan and
 * charge nothing (docs/requirements.md). Renewing early is the change to the same annual plan;
 * keeping never renews.
 */
export async function keepPreview(
  q: Transactional,
  accountId: string,
  issuer: Pick<InvoiceIssuer, 'taxRateBasisPoints'>,
): Promise<string[]> {
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active')
    throw new DomainError('conflict', 'There is no active subscription to keep.');
  if (!sub.cancel_at_period_end && !sub.pending_plan_id)
    throw new DomainError('conflict', 'There is no cancellation or scheduled change to undo.');
  const plan = (await findPlan(q, sub.plan_id, new Date(sub.current_period_end)))!;
  const taxStatus = await accountTaxStatus(q, accountId);
  return keepMessages(q, sub, plan, pricing(plan, taxStatus, issuer).price);
}

/** Keeps the plan as it is: the cancellation or the scheduled change is undone; nothing is charged. */
export async function applyKeep(
  deps: BillingDeps,
  accountId: string,
  actorId: string | null,
  note?: ChangeNote,
): Promise<void> {
  const keep = async (tx: Transactional) => {
    await keepPreview(tx, accountId, deps.issuer);
    await undoScheduledChange(tx, accountId, deps.clock.now());
  };
  await recordedChange(deps, accountId, actorId, 'keep', keep, note);
}

export async function cancelPreview(q: Transactional, accountId: string): Promise<string[]> {
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active')
    throw new DomainError('conflict', 'There is no active subscription to cancel.');
  if (sub.cancel_at_period_end)
    throw new DomainError('conflict', 'The subscription is already set to end with this period.');
  const plan = (await findPlan(q, sub.plan_id, new Date(sub.current_period_end)))!;
  const pending = sub.pending_plan_id
    ? await findPlan(q, sub.pending_plan_id, new Date(sub.current_period_end))
    : null;
  const end = dateText(new Date(sub.current_period_end));
  return [
    `Your ${planLabel(plan)} subscription ends on ${end}, at the end of the current period.`,
    ...(pending
      ? [`Your scheduled change to the ${planLabel(pending)} plan is dropped: no plan starts on ${end}.`]
      : []),
    'Until then your plan, users and credits work as before.',
    plan.period === 'mo'
      ? 'Any overage of this period is invoiced on that date; unused credits expire.'
      : 'Unused credits expire on that date.',
    'You will not be charged again unless you choose a plan.',
  ];
}

/** Cancels at the period's end; a customer's cancellation carries its reason in `note` (issue 64). */
export async function applyCancel(
  deps: BillingDeps,
  accountId: string,
  actorId: string | null,
  note?: ChangeNote,
): Promise<void> {
  const cancel = async (tx: Transactional) => {
    await cancelPreview(tx, accountId);
    await cancelAtPeriodEnd(tx, accountId, deps.clock.now());
  };
  await recordedChange(deps, accountId, actorId, 'cancel', cancel, note);
}
