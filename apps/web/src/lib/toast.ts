import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { ToastBody } from './toast-body';
import { toast as library } from './toast-library';

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * The options a toast here takes: one toast per id, its own time on screen, and a line under the
 * message saying what was done (a save's counts), so a spec text stays exact above it.
 */
export type ToastShowOptions = Pick<ToastOptions, 'toastId' | 'autoClose'> & { detail?: string };

const show =
  (kind: Kind) =>
  (message: string, { detail, ...options }: ToastShowOptions = {}) =>
    void library[kind](detail ? createElement(ToastBody, { message, detail }) : message, options);

/** The portal's toasts (SHELL-21..24), shown in the container app/providers.tsx mounts. */
export const toast: Record<Kind, (message: string, options?: ToastShowOptions) => void> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
