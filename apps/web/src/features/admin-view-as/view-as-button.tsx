import { viewAsUrl } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { adminMeQuery } from '../../lib/admin-api';
import { useViewAs } from './api/view-as';

/**
 * View as customer (STAFF-07, STAFF-09): asks for the reason, then opens the portal in a new tab as
 * the account's admin sees it, read-only. The tab is opened at the click (so no popup blocker stops
 * it) and sent to the portal once the token is there; the token travels in the fragment only.
 */
export function ViewAsButton({ accountId }: { accountId: string }) {
  const me = useQuery(adminMeQuery);
  const viewAs = useViewAs(accountId);
  const [open, setOpen] = useState(false);
  if (!me.data?.permissions.includes('viewAsCustomer')) return null;

  const confirm = async (reason: string) => {
    const tab = window.open('about:blank', '_blank');
    try {
      const answer = await viewAs.mutateAsync(reason);
      const url = viewAsUrl(answer.token, answer.account_name);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      throw error;
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Eye aria-hidden="true" className="size-4" />
        View as customer
      </Button>
      {open ? (
        <ReasonDialog
          title="View the portal as the customer?"
          description="A new tab opens the portal as the account's admin sees it, read-only, for 15 minutes."
          submitLabel="Open the portal"
          onClose={() => setOpen(false)}
          onSubmit={confirm}
        />
      ) : null}
    </>
  );
}
