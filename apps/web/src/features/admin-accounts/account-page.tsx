import type { ReactNode } from 'react';

/**
 * One account as staff see it (filled by the operator console's accounts work, issue 25). The actions
 * panel and the view-as button are other features; the console's route passes them in.
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
  return (
    <div data-account-id={accountId}>
      <h1 className="text-2xl font-semibold text-slate-900">Account</h1>
      {viewAs}
      {actions}
    </div>
  );
}
