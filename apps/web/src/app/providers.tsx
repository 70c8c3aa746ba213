import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';
import { loadToastLibrary } from '../lib/toast';
import { TOAST } from '../lib/toast-settings';

const ToastContainer = lazy(() =>
  loadToastLibrary().then(({ ToastContainer }) => ({ default: ToastContainer })),
);

export const toastContainerProps = {
  position: TOAST.position,
  autoClose: TOAST.autoCloseMs,
  hideProgressBar: TOAST.hideProgressBar,
  theme: TOAST.theme,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
} satisfies ToastContainerProps;

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <ToastContainer {...toastContainerProps} />
      </Suspense>
    </QueryClientProvider>
  );
}
