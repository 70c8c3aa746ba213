import { lazy, Suspense } from 'react';
import { usePreloadWhenIdle } from '../../../lib/use-idle';
import type { CancelReasonDialogProps } from './cancel-reason-dialog';

const loadDialog = () => import('./cancel-reason-dialog');
const CancelReasonDialog = lazy(async () => ({ default: (await loadDialog()).CancelReasonDialog }));

/** The reason dialog, its code asked once the page is idle, as ConfirmModal's is. */
export function CancelReasonModal(props: CancelReasonDialogProps & { open: boolean }) {
  usePreloadWhenIdle(loadDialog);
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <CancelReasonDialog {...props} />
    </Suspense>
  );
}
