import { ACCOUNTS_TEXT } from '@enq/contract';

/**
 * An account's status as a pill: active, suspended or closed; an account with money overdue says so
 * instead of a green "active", so the header never contradicts the amount overdue (CONS-08).
 */
export function AccountStatusBadge({ status, overdue = false }: { status: string; overdue?: boolean }) {
  const style = overdue
    ? 'bg-red-50 text-red-800 ring-red-200'
    : status === 'active'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : status === 'suspended'
        ? 'bg-amber-50 text-amber-800 ring-amber-200'
        : 'bg-slate-100 text-slate-700 ring-slate-200';
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${overdue ? '' : 'capitalize'} ${style}`}
    >
      {overdue ? ACCOUNTS_TEXT.paymentOverdue : status}
    </span>
  );
}

/** Beside the status of an account whose plan's pause is under way (issue 64): it is active but not billed. */
export function PausedBadge() {
  return (
    <span className="ml-1.5 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset">
      Paused
    </span>
  );
}
