import type { ToastOptions } from 'react-toastify';
import type * as ToastLibrary from './toast-library';

type Library = typeof ToastLibrary;
type Kind = 'success' | 'error' | 'info' | 'warning';

let library: Promise<Library> | undefined;
const starts = new Set<(loading: Promise<Library>) => void>();

/**
 * Loads react-toastify (about 10 KB gzip, with the stylesheet it writes into the page), once: no first
 * load carries it. The container asks for it when the first screen has settled, a toast as it is
 * shown, whichever comes first. A failed load is asked again by the next one.
 */
export function loadToasts(): Promise<Library> {
  if (!library) {
    const loading = import('./toast-library');
    library = loading;
    loading.catch(() => {
      if (library === loading) library = undefined;
    });
    starts.forEach((listener) => listener(loading));
  }
  return library;
}

/** Calls `listener` with each load of the library, the one under way included; returns an unsubscribe. */
export function onToastsLoading(listener: (loading: Promise<Library>) => void): () => void {
  starts.add(listener);
  if (library) listener(library);
  return () => starts.delete(listener);
}

/** Loads the library when the browser is next idle (at most 2 s on). Returns a cancel. */
export function loadToastsWhenIdle(): () => void {
  const load = () => void loadToasts().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(load, 0);
  return () => window.clearTimeout(id);
}

/** The options a toast here takes: one toast per id, and its own time on screen. */
export type ToastShowOptions = Pick<ToastOptions, 'toastId' | 'autoClose'>;

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

/** The portal's toasts (SHELL-21..24): react-toastify's, loaded when first needed. */
export const toast: Record<Kind, (message: string, options?: ToastShowOptions) => void> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
