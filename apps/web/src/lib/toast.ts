import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** The options a toast here takes: one toast per id, and its own time on screen. */
export type ToastShowOptions = Pick<ToastOptions, 'toastId' | 'autoClose'>;

/**
 * react-toastify's code (6.5 KB gzip), in no screen's first load: the container (app/providers.tsx)
 * loads it as the first screen renders, and a toast shown before it mounts waits in the library's
 * queue. Offline before it ever arrived, a toast has nothing to show it with.
 */
export const loadToastLibrary = () => import('./toast-library');

const show =
  (kind: Kind) =>
  (message: string, options?: ToastShowOptions): void =>
    void loadToastLibrary().then(
      ({ toast }) => toast[kind](message, options),
      () => undefined,
    );

/** The portal's toasts (SHELL-21..24). */
export const toast: Record<Kind, (message: string, options?: ToastShowOptions) => void> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
