import { formatCreditsFixed } from '@enq/contract';

/** The share of a period's plan credits used, as a labelled progress bar (Overview and Subscription). */
export function PlanCreditsMeter({
  title,
  used,
  total,
  exhausted,
}: {
  title: string;
  used: number;
  total: number;
  exhausted: boolean;
}) {
  const share = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600 tabular-nums">
          {formatCreditsFixed(used)} of {formatCreditsFixed(total)} credits used
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Plan credits used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={`${share}% of plan credits used`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${exhausted ? 'bg-amber-500' : 'bg-brand-600'}`}
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}
