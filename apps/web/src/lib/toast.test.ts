import { describe, expect, it, vi } from 'vitest';
import { createToasts, type ToastLibraryModule } from './toast';

/** A stand-in for react-toastify's module: its toasts recorded. */
function library() {
  const shown: [string, string, unknown][] = [];
  const record = (kind: string) => (message: string, options: unknown) =>
    shown.push([kind, message, options]);
  const toast = {
    success: record('success'),
    error: record('error'),
    info: record('info'),
    warning: record('warning'),
  };
  return { shown, module: { toast, ToastContainer: () => null } satisfies ToastLibraryModule };
}

describe('toasts over a library loaded on demand', () => {
  it('loads the library once however many toasts ask, and shows each with its options', async () => {
    const { shown, module } = library();
    const importLibrary = vi.fn(() => Promise.resolve(module));
    const { toast } = createToasts(importLibrary);
    toast.success('Saved');
    toast.error('Something went wrong. Please try again.', { toastId: 'load-failed' });
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown).toEqual([
      ['success', 'Saved', undefined],
      ['error', 'Something went wrong. Please try again.', { toastId: 'load-failed' }],
    ]);
    expect(importLibrary).toHaveBeenCalledTimes(1);
  });

  it('asks for the library again after a failed load, and the next toast shows', async () => {
    const { shown, module } = library();
    const importLibrary = vi
      .fn<() => Promise<ToastLibraryModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const toasts = createToasts(importLibrary);
    const loads: Promise<ToastLibraryModule>[] = [];
    toasts.onToastsLoading((loading) => loads.push(loading));
    toasts.toast.info('first');
    await expect(loads[0]).rejects.toThrow('Failed to fetch');
    toasts.toast.info('second');
    await vi.waitFor(() => expect(shown).toEqual([['info', 'second', undefined]]));
    expect(importLibrary).toHaveBeenCalledTimes(2);
    expect(loads).toHaveLength(2);
  });
});
