import { ccToCredits, centsToDollars, type Forecast, type ForecastDto } from '@enq/contract';
import type { PeriodModel } from './period-model';

/**
 * The forecast's answer (PLAN-01..05) from the period model: its credits named as the summary names them
 * (plan, rollover and bonus, which add up to the available credits), its days counted as the summary
 * counts them, and the saved spending cap, which holds a monthly plan's overage (an annual plan has none
 * to hold, MONEY-04).
 */
export function forecastFigures(model: PeriodModel, f: Forecast, capCents: number | null): ForecastDto {
  const cap = model.billsOverage ? capCents : null;
  return {
    period_start: model.start.toISOString(),
    period_end: model.end.toISOString(),
    used_credits: ccToCredits(f.usedCc),
    available_credits: ccToCredits(model.availableCc),
    plan_credits: ccToCredits(model.credits.plan.availableCc),
    rollover_credits: ccToCredits(model.credits.rollover.availableCc),
    bonus_credits: ccToCredits(model.credits.bonus.availableCc),
    days_left: model.days.left,
    period_days: model.days.days,
    projected_credits: ccToCredits(f.projectedCc),
    runs_out_on: f.runsOut?.date ?? null,
    ran_out: f.runsOut?.already ?? false,
    projected_overage: centsToDollars(f.projectedOverageCents),
    bills_overage: model.billsOverage,
    spending_cap: cap === null ? null : centsToDollars(cap),
    capped_overage: cap === null ? null : centsToDollars(Math.min(f.projectedOverageCents, cap)),
    note: f.note,
  };
}
