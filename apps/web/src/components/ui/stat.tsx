import type { ReactNode } from 'react';

/** The subscription's state as a coloured pill (Overview and Subscription show the same one). */
export function SubscriptionStatusBadge({
  status,
  cancelAtPeriodEnd,
}: {
  status: string;
  cancelAtPeriodEnd: boolean;
}) {
  const [text, style] = cancelAtPeriodEnd
    ? ['Cancels at period end', 'bg-amber-50 text-amber-800 ring-amber-200']
    : status === 'active'
      ? ['Active', 'bg-emerald-50 text-emerald-800 ring-emerald-200']
      : status === 'paused'
        ? ['Paused', 'bg-sky-50 text-sky-800 ring-sky-200']
        : ['Inactive', 'bg-slate-100 text-slate-700 ring-slate-200'];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}>
      {text}
    </span>
  );
}

/** A count of days with its unit: '1 day', '12 days'. */
export const daysText = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/** One figure in a definition list of figures: a small label, the value, and an optional hint. */
export function Stat({
  label,
  children,
  hint,
  className = '',
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`rounded-lg bg-slate-50 px-4 py-3 ${className}`}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900 tabular-nums">{children}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}
