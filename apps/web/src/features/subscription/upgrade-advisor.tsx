import {
  MESSAGES,
  PLAN_TEXT,
  formatMoney,
  planLabel,
  type PlanDto,
  type ForecastResponse,
  type SubscriptionResponse,
  type UpgradePreview,
} from '@enq/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { PlanAdvice } from '../../components/ui/plan-advice';
import { ApiError } from '../../lib/api-client';
import { usePlanForecast } from '../../lib/plan-forecast';
import { usePreviewUpgrade } from './api/preview-upgrade';
import { useUpgradeNow } from './api/upgrade-now';

/** The larger plans of the same cycle, which Upgrade now can start at once (PLAN-09). */
export function upgradablePlans(info: SubscriptionResponse): PlanDto[] {
  const current = info.plans.find((p) => p.price_id === info.current_plan?.price_id);
  if (!info.is_subscription_active || !current) return [];
  return info.plans.filter(
    (p) => p.period === current.period && p.price > current.price && p.credits > current.credits,
  );
}

/**
 * What Upgrade now offers: only an upgrade that helps, so the button never contradicts the advice
 * (PLAN-05). On a monthly plan, the one plan the advisor says saves most this period (none when it says
 * none saves); on an annual plan, which has no advisor, the larger plans once the credits run out
 * before the period ends. Nothing until the forecast has answered.
 */
export function offeredUpgrades(info: SubscriptionResponse, answer: ForecastResponse | undefined): PlanDto[] {
  const plans = upgradablePlans(info);
  if (!answer) return [];
  if (answer.advisor) return plans.filter((p) => p.price_id === answer.advisor!.upgrade?.price_id);
  return answer.forecast?.runs_out_on ? plans : [];
}

const errorText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : MESSAGES.genericError;

/** PLAN-05, PLAN-06, PLAN-12: the advisor, and Upgrade now behind a confirmation stating every figure. */
export function UpgradeAdvisor({ info }: { info: SubscriptionResponse }) {
  const forecast = usePlanForecast();
  const preview = usePreviewUpgrade();
  const upgrade = useUpgradeNow();
  const [confirming, setConfirming] = useState<{ plan: PlanDto; figures: UpgradePreview } | null>(null);
  const plans = offeredUpgrades(info, forecast.data);
  const advisor = forecast.data?.advisor ?? null;
  if (!advisor && plans.length === 0) return null;
  const busy = preview.isPending || upgrade.isPending;

  async function start(plan: PlanDto) {
    if (busy) return;
    try {
      setConfirming({ plan, figures: await preview.mutateAsync(plan.price_id) });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  async function confirm() {
    if (!confirming || upgrade.isPending) return;
    try {
      await upgrade.mutateAsync({
        plan: confirming.plan.price_id,
        total_cents: confirming.figures.total_cents,
      });
      toast.success(PLAN_TEXT.upgraded);
    } catch (error) {
      toast.error(errorText(error));
    }
    setConfirming(null);
  }

  return (
    <section
      aria-labelledby="advisor-heading"
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="advisor-heading" className="text-base font-semibold text-slate-900">
        {PLAN_TEXT.advisorTitle}
      </h2>
      {advisor ? <PlanAdvice advisor={advisor} /> : null}
      {advisor && plans.length === 0 ? (
        <p className="text-sm text-slate-600">{PLAN_TEXT.noUpgradeOffered}</p>
      ) : null}
      {plans.length > 0 ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            Need more credits this period? Upgrade now: the unused part of your plan is credited and you pay
            the new plan only for the days left.
          </p>
          <div className="flex flex-wrap gap-3">
            {plans.map((plan) => (
              <Button
                key={plan.price_id}
                variant="secondary"
                disabled={busy}
                onClick={() => void start(plan)}
              >
                {`${PLAN_TEXT.upgradeNow} to ${planLabel(plan)}`}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <ConfirmModal
        open={confirming !== null}
        title={confirming ? `Upgrade to ${planLabel(confirming.plan)} now?` : ''}
        body={confirming ? <UpgradeFigures figures={confirming.figures} /> : undefined}
        confirmLabel={PLAN_TEXT.confirmUpgrade}
        cancelLabel="Cancel"
        busy={upgrade.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** Every figure of the preview, then its plain-language lines. */
function UpgradeFigures({ figures: f }: { figures: UpgradePreview }) {
  const rows: [string, string][] = [
    ['Credit for your current plan', `−${formatMoney(f.credit)}`],
    [`${f.plan.name} for the ${f.days_left} of ${f.days_in_period} days left`, formatMoney(f.charge)],
    ['Subtotal', formatMoney(f.subtotal)],
    ['Tax', formatMoney(f.tax)],
    ['Total charged now', formatMoney(f.total)],
  ];
  return (
    <div className="space-y-4">
      <dl aria-label="Upgrade figures" className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-3 py-2 text-sm last:font-semibold">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ul
        tabIndex={0}
        aria-label="What will happen"
        className="focus-ring max-h-[240px] list-disc space-y-2 overflow-y-auto rounded-md pl-5 text-sm text-slate-700"
      >
        {f.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
