import { useParams } from '../../lib/router';
import { AccountActions } from '../../features/admin-account-actions/account-actions';
import { AccountPage } from '../../features/admin-accounts/account-page';
import { ViewAsButton } from '../../features/admin-view-as/view-as-button';

/** /admin/accounts/:accountId: the account page with the features that act on it. */
export function AccountRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountPage
      key={accountId}
      accountId={accountId}
      actions={<AccountActions accountId={accountId} />}
      viewAs={<ViewAsButton accountId={accountId} />}
    />
  );
}
