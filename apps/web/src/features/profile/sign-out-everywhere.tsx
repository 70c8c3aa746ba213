import { SIGN_OUT_TEXT } from '@enq/contract';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { useSignOutEverywhere } from './api/sign-out-everywhere';

/**
 * Log Out signs out this browser only (SHELL-20); this ends every browser's and device's sign-in, this
 * one's included, which then leaves as Log Out does.
 */
export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();

  function confirm() {
    signOut.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer.message);
        onSignedOut();
      },
      onError: () => {
        setConfirming(false);
        toast.error(SIGN_OUT_TEXT.error);
      },
    });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="max-w-prose space-y-1">
          <h2 id="devices-heading" className="text-lg font-semibold text-slate-900">
            {SIGN_OUT_TEXT.heading}
          </h2>
          <p className="text-sm text-slate-600">{SIGN_OUT_TEXT.explain}</p>
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={signOut.isSuccess}>
          <MonitorSmartphone aria-hidden="true" className="size-4" />
          {SIGN_OUT_TEXT.button}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        title={SIGN_OUT_TEXT.confirmTitle}
        body={<p>{SIGN_OUT_TEXT.confirmBody}</p>}
        confirmLabel={SIGN_OUT_TEXT.button}
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
