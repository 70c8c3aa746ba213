import { formatCredits, formatDate, type StaffPermission } from '@enq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  Coins,
  CreditCard,
  PauseCircle,
  PlayCircle,
  RefreshCcw,
  RotateCcw,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { ADMIN_QUERY_KEY, adminMeQuery } from '../../lib/admin-api';
import { accountActionsQuery } from './api/get-account-actions';
import { ChargeDialog } from './charge-dialog';
import { CreditsDialog } from './credits-dialog';
import { PauseDialog, ResumeDialog } from './pause-dialogs';
import { RefundDialog } from './refund-dialog';
import { CancelDialog, ChangePlanDialog, ReactivateDialog } from './subscription-dialogs';

type Open = 'refund' | 'credits' | 'change' | 'cancel' | 'reactivate' | 'pause' | 'resume' | 'charge' | null;

interface Action {
  id: Exclude<Open, null>;
  label: string;
  hint: string;
  icon: LucideIcon;
  permission: StaffPermission;
  shown: boolean;
}

/**
 * Money actions on one account (docs/requirements.md CMON): refund, adjust credits, change, cancel or
 * reactivate the plan, pause or resume it (issue 64), retry a failed charge. Only what the staff member's role and the account's state
 * allow is offered (CONS-09; the server refuses the rest anyway); each opens a dialog with its own
 * idempotency key.
 */
export function AccountActions({ accountId }: { accountId: string }) {
  const me = useQuery(adminMeQuery);
  const can = (p: StaffPermission) => me.data?.permissions.includes(p) ?? false;
  const any = can('refund') || can('adjustCredits') || can('changePlan') || can('charge');
  const data = useQuery({ ...accountActionsQuery(accountId), enabled: any });
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const queryClient = useQueryClient();
  if (!any) return null;

  let body: ReactNode;
  if (data.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (data.isError) body = <LoadError onRetry={() => void data.refetch()} />;
  else {
    const d = data.data;
    const sub = d.subscription;
    const active = sub.status === 'active';
    // The pause's own state says what it allows: a new pause only with resume dates to offer (monthly,
    // not cancelling nor changing, months left in the twelve), Resume only with a pause scheduled or under way.
    const { pause: current, earliest_resume_on: earliest, latest_resume_on: latest } = d.pause;
    const pauseDates =
      !current && earliest && latest ? { earliest_resume_on: earliest, latest_resume_on: latest } : null;
    const actions: Action[] = [
      {
        id: 'refund',
        label: 'Refund',
        hint: 'Part or all of a paid invoice',
        icon: RotateCcw,
        permission: 'refund',
        shown: d.invoices.some((i) => i.refundable_cents > 0),
      },
      {
        id: 'credits',
        label: 'Adjust credits',
        hint: `${formatCredits(d.credits_left)} credits left this period`,
        icon: Coins,
        permission: 'adjustCredits',
        shown: active,
      },
      {
        id: 'change',
        label: 'Change plan',
        hint: sub.pending_plan_id ? 'Or drop the scheduled change' : 'At the end of the period',
        icon: CalendarClock,
        permission: 'changePlan',
        shown: active,
      },
      {
        id: 'cancel',
        label: 'Cancel',
        hint: 'At the end of the period',
        icon: XCircle,
        permission: 'changePlan',
        shown: active && !sub.cancel_at_period_end,
      },
      {
        id: 'reactivate',
        label: 'Reactivate',
        hint: 'Undo the cancellation',
        icon: RefreshCcw,
        permission: 'changePlan',
        // Only a cancelling subscription can be reactivated (CONS-09); Cancel is offered only while it
        // is not, so the two are never offered together. The server refuses the other anyway.
        shown: active && sub.cancel_at_period_end,
      },
      {
        id: 'pause',
        label: 'Pause',
        hint: 'At the end of the period, until a date',
        icon: PauseCircle,
        permission: 'changePlan',
        shown: pauseDates !== null,
      },
      {
        id: 'resume',
        label: 'Resume',
        hint: current
          ? current.state === 'paused'
            ? `Paused until ${formatDate(current.resume_at)}: resume now, paid first`
            : `Pauses on ${formatDate(current.starts_at)}: withdraw it`
          : '',
        icon: PlayCircle,
        permission: 'changePlan',
        shown: current !== null,
      },
      {
        id: 'charge',
        label: 'Retry charge',
        hint: 'An open invoice, to the card on file',
        icon: CreditCard,
        permission: 'charge',
        shown: d.invoices.some((i) => i.status === 'open'),
      },
    ];
    const offered = actions.filter((a) => a.shown && can(a.permission));
    const close = () => setOpen(null);
    const finish = async (message: string) => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      toast.success(message);
      setDone(message);
      setOpen(null);
    };
    const props = { accountId, onClose: close, onDone: finish };
    body = (
      <>
        {offered.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing to act on for this account right now.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {offered.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  onClick={() => setOpen(a.id)}
                  className="focus-ring flex w-full items-start gap-3 rounded-lg bg-white p-3 text-left ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50"
                >
                  <a.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-slate-900">{a.label}</span>
                    <span className="block text-sm text-slate-600">{a.hint}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {done ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
            {done}
          </p>
        ) : null}
        {open === 'refund' ? <RefundDialog {...props} invoices={d.invoices} /> : null}
        {open === 'credits' ? <CreditsDialog {...props} creditsLeft={d.credits_left} /> : null}
        {open === 'change' ? <ChangePlanDialog {...props} data={d} /> : null}
        {open === 'cancel' ? <CancelDialog {...props} /> : null}
        {open === 'reactivate' ? <ReactivateDialog {...props} /> : null}
        {open === 'pause' && pauseDates ? (
          <PauseDialog {...props} pause={{ ...d.pause, ...pauseDates }} />
        ) : null}
        {open === 'resume' && current ? (
          <ResumeDialog {...props} scheduled={current.state === 'scheduled'} />
        ) : null}
        {open === 'charge' ? <ChargeDialog {...props} invoices={d.invoices} /> : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby="account-actions-heading"
      className="mt-6 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="account-actions-heading" className="text-base font-semibold text-slate-900">
        Actions
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Each action asks for a reason, and is recorded in the audit trail and the customer&apos;s activity
        log.
      </p>
      {body}
    </section>
  );
}
