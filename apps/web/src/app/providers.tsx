import { QueryClientProvider, useIsFetching, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';
import { loadToastsWhenIdle, onToastsLoading, type createToasts } from '../lib/toast';
import { TOAST } from '../lib/toast-settings';

export const toastContainerProps = {
  position: TOAST.position,
  autoClose: TOAST.autoCloseMs,
  hideProgressBar: TOAST.hideProgressBar,
  theme: TOAST.theme,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  // Not stacked: the toasts' stylesheet leaves out the stacked toasts' rules (build/toast-styles.ts).
} satisfies Omit<ToastContainerProps, 'stacked'>;

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

type ToastsLoader = Pick<ReturnType<typeof createToasts>, 'onToastsLoading' | 'loadToastsWhenIdle'>;
const portalToasts: ToastsLoader = { onToastsLoading, loadToastsWhenIdle };

/**
 * The toasts' container, mounted once react-toastify has loaded (lib/toast.ts), which it asks for
 * once the page has loaded and no answer is awaited: after the screen has shown, yet before a toast is
 * likely, so that one shown offline still has it. A toast shown before asks for it itself. `toasts`
 * is the portal's, or a test's over a stand-in library.
 */
export function Toasts({ toasts = portalToasts }: { toasts?: ToastsLoader }) {
  const loaded = usePageLoaded();
  const fetching = useIsFetching();
  const settled = loaded && fetching === 0;
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    const off = toasts.onToastsLoading((loading) =>
      loading.then(
        ({ ToastContainer }) => mounted && setContainer(() => ToastContainer),
        () => undefined,
      ),
    );
    return () => {
      mounted = false;
      off();
    };
  }, [toasts]);
  useEffect(() => (settled ? toasts.loadToastsWhenIdle() : undefined), [settled, toasts]);
  return Container ? <Container {...toastContainerProps} /> : null;
}

function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}
