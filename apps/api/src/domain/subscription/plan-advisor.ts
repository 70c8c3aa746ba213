import {
  BUSINESS_TIME_ZONE,
  centsToDollars,
  divideRoundHalfUp,
  overageCents,
  type AdvisorDto,
  type Forecast,
  type ForecastResponse,
  type PriceChangeDto,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  findPlan,
  listAvailablePlans,
  type Plan,
  prorate,
  currentPeriod,
  findSubscription,
  type OpenPeriod,
} from '../billing-engine';
import { forecastFigures, forecastOf, periodModel } from '../periods';
import { closedMonthlyUsage, forecastInputs } from './forecast-repository';
import { planChangeAccount } from './subscriptions-repository';
import { pricesFrom } from './plan-upgrade';

// The overview's forecast and the plan advisor (PLAN-01..05, docs/billing.md "Forecast and plan advisor").

/** The advisor compares up to this many closed periods. */
export const ADVISOR_PERIODS = 3;

/**
 * The open period's forecast (PLAN-01..04) with what it was worked out from; null without an active
 * period. The server-side callers (the overview's card, alerts) start here.
 */
export async function currentForecast(q: Transactional, accountId: string, now: Date) {
  const period = await currentPeriod(q, accountId);
  return period ? periodForecast(q, period, now) : null;
}

/**
 * The forecast of `period`, the account's current period as the caller read it; null once the
 * subscription has ended (its last period stays open until it is settled, with nothing to project).
 */
export async function periodForecast(q: Transactional, period: OpenPeriod, now: Date) {
  const [sub, inputs] = await Promise.all([
    findSubscription(q, period.accountId),
    forecastInputs(q, period.accountId, period.id, BUSINESS_TIME_ZONE),
  ]);
  if (sub?.status !== 'active') return null;
  const { usageByDay, ledger } = inputs;
  // The period's one model (periods/): the summary, the console and Upgrade now read the same figures.
  const model = periodModel({ period, planPeriod: period.plan.period, ledger, now });
  const forecast = forecastOf(model, usageByDay, now);
  return { period, model, availableCc: model.availableCc, overageCc: model.overageCc, forecast, usageByDay };
}

/**
 * The current period's forecast and the advisor; both null without an active period. `capCents` is the
 * saved spending cap (spend control's, read by the caller), which holds a monthly plan's overage to it.
 */
export async function forecastAndAdvice(
  q: Transactional,
  accountId: string,
  now: Date,
  capCents: number | null = null,
): Promise<ForecastResponse> {
  const current = await currentForecast(q, accountId, now);
  if (!current) return { forecast: null, advisor: null, price_change: null };
  const { period, model, availableCc, overageCc, forecast: f } = current;
  return {
    forecast: forecastFigures(model, f, capCents),
    advisor:
      period.plan.period === 'mo'
        ? await advise(q, accountId, period, now, f, { availableCc, overageCc })
        : null,
    price_change: await ownPriceChange(q, accountId, now),
  };
}

/**
 * The catalogue's next price of the plan the account renews on (CAT-02), told before it takes effect:
 * none when the subscription ends or changes plan at the period's end.
 */
async function ownPriceChange(
  q: Transactional,
  accountId: string,
  now: Date,
): Promise<PriceChangeDto | null> {
  const sub = await findSubscription(q, accountId);
  if (sub?.status !== 'active' || sub.cancel_at_period_end) return null;
  if (sub.pending_plan_id !== null && sub.pending_plan_id !== sub.plan_id) return null;
  const plan = await findPlan(q, sub.plan_id, now);
  if (!plan) return null;
  const [price, next] = await pricesFrom(q, plan, now, now);
  if (!price || !next) return null;
  return {
    plan: `${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}`,
    per: plan.period === 'mo' ? 'month' : 'year',
    now: price,
    next,
  };
}

/** A plan's cost for a period that used `usedCc`: its price and the overage beyond its own credits. */
const periodCost = (plan: Plan, usedCc: number) =>
  plan.priceCents + overageCents(Math.max(0, usedCc - plan.creditsCc));

async function advise(
  q: Transactional,
  accountId: string,
  period: OpenPeriod,
  now: Date,
  f: Forecast,
  so: { availableCc: number; overageCc: number },
): Promise<AdvisorDto> {
  const [plans, history, account] = await Promise.all([
    listAvailablePlans(q, now),
    closedMonthlyUsage(q, accountId, ADVISOR_PERIODS),
    planChangeAccount(q, accountId),
  ]);
  const monthly = plans.filter((p) => p.period === 'mo' && (p.multiUser || !account?.sub_users));
  // No closed period yet: this period's forecast stands in for the history.
  const samples = history.length > 0 ? history.map((h) => h.used_cc) : [f.projectedCc];
  const cost = (plan: Plan) =>
    divideRoundHalfUp(
      samples.reduce((t, used) => t + periodCost(plan, used), 0),
      samples.length,
    );
  const cheapest = monthly.reduce((best, p) => (cost(p) < cost(best) ? p : best), period.plan);

  // What each upgrade now would save this period against the forecast: the overage its extra credits
  // avoid (the overage booked so far stays), less its subtotal.
  const stayCc = Math.max(0, f.projectedCc - so.availableCc);
  let upgrade: AdvisorDto['upgrade'] = null;
  for (const plan of monthly) {
    if (plan.priceCents <= period.plan.priceCents || plan.creditsCc <= period.plan.creditsCc) continue;
    const p = prorate(period.plan, plan, period, now, () => 0);
    if (p.daysLeft <= 0) continue;
    const upCc = Math.max(so.overageCc, stayCc - (p.grantCc - p.withdrawCc));
    const saves = overageCents(stayCc) - overageCents(upCc) - p.subtotalCents;
    if (saves > 0 && (!upgrade || saves > upgrade.saves * 100))
      upgrade = {
        price_id: plan.id,
        name: plan.name,
        saves: centsToDollars(saves),
        charge: centsToDollars(p.subtotalCents),
      };
  }
  return {
    periods_compared: history.length,
    cheapest: { price_id: cheapest.id, name: cheapest.name, cost: centsToDollars(cost(cheapest)) },
    current_cost: centsToDollars(cost(period.plan)),
    upgrade,
  };
}
