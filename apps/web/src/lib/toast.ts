import type { ComponentType } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify';
import { whenIdle } from './use-idle';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** The options a toast here takes: one toast per id, and its own time on screen. */
export type ToastShowOptions = Pick<ToastOptions, 'toastId' | 'autoClose'>;

/** What the portal uses of react-toastify's module (./toast-library). */
export interface ToastLibraryModule {
  toast: Record<Kind, (message: string, options?: ToastShowOptions) => unknown>;
  ToastContainer: ComponentType<ToastContainerProps>;
}

/**
 * The portal's toasts over a library loaded on demand (`importLibrary`, react-toastify's module in the
 * app; a test's stand-in in the unit tests).
 */
export function createToasts(importLibrary: () => Promise<ToastLibraryModule>) {
  let library: Promise<ToastLibraryModule> | undefined;
  const starts = new Set<(loading: Promise<ToastLibraryModule>) => void>();

  /** Loads the library once; a failed load is asked again by the next call. */
  function loadToasts(): Promise<ToastLibraryModule> {
    if (!library) {
      const loading = importLibrary();
      library = loading;
      loading.catch(() => {
        if (library === loading) library = undefined;
      });
      starts.forEach((listener) => listener(loading));
    }
    return library;
  }

  /** Calls `listener` with each load of the library, the one under way included; returns an unsubscribe. */
  function onToastsLoading(listener: (loading: Promise<ToastLibraryModule>) => void): () => void {
    starts.add(listener);
    if (library) listener(library);
    return () => starts.delete(listener);
  }

  /** Loads the library when the browser is next idle (at most 2 s on). Returns a cancel. */
  function loadToastsWhenIdle(): () => void {
    return whenIdle(() => void loadToasts().catch(() => undefined), 2000);
  }

  const show =
    (kind: Kind) =>
    (message: string, options?: ToastShowOptions): void => {
      // Shown before the container mounts, react-toastify keeps it and shows it when it does.
      loadToasts().then(
        (toasts) => toasts.toast[kind](message, options),
        // Offline before the library ever arrived: nothing to show it with.
        () => undefined,
      );
    };
  const toast: Record<Kind, (message: string, options?: ToastShowOptions) => void> = {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
  };
  return { loadToasts, onToastsLoading, loadToastsWhenIdle, toast };
}

/**
 * The portal's toasts (SHELL-21..24). react-toastify (about 10 KB gzip, with the stylesheet it writes
 * into the page) is in no first load: the container (app/providers.tsx) asks for it once the page has
 * loaded and no answer is awaited, and a toast shown before asks for it itself.
 */
export const { loadToasts, onToastsLoading, loadToastsWhenIdle, toast } = createToasts(
  () => import('./toast-library'),
);
