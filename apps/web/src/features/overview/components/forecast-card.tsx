import { PLAN_TEXT, formatCreditsFixed, formatMoney, type ForecastDto } from '@enq/contract';
import { ArrowRight, TrendingUp } from 'lucide-react';
import { Link } from '../../../lib/router';
import { PlanAdvice } from '../../../components/ui/plan-advice';
import { Stat } from '../../../components/ui/stat';
import { usePlanForecast } from '../../../lib/plan-forecast';

/** The forecast's headline: when the credits run out, or that they last (PLAN-02). */
export function runOutText(f: Pick<ForecastDto, 'runs_out_on' | 'ran_out'>): string {
  if (!f.runs_out_on) return PLAN_TEXT.lasts;
  return f.ran_out ? PLAN_TEXT.ranOut(f.runs_out_on) : PLAN_TEXT.runsOut(f.runs_out_on);
}

/**
 * PLAN-01..05, PLAN-12: the period's forecast and the advisor, under the subscription summary. Fetched
 * once the overview's summary is shown; a failure or no active period shows nothing.
 */
export function ForecastCard() {
  const { data } = usePlanForecast();
  if (!data?.forecast) return null;
  const { forecast: f, advisor } = data;
  return (
    <section
      aria-labelledby="forecast-heading"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 sm:px-6">
        <TrendingUp aria-hidden="true" className="size-5 text-brand-700" />
        <h2 id="forecast-heading" className="text-base font-semibold text-slate-900">
          {PLAN_TEXT.forecastTitle}
        </h2>
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        <p className="text-lg font-semibold text-slate-900">{runOutText(f)}</p>
        <dl className="grid grid-cols-2 gap-3">
          <Stat
            label="Projected use"
            hint={PLAN_TEXT.availableCredits({
              available: f.available_credits,
              plan: f.plan_credits,
              rollover: f.rollover_credits,
              bonus: f.bonus_credits,
            })}
          >
            {formatCreditsFixed(f.projected_credits)} credits
          </Stat>
          <Stat
            label="Projected overage"
            hint={
              f.spending_cap !== null
                ? PLAN_TEXT.cappedAt(f.spending_cap)
                : f.bills_overage
                  ? 'at period end'
                  : 'annual plans have none'
            }
          >
            {formatMoney(f.capped_overage ?? f.projected_overage)}
          </Stat>
        </dl>
        {f.spending_cap !== null && f.projected_overage > f.spending_cap ? (
          <p className="text-sm font-medium text-amber-800">
            {PLAN_TEXT.capReachedFirst(f.spending_cap, f.projected_overage)}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">{f.note}</p>
        {advisor ? (
          <>
            <PlanAdvice advisor={advisor} />
            <Link
              to="/subscription"
              className="focus-ring inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-600"
            >
              Compare plans and upgrade
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </>
        ) : null}
      </div>
    </section>
  );
}
