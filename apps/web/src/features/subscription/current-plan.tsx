import {
  canRenew,
  type PlanDto,
  type SubscriptionResponse,
  formatCredits,
  formatCreditsFixed,
  formatDate,
  formatMoney,
  periodNoun,
  PAUSE_TEXT,
  planLabel,
  USERS_TEXT,
} from '@enq/contract';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { SubscriptionAction } from './use-subscription-flow';
import { CreditsBreakdown } from '../../components/ui/credits-breakdown';
import { PlanCreditsMeter } from '../../components/ui/plan-credits-meter';
import { daysText, Stat, SubscriptionStatusBadge } from '../../components/ui/stat';

export interface CurrentPlanProps {
  info: SubscriptionResponse;
  plan: PlanDto | undefined;
  locked: boolean;
  busyKey: string | null;
  onAction: (action: SubscriptionAction) => void;
  /** Cancel subscription: first the reason (the cancel flow, issue 64). */
  onCancel: () => void;
}

/** SUB-01, SUB-02, SUB-13: the plan the account is on, this period's credits, and Renew / Cancel. */
export function CurrentPlan({ info, plan, locked, busyKey, onAction, onCancel }: CurrentPlanProps) {
  const current = info.current_plan;
  const period = current?.period ?? plan?.period ?? 'mo';
  const name = plan ? planLabel(plan) : (current?.price_id ?? 'No plan');
  const planCredits = current?.credits ?? plan?.credits ?? 0;
  const renewable = canRenew(info) && current !== null;
  const cancellable = info.is_subscription_active && info.status === 'active' && !info.cancel_at_period_end;
  const renewKey = current ? `renew:${current.price_id}` : '';

  return (
    <section
      aria-labelledby="current-plan-heading"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 id="current-plan-heading" className="text-sm font-medium text-slate-500">
            Current plan
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <p className="text-2xl font-semibold tracking-tight text-slate-900">{name}</p>
            <SubscriptionStatusBadge status={info.status} cancelAtPeriodEnd={info.cancel_at_period_end} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {plan ? (
              <>
                {formatMoney(plan.price)}/{period === 'yr' ? 'yr' : 'mo'} ·{' '}
              </>
            ) : null}
            {formatCredits(planCredits)} credits per {periodNoun(period)}
          </p>
        </div>
        {renewable || cancellable ? (
          <div className="flex flex-wrap gap-3">
            {renewable && current ? (
              <Button
                disabled={locked}
                aria-busy={busyKey === renewKey}
                aria-label={`Renew ${name}`}
                onClick={() => onAction({ kind: 'renew', priceId: current.price_id, label: name })}
              >
                {busyKey === renewKey ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <RefreshCw aria-hidden="true" className="size-4" />
                )}
                Renew
              </Button>
            ) : null}
            {cancellable ? (
              <Button
                variant="secondary"
                disabled={locked}
                aria-busy={busyKey === 'cancel'}
                onClick={onCancel}
              >
                {busyKey === 'cancel' ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : null}
                Cancel subscription
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {info.status === 'paused' && info.pause ? (
        // No period runs while paused: what is kept for the resume, as the overview says it.
        <p className="p-5 text-sm text-slate-600 sm:p-6">
          {PAUSE_TEXT.summary(
            info.pause.resume_at,
            formatCreditsFixed(info.pause.rollover_credits_held + info.pause.bonus_credits_held),
          )}
        </p>
      ) : (
        <div className="space-y-6 p-5 sm:p-6">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Current period" className="col-span-2 lg:col-span-1">
              {formatDate(info.period_start)} – {formatDate(info.period_end)}
            </Stat>
            <Stat label="Days left" hint={`of ${info.period_days} in this period`}>
              {daysText(info.days_left)}
            </Stat>
            <Stat
              label="Next payment"
              hint={info.next_payment_date ? `due ${formatDate(info.next_payment_date)}` : undefined}
            >
              {info.next_payment_amount !== null ? formatMoney(info.next_payment_amount) : 'None scheduled'}
            </Stat>
            <Stat label="Active users" hint={USERS_TEXT.activeUsersHint(info.active_users)}>
              {info.active_users}
            </Stat>
          </dl>

          <PlanCreditsMeter
            title="Plan credits this period"
            used={info.plan_credits_used}
            // The period's plan credits: after an upgrade now, its prorated credits (docs/billing.md).
            total={info.plan_credits_used + info.plan_credits_left}
            exhausted={info.is_credits_exhausted}
          />

          <CreditsBreakdown info={info} period={period} />
        </div>
      )}
    </section>
  );
}
