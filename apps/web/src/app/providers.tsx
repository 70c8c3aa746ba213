import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}
