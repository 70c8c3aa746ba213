import {
  ACCOUNTS_TEXT,
  formatCreditsFixed,
  formatDate,
  formatMoney,
  formatPeriod,
  taxStatusText,
  type AdminAccount,
} from '@enq/contract';
import { Button } from '../../../components/ui/button';
import { newYorkDateTime } from '../../../lib/console-time';
import { Section } from './section';

const credits = (n: number) => `${formatCreditsFixed(n)} ${n === 1 ? 'credit' : 'credits'}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Plan, this period's usage and the tax status (CONS-02), with Change for those who may (CONS-04); what is
 * scheduled, each with its instant in New York time (CONS-06, CONS-07), and the amount overdue (CONS-08).
 */
export function OverviewSection({
  account,
  onChangeTax,
}: {
  account: AdminAccount;
  onChangeTax: (() => void) | null;
}) {
  const { subscription: sub, usage } = account;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <Section title="This period's usage">
          <p className="-mt-2 mb-4 text-sm text-slate-600">
            {sub.period_start && sub.period_end
              ? formatPeriod(sub.period_start, sub.period_end)
              : 'No open billing period.'}
          </p>
          {/* The customer's own figures, units and rounding (the period model): credits to two decimals. */}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Credits used" value={credits(usage.credits_used)} />
            <Figure
              label="Plan credits left"
              value={`${credits(usage.plan_credits_left)} of ${formatCreditsFixed(usage.plan_credits)}`}
            />
            <Figure label="Rollover left" value={credits(usage.rollover_credits_left)} />
            <Figure label="Bonus left" value={credits(usage.bonus_credits_left)} />
            <Figure label="Overage credits" value={credits(usage.overage_credits)} />
            <Figure label="Overage so far" value={formatMoney(usage.overage_dollars)} />
            {sub.period_days > 0 ? (
              <Figure label="Days left" value={ACCOUNTS_TEXT.daysLeft(sub.days_left, sub.period_days)} />
            ) : null}
          </dl>
        </Section>
      </div>
      <div className="space-y-6">
        <Section title="Subscription">
          <dl className="space-y-2 text-sm">
            <Row
              label="Plan"
              value={
                sub.plan_name
                  ? `${sub.plan_name} (${sub.plan_period === 'yr' ? 'annual' : 'monthly'})`
                  : 'No plan'
              }
            />
            <Row
              label="Status"
              value={
                sub.cancel_at_period_end
                  ? 'Cancels at period end'
                  : sub.status === 'active'
                    ? 'Active'
                    : sub.status === 'paused'
                      ? 'Paused'
                      : 'Inactive'
              }
            />
            {/* A pause (issue 64): when it starts, while only scheduled, and when the plan resumes. */}
            {sub.pause?.state === 'scheduled' ? (
              <Row label="Pauses on" value={formatDate(sub.pause.starts_at)} />
            ) : null}
            {sub.pause ? <Row label="Resumes on" value={formatDate(sub.pause.resume_at)} /> : null}
            {account.amount_overdue > 0 ? (
              <Row label="Payment" value={ACCOUNTS_TEXT.overdue(account.amount_overdue)} tone="danger" />
            ) : null}
            <Row label="Customer since" value={formatDate(account.created_at)} />
          </dl>
          {sub.scheduled_changes.length > 0 ? (
            <div className="mt-4 border-t border-slate-100 pt-3">
              <h3 id="scheduled-heading" className="text-sm font-semibold text-slate-900">
                Scheduled
              </h3>
              <ul aria-labelledby="scheduled-heading" className="mt-2 space-y-2 text-sm">
                {sub.scheduled_changes.map((c) => (
                  <li key={`${c.kind}-${c.at}-${c.text}`}>
                    <span className="font-medium text-slate-900">{c.text}</span>
                    <span className="block text-slate-600">
                      from <time dateTime={c.at}>{newYorkDateTime(c.at)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>
        <Section
          title="Tax status"
          action={
            onChangeTax ? (
              <Button variant="secondary" onClick={onChangeTax} className="px-3 py-1.5">
                Change
              </Button>
            ) : null
          }
        >
          <p className="text-sm text-slate-900">{taxStatusText(account.tax)}</p>
          <p className="mt-1 text-xs text-slate-500">
            Issued invoices keep the status they were issued with.
          </p>
        </Section>
      </div>
    </div>
  );
}

function Row({ label, value, tone }: { label: string; value: string; tone?: 'danger' }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className={`text-right font-medium ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}>
        {value}
      </dd>
    </div>
  );
}
