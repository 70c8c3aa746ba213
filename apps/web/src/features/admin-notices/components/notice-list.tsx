import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_STATUS_LABELS,
  type AdminNotice,
  type NoticeStatus,
} from '@enq/contract';
import { clsx } from 'clsx';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { newYorkDateTime } from '../../../lib/console-time';
import { useWithdrawNotice } from '../api/withdraw-notice';

const BADGE: Record<NoticeStatus, string> = {
  scheduled: 'bg-amber-50 text-amber-800 ring-amber-200',
  live: 'bg-green-50 text-green-800 ring-green-200',
  ended: 'bg-slate-100 text-slate-700 ring-slate-200',
  withdrawn: 'bg-slate-100 text-slate-600 ring-slate-200',
};

function audienceOf(n: AdminNotice): string {
  if (n.audience === 'plan') return `${n.plan_name ?? n.plan_id} plan`;
  if (n.audience === 'account') return n.account_name ?? n.account_id ?? '';
  return NOTICE_AUDIENCE_LABELS.all;
}

/** The notices with their status; a scheduled or live one can be withdrawn, with a reason. */
export function NoticeList({ notices }: { notices: AdminNotice[] }) {
  const [withdrawing, setWithdrawing] = useState<AdminNotice | null>(null);
  const withdraw = useWithdrawNotice();
  if (notices.length === 0) return <p className="text-sm text-slate-600">No notices yet.</p>;
  return (
    <>
      <ul aria-label="Notices" className="space-y-3">
        {notices.map((n) => (
          <li key={n.id} className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{n.title}</h3>
                  <span
                    className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold ring-1', BADGE[n.status])}
                  >
                    {NOTICE_STATUS_LABELS[n.status]}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{n.text}</p>
                <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
                  <span>Audience: {audienceOf(n)}</span>
                  <span>
                    {n.status === 'scheduled' ? 'Publishes' : 'Published'} {newYorkDateTime(n.publish_at)}
                  </span>
                  <span>Priority {n.priority}</span>
                  {n.dismissible ? null : <span>Not dismissible</span>}
                  {n.created_by ? <span>By {n.created_by}</span> : null}
                  {n.withdrawn_at ? <span>Withdrawn {newYorkDateTime(n.withdrawn_at)}</span> : null}
                </p>
              </div>
              {n.status === 'scheduled' || n.status === 'live' ? (
                <Button
                  variant="secondary"
                  aria-label={`Withdraw ${n.title}`}
                  onClick={() => setWithdrawing(n)}
                >
                  Withdraw
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {withdrawing ? (
        <ReasonDialog
          title="Withdraw this notice?"
          description={`“${withdrawing.title}” leaves every overview at once.`}
          submitLabel="Withdraw"
          tone="danger"
          onClose={() => setWithdrawing(null)}
          onSubmit={async (reason, key) =>
            toast.success((await withdraw.mutateAsync({ id: withdrawing.id, reason, key })).message)
          }
        />
      ) : null}
    </>
  );
}
