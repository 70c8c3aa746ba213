import { formatCreditsFixed, hasRollover, unchargedCredits, type SubscriptionInfo } from '@enq/contract';

/**
 * A figure of credits with its unit and two decimals, as the usage charts and tables write credits:
 * '1,234.50 credits', '1.00 credit'.
 */
export const creditsText = (value: number): string =>
  `${formatCreditsFixed(value)} ${value === 1 ? 'credit' : 'credits'}`;

type CreditsFigures = Pick<
  SubscriptionInfo,
  | 'plan_credits_used'
  | 'rollover_credits_used'
  | 'bonus_credits_used'
  | 'overage_credits_used'
  | 'total_credits_used'
  | 'plan_credits_left'
  | 'rollover_credits_left'
  | 'bonus_credits_left'
  | 'billable_credits_used'
  | 'billable_calls'
>;

/** The credits left of every kind together: what the account can still call with. */
const creditsLeft = (info: CreditsFigures): number =>
  info.plan_credits_left + info.rollover_credits_left + info.bonus_credits_left;

/**
 * A period's credits by kind, used and left, each figure with its unit: the one breakdown the
 * Overview and the Subscription page show. Kinds in the order they are
 * drawn: plan, rollover, bonus, then overage. Annual plans have no rollover (MONEY-04), so no rollover
 * line at all, not even a zero; bonus lines show once there is a bonus; calls past an annual plan's
 * credits, which are not charged, get a line of their own so that the total adds up.
 */
export function CreditsBreakdown({ info, period }: { info: CreditsFigures; period: 'mo' | 'yr' }) {
  const rollover = hasRollover(period);
  const bonus = info.bonus_credits_used > 0 || info.bonus_credits_left > 0;
  const uncharged = unchargedCredits(info);
  return (
    <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Credits used this period</h3>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          <Row label="Plan" value={info.plan_credits_used} />
          {rollover ? <Row label="Rollover" value={info.rollover_credits_used} /> : null}
          {bonus ? <Row label="Bonus" value={info.bonus_credits_used} /> : null}
          <Row label="Overage" value={info.overage_credits_used} />
          {uncharged > 0 ? <Row label="Beyond the plan (not charged)" value={uncharged} /> : null}
          <Row label="Total" value={info.total_credits_used} strong />
        </dl>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Credits left</h3>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          <Row label="Plan" value={info.plan_credits_left} />
          {rollover ? <Row label="Rollover" value={info.rollover_credits_left} /> : null}
          {bonus ? <Row label="Bonus" value={info.bonus_credits_left} /> : null}
          <Row label="Total" value={creditsLeft(info)} strong />
        </dl>
        {info.billable_credits_used > 0 ? (
          <p className="mt-3 text-xs text-slate-500">
            {creditsText(info.billable_credits_used)} of overage on {info.billable_calls}{' '}
            {info.billable_calls === 1 ? 'call' : 'calls'} not yet invoiced.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  const tone = strong ? 'font-semibold text-slate-900' : 'text-slate-600';
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className={tone}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? tone : 'text-slate-900'}`}>{creditsText(value)}</dd>
    </div>
  );
}
