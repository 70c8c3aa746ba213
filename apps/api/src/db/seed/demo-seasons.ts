import { addPauseMonths, newYorkDate } from '@enq/contract';
import { subDays } from 'date-fns';
import type { BillingEngines } from '../../domain/billing-engine/billing-engines';
import { cancelWithReason, cancellationOffer, recordAlternative } from '../../domain/cancellation';
import { requestPause } from '../../domain/pause';
import { applyPlanChange } from '../../domain/subscription';
import type { Clock } from '../../domain/ports/clock';
import { SandboxPaymentProvider } from '../../plugins/payments/sandbox';
import type { Database } from '../client';
import { seedDemoHistory, standaloneBilling } from './demo-billing';

// The demo's seasons and leavers (docs/billing.md, "Pausing a plan" and "Cancelling"): three small
// practices whose pause, cancellation and alternative are made by the customer's own paths (the pause
// request and the period close that begins it, the cancel with its reason, the cancel flow's offer
// and the plan change it leads to), so `npm start` shows the paused banner, the console's Paused badge
// and its Cancellations report without a row written by hand.

const PASSWORD = 'enq-demo-2026';

const office = (line1: string, city: string, state: string, postalCode: string) => ({
  line1,
  line2: '',
  city,
  state,
  postal_code: postalCode,
  country: 'US',
});

/** Paused for the quiet months: asked 25 days ago, paused since its period ended, resumes in three months. */
export const DEMO_PAUSED = {
  accountName: 'Maple Row Tax Service',
  fullName: 'Owen Hale',
  email: 'owen.hale@maplerowtax.com',
  password: PASSWORD,
  planId: 'practice-monthly',
  askedDaysAgo: 25,
  months: 2,
  address: office('17 Maple Row', 'Montpelier', 'VT', '05602'),
};

/** Cancelled its annual plan with a reason; the plan runs to the end of its year (no reminder yet). */
export const DEMO_CANCELLED = {
  accountName: 'Cedar Hollow CPA',
  fullName: 'Nadia Brooks',
  email: 'nadia.brooks@cedarhollowcpa.com',
  password: PASSWORD,
  planId: 'practice-annual',
  reason: 'switching',
  words: 'Our practice software now includes a dialer.',
  address: office('250 Cedar Hollow Lane', 'Nashua', 'NH', '03060'),
} as const;

/** Said it was too expensive and took the cheaper plan the advisor offered instead of cancelling. */
export const DEMO_SWITCHED = {
  accountName: 'Quarry Lane Bookkeeping',
  fullName: 'Irene Castillo',
  email: 'irene.castillo@quarrylanebooks.com',
  password: PASSWORD,
  planId: 'firm-monthly',
  address: office('9 Quarry Lane', 'Concord', 'NH', '03301'),
} as const;

export const DEMO_SEASONS = [DEMO_PAUSED, DEMO_CANCELLED, DEMO_SWITCHED];

interface SeasonsContext {
  database: Database;
  now: Date;
  billing?: BillingEngines;
  /** Each account's id and its admin's, by account name. */
  people: Map<string, { accountId: string; adminId: string }>;
}

const clockAt = (at: Date): Clock => ({ now: () => at });

const deps = (ctx: SeasonsContext, at: Date) => ({
  ...(ctx.billing ?? standaloneBilling()).deps(ctx.database),
  clock: clockAt(at),
  payments: new SandboxPaymentProvider(),
  closeGraceMs: 0,
  log: undefined,
});

/** The three accounts' histories and what each customer then did, after their people exist. */
export async function seedDemoSeasons(ctx: SeasonsContext): Promise<string[]> {
  const { database, now, billing } = ctx;
  const ids = (name: string) => ctx.people.get(name)!;

  // Paused: its history up to the day it asked, the pause asked then, and the close at its period's
  // end beginning it (the period's own close: no credits, no charge from then on).
  const paused = ids(DEMO_PAUSED.accountName);
  const asked = subDays(now, DEMO_PAUSED.askedDaysAgo);
  await seedDemoHistory(database, {
    accountId: paused.accountId,
    planId: DEMO_PAUSED.planId,
    months: DEMO_PAUSED.months,
    days: 10,
    callsPerMonth: 15,
    now: asked,
    seed: 17,
    billing,
  });
  const [sub] = await database.query<{ current_period_end: Date }>(
    'select current_period_end from subscriptions where account_id = $1',
    [paused.accountId],
  );
  const resumeOn = newYorkDate(addPauseMonths(new Date(sub!.current_period_end), 3));
  await requestPause(
    database,
    paused.accountId,
    { resume_on: resumeOn },
    { personId: paused.adminId },
    asked,
  );
  const closeAt = new Date(Math.min(now.getTime(), new Date(sub!.current_period_end).getTime()));
  const engine = (billing ?? standaloneBilling()).engine(database, deps(ctx, closeAt));
  await engine.closeDuePeriods(paused.accountId);

  // Cancelled with a reason, two months into its year.
  const cancelled = ids(DEMO_CANCELLED.accountName);
  await seedDemoHistory(database, {
    accountId: cancelled.accountId,
    planId: DEMO_CANCELLED.planId,
    months: 2,
    days: 6,
    callsPerMonth: 12,
    now,
    seed: 19,
    billing,
  });
  await cancelWithReason(deps(ctx, now), cancelled.accountId, cancelled.adminId, {
    reason: DEMO_CANCELLED.reason,
    words: DEMO_CANCELLED.words,
  });

  // Too expensive: the flow's offer (the advisor's cheaper plan over its last three periods), taken.
  const switched = ids(DEMO_SWITCHED.accountName);
  await seedDemoHistory(database, {
    accountId: switched.accountId,
    planId: DEMO_SWITCHED.planId,
    months: 3,
    days: 12,
    callsPerMonth: 6,
    now,
    seed: 23,
    billing,
  });
  const offer = await cancellationOffer(database, switched.accountId, 'too_expensive', now);
  if (offer?.kind !== 'cheaper_plan') throw new Error(`no cheaper plan for ${DEMO_SWITCHED.accountName}`);
  const billingDeps = deps(ctx, now);
  await applyPlanChange(
    billingDeps,
    (billing ?? standaloneBilling()).engine(database, billingDeps),
    switched.accountId,
    offer.plan.price_id,
    switched.adminId,
  );
  await recordAlternative(database, switched.accountId, switched.adminId, {
    reason: 'too_expensive',
    alternative: 'plan_change',
  });
  return [paused.accountId, cancelled.accountId, switched.accountId];
}
