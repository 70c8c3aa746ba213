import { lazy, Suspense } from 'react';
import { usePreloadWhenIdle } from '../../lib/use-idle';
import type { ConfirmModalProps } from './confirm-dialog';

export type { ConfirmModalProps } from './confirm-dialog';

const loadDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(async () => ({ default: (await loadDialog()).ConfirmDialog }));

/**
 * A confirmation dialog. Its code (Radix's dialog, 11 KB gzip) is not part of a screen's first load,
 * which waited for it on every screen with a leave prompt: it is asked once the screen is idle, so it
 * is there before anyone can open it.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  usePreloadWhenIdle(loadDialog);
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
