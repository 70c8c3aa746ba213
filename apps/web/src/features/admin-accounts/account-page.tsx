import { ACCOUNTS_TEXT, type AdminInvoice } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { adminMeQuery } from '../../lib/admin-api';
import { ApiError } from '../../lib/api-client';
import { useAccount } from './api/get-account';
import { useResendInvoice } from './api/resend-invoice';
import { AccountStatusBadge } from './components/account-status-badge';
import { ActivitySection } from './components/activity-section';
import { InvoicesSection } from './components/invoices-section';
import { LedgerSection } from './components/ledger-section';
import { NotesSection } from './components/notes-section';
import { OverviewSection } from './components/overview-section';
import { TaxStatusDialog } from './components/tax-status-dialog';
import { UsersSection } from './components/users-section';

const TABS = [
  ['overview', 'Overview'],
  ['ledger', 'Ledger'],
  ['invoices', 'Invoices & payments'],
  ['users', 'Users'],
  ['activity', 'Activity'],
  ['notes', 'Notes'],
] as const;
type Tab = (typeof TABS)[number][0];

const tabClass = (on: boolean) =>
  `focus-ring -mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${
    on ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * One account as staff see it (CONS-02): header with the view-as button, the actions panel other
 * features pass in, and tabs for its overview, ledger, invoices, users, activity and notes. Actions
 * the staff member's role cannot take are not shown (the server refuses them anyway).
 */
export function AccountPage({
  accountId,
  actions,
  viewAs,
}: {
  accountId: string;
  actions: ReactNode;
  viewAs: ReactNode;
}) {
  const account = useAccount(accountId);
  const me = useQuery(adminMeQuery);
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find(([id]) => id === params.get('tab'))?.[0] ?? 'overview') as Tab;
  const [dialog, setDialog] = useState<{ kind: 'tax' } | { kind: 'resend'; invoice: AdminInvoice } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const resend = useResendInvoice(accountId);
  const can = (permission: string) => me.data?.permissions.includes(permission as never) === true;

  useEffect(() => {
    if (account.data) document.title = `${account.data.name} | Operator console | enQ`;
  }, [account.data]);

  if (account.isPending) return <Loader label="Loading the account" />;
  if (account.isError) {
    if (account.error instanceof ApiError && account.error.status === 404)
      return (
        <div role="alert" className="rounded-xl bg-white p-8 text-center shadow-xs ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">{ACCOUNTS_TEXT.notFound}</p>
          <Link to="/admin" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            Back to accounts
          </Link>
        </div>
      );
    return <LoadError onRetry={() => void account.refetch()} />;
  }
  const a = account.data;

  return (
    <div data-account-id={accountId} className="space-y-6">
      <div>
        <Link
          to="/admin"
          className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Accounts
        </Link>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold break-words text-slate-900">{a.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <AccountStatusBadge status={a.status} overdue={a.amount_overdue > 0} />
              <span>{a.subscription.plan_name ? `${a.subscription.plan_name} plan` : 'No plan'}</span>
              {/* A phone puts the email on a line of its own, where a separator would end the line above. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <span className="basis-full break-all sm:basis-auto">
                {a.users.find((u) => u.is_admin)?.email}
              </span>
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">{viewAs}</div>
        </div>
      </div>
      {actions}
      {notice ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      <div
        role="tablist"
        aria-label="Account sections"
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={tabClass(tab === id)}
            onClick={() => setParams(id === 'overview' ? {} : { tab: id }, { replace: true })}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Dates without a time are New York dates too (CONS-06): said once, as the portal's tables do. */}
      <p className="-mt-3 text-xs text-slate-500">{ACCOUNTS_TEXT.datesZone}</p>
      <div role="tabpanel" aria-label={TABS.find(([id]) => id === tab)![1]}>
        {tab === 'overview' ? (
          <OverviewSection
            account={a}
            onChangeTax={can('taxStatus') ? () => setDialog({ kind: 'tax' }) : null}
          />
        ) : tab === 'ledger' ? (
          <LedgerSection ledger={a.ledger} />
        ) : tab === 'invoices' ? (
          <InvoicesSection
            invoices={a.invoices}
            onResend={can('resend') ? (invoice) => setDialog({ kind: 'resend', invoice }) : null}
          />
        ) : tab === 'users' ? (
          <UsersSection users={a.users} />
        ) : tab === 'activity' ? (
          <ActivitySection accountId={accountId} />
        ) : (
          <NotesSection accountId={accountId} notes={a.notes} canAdd={can('notes')} />
        )}
      </div>
      {dialog?.kind === 'tax' ? (
        <TaxStatusDialog
          accountId={accountId}
          tax={a.tax}
          onClose={() => setDialog(null)}
          onDone={setNotice}
        />
      ) : null}
      {dialog?.kind === 'resend' ? (
        <ReasonDialog
          title={`Resend the receipt for ${dialog.invoice.number}`}
          description={`The receipt email, with the invoice attached, goes to the account holder again.`}
          submitLabel="Resend email"
          onClose={() => setDialog(null)}
          onSubmit={async (reason, key) =>
            setNotice((await resend.mutateAsync({ invoiceId: dialog.invoice.id, reason, key })).message)
          }
        />
      ) : null}
    </div>
  );
}
