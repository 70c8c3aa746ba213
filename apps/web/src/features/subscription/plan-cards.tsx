import { type PlanDto, formatCredits, formatMoney, periodNoun, planLabel } from '@enq/contract';
import { Check, LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { SubscriptionAction } from './use-subscription-flow';

const GROUPS = [
  { period: 'mo', title: 'Monthly plans', hint: 'Unused credits roll over, up to three months of credits.' },
  {
    period: 'yr',
    title: 'Annual plans',
    hint: 'A year of credits up front. Credits expire each annual cycle.',
  },
] as const;

export interface PlanCardsProps {
  plans: PlanDto[];
  /** The plan the account is on; absent when the subscription is inactive. */
  currentPriceId: string | null;
  /** The plan the account moves to at the end of the period, if a change is scheduled. */
  pendingPriceId: string | null;
  /** The current plan is set to end or change at the period end: it can be kept instead. */
  keepable: boolean;
  /** 'change' on an active subscription, 'choose' to start an inactive one. */
  verb: 'change' | 'choose';
  locked: boolean;
  busyKey: string | null;
  onPick: (action: SubscriptionAction) => void;
}

/** SUB-01: the available plans, monthly and annual, each with its price, credits and saving. */
export function PlanCards({
  plans,
  currentPriceId,
  pendingPriceId,
  keepable,
  verb,
  locked,
  busyKey,
  onPick,
}: PlanCardsProps) {
  return (
    <section aria-labelledby="plans-heading" className="space-y-6">
      <div>
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          {verb === 'choose' ? 'Choose a plan' : 'Available plans'}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Calls are billed in credits. Prices are in US dollars; overage on monthly plans is $0.01 per credit.
        </p>
      </div>
      {GROUPS.map((group) => {
        const inGroup = plans.filter((plan) => plan.period === group.period);
        if (inGroup.length === 0) return null;
        const headingId = `plans-${group.period}`;
        return (
          <div key={group.period} className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                {group.title}
              </h3>
              <p className="text-xs text-slate-500">{group.hint}</p>
            </div>
            <ul aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {inGroup.map((plan) => (
                <PlanCard
                  key={plan.price_id}
                  plan={plan}
                  current={plan.price_id === currentPriceId}
                  pending={plan.price_id === pendingPriceId}
                  keepable={keepable}
                  verb={verb}
                  locked={locked}
                  busy={busyKey === (plan.price_id === currentPriceId ? 'keep' : `change:${plan.price_id}`)}
                  onPick={onPick}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function PlanCard({
  plan,
  current,
  pending,
  keepable,
  verb,
  locked,
  busy,
  onPick,
}: {
  plan: PlanDto;
  current: boolean;
  pending: boolean;
  keepable: boolean;
  verb: 'change' | 'choose';
  locked: boolean;
  busy: boolean;
  onPick: (action: SubscriptionAction) => void;
}) {
  const label = planLabel(plan);
  const unit = plan.period === 'yr' ? '/yr' : '/mo';
  return (
    <li
      aria-label={current ? `${label}, your current plan` : label}
      className={`relative flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ${
        current ? 'ring-2 ring-brand-600' : 'ring-slate-200'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h4 className="text-base font-semibold text-slate-900">{plan.name}</h4>
        {plan.save ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            {plan.save}
          </span>
        ) : null}
      </div>
      <p className="mt-3 text-slate-900">
        <span className="text-2xl font-bold tracking-tight">{formatMoney(plan.price)}</span>
        <span className="text-sm font-medium text-slate-500">{unit}</span>
      </p>
      <ul className="mt-3 flex-1 space-y-1.5 text-sm text-slate-600">
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {formatCredits(plan.credits)} credits per {periodNoun(plan.period)}
        </li>
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {plan.multi_user ? 'Sub-account users with their own PINs' : 'One user'}
        </li>
      </ul>
      <div className="mt-5">
        {current ? (
          <div className="space-y-2">
            <p className="flex items-center justify-center gap-1.5 rounded-lg bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700">
              <Check aria-hidden="true" className="size-4" />
              Current plan
            </p>
            {keepable ? (
              // Undoes a scheduled cancellation or change and charges nothing (never a renewal).
              <Button
                variant="secondary"
                className="w-full"
                aria-label={`Keep this plan, ${label}`}
                disabled={locked}
                aria-busy={busy}
                onClick={() => onPick({ kind: 'keep', label })}
              >
                {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                Keep this plan
              </Button>
            ) : null}
          </div>
        ) : pending ? (
          <p className="rounded-lg bg-slate-100 px-4 py-2 text-center text-sm font-semibold text-slate-700">
            Starts next period
          </p>
        ) : (
          <Button
            variant={verb === 'choose' ? 'primary' : 'secondary'}
            className="w-full"
            aria-label={verb === 'choose' ? `Choose ${label}` : `Change to ${label}`}
            disabled={locked}
            aria-busy={busy}
            onClick={() => onPick({ kind: 'change', priceId: plan.price_id, label })}
          >
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {verb === 'choose' ? 'Choose' : 'Change'}
          </Button>
        )}
      </div>
    </li>
  );
}
