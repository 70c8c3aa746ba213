import { MESSAGES } from '@enq/contract';
import { useEffect } from 'react';
import { useNavigationGuard } from '../../lib/router';
import { ConfirmModal } from './confirm-modal';

/** Warns before a reload or tab close while `when` holds; browsers show their own text. */
export function useBeforeUnload(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [when]);
}

/** Holds in-app navigation to another page while a form is dirty and asks before leaving. */
export function LeavePrompt({ when }: { when: boolean }) {
  const guard = useNavigationGuard(when);
  useBeforeUnload(when);

  return (
    <ConfirmModal
      open={guard.held}
      title={MESSAGES.unsavedChanges}
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="danger"
      onConfirm={guard.proceed}
      onCancel={guard.reset}
    />
  );
}
