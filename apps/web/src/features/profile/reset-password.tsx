import { PROFILE_TEXT } from '@enq/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { useChangePassword } from './api/change-password';
import { PASSWORD_RESET_LOGOUT_DELAY_MS } from './profile-settings';

/**
 * Reset password (PROF-02, PROF-16..19): asks first, then the server emails a link; the portal signs out
 * 3 seconds later, since the next sign-in is with the new password.
 */
export function ResetPassword({
  email,
  leaving,
  onLeave,
}: {
  email: string;
  leaving: boolean;
  onLeave: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const reset = useChangePassword();

  function confirm() {
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer?.message || PROFILE_TEXT.resetDone);
        onLeave();
      },
      onError: () => {
        setConfirming(false);
        toast.error(PROFILE_TEXT.resetError);
      },
    });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
            Password
          </h2>
          <p className="text-sm text-slate-600">
            {leaving
              ? 'Check your email for the reset link. Signing you out…'
              : 'We email you a link to choose a new password, then sign you out.'}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={leaving}>
          <KeyRound aria-hidden="true" className="size-4" />
          {PROFILE_TEXT.resetPassword}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        title="Reset your password?"
        body={
          <p>
            We will email a link to choose a new password to <strong>{email}</strong>, and sign you out of the
            portal {PASSWORD_RESET_LOGOUT_DELAY_MS / 1000} seconds later.
          </p>
        }
        confirmLabel="Send reset link"
        busy={reset.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
