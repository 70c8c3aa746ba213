import {
  formatCredits,
  formatDate,
  formatMoney,
  hasRollover,
  planLabel,
  unchargedCredits,
  type SubscriptionInfo,
} from '@enq/contract';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PlanCreditsMeter } from '../../../components/ui/plan-credits-meter';
import { Stat, SubscriptionStatusBadge } from '../../../components/ui/stat';

const manageLink =
  'focus-ring inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-600';

/** OVW-02: the plan, this period's credits by kind, what is left, the next payment and the days left. */
export function SubscriptionSummary({ info, planName }: { info: SubscriptionInfo; planName: string | null }) {
  const plan = info.current_plan;
  const name = plan && planName ? planLabel({ name: planName, period: plan.period }) : 'No plan';
  const active = info.status === 'active' && plan !== null;
  const planCredits = plan?.credits ?? 0;
  // Annual plans have no rollover (MONEY-04): no rollover figure at all, not even a zero.
  const rollover = hasRollover(plan?.period ?? 'mo');
  const bonus = info.bonus_credits_used > 0 || info.bonus_credits_left > 0;
  const creditsLeft = info.plan_credits_left + info.rollover_credits_left + info.bonus_credits_left;
  const uncharged = unchargedCredits(info);
  const columns = 3 + Number(rollover) + Number(bonus) + Number(uncharged > 0);

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
          {active ? 'Manage subscription' : 'Choose a plan'}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      {active ? (
        <div className="space-y-6 p-5 sm:p-6">
          <PlanCreditsMeter
            title="Plan credits used"
            used={info.plan_credits_used}
            total={planCredits}
            exhausted={info.is_credits_exhausted}
          />

          <dl className="grid gap-3 sm:grid-cols-3">
            <Stat label="Credits left" hint={leftHint(info, rollover)}>
              {formatCredits(creditsLeft)}
            </Stat>
            <Stat
              label="Next payment"
              hint={info.next_payment_date ? `due ${formatDate(info.next_payment_date)}` : undefined}
            >
              {info.next_payment_amount !== null ? formatMoney(info.next_payment_amount) : 'None due'}
            </Stat>
            <Stat label="Days left" hint={`of ${info.days_in_period + info.days_left} in this period`}>
              {info.days_left}
            </Stat>
          </dl>

          <div>
            <h3 className="text-sm font-semibold text-slate-900">Credits used this period</h3>
            <dl className={`mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm ${GRID_COLUMNS[columns]}`}>
              {/* In draw order: plan, rollover, bonus, then overage. */}
              <Used label="Plan" value={info.plan_credits_used} />
              {rollover ? <Used label="Rollover" value={info.rollover_credits_used} /> : null}
              {bonus ? <Used label="Bonus" value={info.bonus_credits_used} /> : null}
              <Used label="Overage" value={info.overage_credits_used} />
              {uncharged > 0 ? <Used label="Not charged" value={uncharged} /> : null}
              <Used label="Total" value={info.total_credits_used} strong />
            </dl>
          </div>
        </div>
      ) : (
        <p className="p-5 text-sm text-slate-600 sm:p-6">
          There is no active subscription on this account. Choose a plan to start calling again.
        </p>
      )}
    </section>
  );
}

// Whole class names, so that Tailwind finds them in the source.
const GRID_COLUMNS: Record<number, string> = {
  3: 'sm:grid-cols-3',
  4: 'sm:grid-cols-4',
  5: 'sm:grid-cols-5',
  6: 'sm:grid-cols-6',
};

/** What the credits left are made of, beyond plan credits. */
function leftHint(info: SubscriptionInfo, rollover: boolean): string {
  const parts = [
    rollover && info.rollover_credits_left > 0
      ? `${formatCredits(info.rollover_credits_left)} rollover`
      : null,
    info.bonus_credits_left > 0 ? `${formatCredits(info.bonus_credits_left)} bonus` : null,
  ].filter((p) => p !== null);
  if (parts.length > 0) return `incl. ${parts.join(' and ')}`;
  return rollover ? 'plan and rollover credits' : 'plan credits';
}

function Used({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1.5 sm:block sm:border-0 sm:py-0">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={`tabular-nums sm:mt-0.5 ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}>
        {formatCredits(value)}
      </dd>
    </div>
  );
}
