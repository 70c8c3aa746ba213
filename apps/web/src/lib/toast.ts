import type { ToastOptions } from 'react-toastify';
import { toast as library } from './toast-library';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** The options a toast here takes: one toast per id, and its own time on screen. */
export type ToastShowOptions = Pick<ToastOptions, 'toastId' | 'autoClose'>;

/** The portal's toasts (SHELL-21..24), shown in the container app/providers.tsx mounts. */
export const toast: Record<Kind, (message: string, options?: ToastShowOptions) => void> = {
  success: (message, options) => void library.success(message, options),
  error: (message, options) => void library.error(message, options),
  info: (message, options) => void library.info(message, options),
  warning: (message, options) => void library.warning(message, options),
};
