import { viewAsUrl } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { ApiError } from '../../lib/api-client';
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
  const [error, setError] = useState<string | null>(null);
  if (!me.data?.permissions.includes('viewAsCustomer')) return null;

  const confirm = (reason: string) => {
    const tab = window.open('about:blank', '_blank');
    viewAs.mutate(reason, {
      onSuccess: (answer) => {
        setOpen(false);
        const url = viewAsUrl(answer.token, answer.account_name);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.open(url, '_blank', 'noopener');
      },
      onError: (e) => {
        tab?.close();
        setError(e instanceof ApiError ? e.message : 'The portal could not be opened. Try again.');
      },
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <Eye aria-hidden="true" className="size-4" />
        View as customer
      </Button>
      {open ? (
        <ReasonDialog
          open
          title="View the portal as the customer?"
          body="A new tab opens the portal as the account's admin sees it, read-only, for 15 minutes."
          confirmLabel="Open the portal"
          busy={viewAs.isPending}
          error={error}
          onCancel={() => setOpen(false)}
          onConfirm={confirm}
        />
      ) : null}
    </>
  );
}
