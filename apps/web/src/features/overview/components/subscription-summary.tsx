import {
  formatCreditsFixed,
  formatDate,
  formatMoney,
  PAUSE_TEXT,
  planLabel,
  PLAN_TEXT,
  type SubscriptionInfo,
} from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from '../../../lib/router';
import { spendControlQuery } from '../../../lib/spend-control-query';
import { CreditsBreakdown } from '../../../components/ui/credits-breakdown';
import { PlanCreditsMeter } from '../../../components/ui/plan-credits-meter';
import { daysText, Stat, SubscriptionStatusBadge } from '../../../components/ui/stat';

const manageLink =
  'focus-ring inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-600';

/** OVW-02: the plan, this period's credits used and left by kind, the next payment and the days left. */
export function SubscriptionSummary({ info, planName }: { info: SubscriptionInfo; planName: string | null }) {
  const plan = info.current_plan;
  const name = plan && planName ? planLabel({ name: planName, period: plan.period }) : 'No plan';
  const active = info.status === 'active' && plan !== null;
  // PAUSE-05: a paused plan is still the account's plan; the banner above has Resume now.
  const paused = info.status === 'paused' && info.pause !== null;

  return (
    <section
      aria-labelledby="summary-heading"
      data-testid="subscription-summary"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-5 sm:p-6">
        <div>
          <h2 id="summary-heading" className="text-sm font-medium text-slate-500">
            Subscription
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <p className="text-2xl font-semibold tracking-tight text-slate-900">{name}</p>
            <SubscriptionStatusBadge status={info.status} cancelAtPeriodEnd={info.cancel_at_period_end} />
          </div>
        </div>
        <Link to="/subscription" className={`${manageLink} sm:mt-1`}>
          {active || paused ? 'Manage subscription' : 'Choose a plan'}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      {active ? (
        <div className="space-y-6 p-5 sm:p-6">
          <PlanCreditsMeter
            title="Plan credits used"
            used={info.plan_credits_used}
            // The period's plan credits: after an upgrade now, its prorated credits (docs/billing.md).
            total={info.plan_credits_used + info.plan_credits_left}
            exhausted={info.is_credits_exhausted}
          />

          <dl className="grid grid-cols-2 gap-3">
            <Stat
              label="Next payment"
              hint={info.next_payment_date ? `due ${formatDate(info.next_payment_date)}` : undefined}
            >
              {info.next_payment_amount !== null ? formatMoney(info.next_payment_amount) : 'None due'}
            </Stat>
            <Stat label="Days left" hint={`of ${info.period_days} in this period`}>
              {daysText(info.days_left)}
            </Stat>
            {plan.period === 'mo' ? <CapStat /> : null}
          </dl>

          <CreditsBreakdown info={info} period={plan.period} />
        </div>
      ) : paused && info.pause ? (
        <p className="p-5 text-sm text-slate-600 sm:p-6">
          {PAUSE_TEXT.summary(
            info.pause.resume_at,
            formatCreditsFixed(info.pause.rollover_credits_held + info.pause.bonus_credits_held),
          )}
          <SavedCap />
        </p>
      ) : (
        <p className="p-5 text-sm text-slate-600 sm:p-6">
          There is no active subscription on this account. Choose a plan to start calling again.
          <SavedCap />
        </p>
      )}
    </section>
  );
}

/**
 * SPEND-07: the saved spending cap, from the one copy of spend control the overview's banners read (asked
 * once the summary is drawn). It holds a monthly plan's overage; an annual plan has none (MONEY-04).
 */
function useSavedCap(): number | null {
  return useQuery(spendControlQuery).data?.spending_cap ?? null;
}

function CapStat() {
  const cap = useSavedCap();
  if (cap === null) return null;
  return (
    <Stat label={PLAN_TEXT.capLabel} hint={PLAN_TEXT.capHint} className="col-span-2">
      {formatMoney(cap)}
    </Stat>
  );
}

/** With no plan under way the cap still shows, so a saved setting is never out of sight. */
function SavedCap() {
  const cap = useSavedCap();
  return cap === null ? null : <span className="mt-2 block">{PLAN_TEXT.capSaved(cap)}</span>;
}
