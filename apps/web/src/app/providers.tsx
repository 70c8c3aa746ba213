import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { FeatureSlotsContext, type FeatureSlots } from '../lib/feature-slots';
import { createQueryClient } from '../lib/query-client';
import { toastIcon } from '../lib/toast-body';
import { ToastContainer } from '../lib/toast-library';
import { TOAST } from '../lib/toast-settings';

export const toastContainerProps = {
  position: TOAST.position,
  autoClose: TOAST.autoCloseMs,
  hideProgressBar: TOAST.hideProgressBar,
  theme: TOAST.theme,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  icon: toastIcon,
} satisfies ToastContainerProps;

/** Features drawn on other features' screens; their code loads only when a screen draws them. */
const FEATURE_SLOTS: FeatureSlots = {
  pauseSection: lazy(() =>
    import('../features/pause/pause-section').then((m) => ({ default: m.PauseSection })),
  ),
  pauseBanner: lazy(() => import('../features/pause/pause-banner').then((m) => ({ default: m.PauseBanner }))),
};

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <FeatureSlotsContext value={FEATURE_SLOTS}>{children}</FeatureSlotsContext>
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}
