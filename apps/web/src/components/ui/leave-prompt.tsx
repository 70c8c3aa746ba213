import { MESSAGES } from '@enq/contract';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
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

/** Blocks in-app navigation while a form is dirty and asks before leaving. Needs a data router. */
export function LeavePrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload(when);

  return (
    <ConfirmModal
      open={blocker.state === 'blocked'}
      title={MESSAGES.unsavedChanges}
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
