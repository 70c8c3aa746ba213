import { MESSAGES } from '@enq/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from '../lib/toast';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient, shouldRetry } from '../lib/query-client';
import { AppProviders, toastContainerProps } from './providers';
import { QUERY_GC_TIME_MS } from '../lib/query-client';

describe('providers', () => {
  it('SHELL-21 toasts sit top-right and close after 5000 ms', () => {
    expect(toastContainerProps.position).toBe('top-right');
    expect(toastContainerProps.autoClose).toBe(5000);
  });

  it('SHELL-22 toasts have no progress bar and the light theme', () => {
    expect(toastContainerProps.hideProgressBar).toBe(true);
    expect(toastContainerProps.theme).toBe('light');
  });

  it('SHELL-21 SHELL-22 the mounted container renders toasts top-right, light, without a progress bar', async () => {
    render(<AppProviders>{null}</AppProviders>);
    act(() => {
      toast.error(MESSAGES.genericError);
    });
    const message = await screen.findByText(MESSAGES.genericError);
    const container = message.closest('.Toastify__toast-container');
    expect(container?.className).toContain('Toastify__toast-container--top-right');
    const toastEl = message.closest('.Toastify__toast');
    expect(toastEl?.className).toContain('Toastify__toast-theme--light');
    // The bar still drives the auto-close timer; hidden, it is only marked and styled away.
    const wrapper = toastEl?.querySelector('.Toastify__progress-bar--wrp');
    expect(wrapper?.getAttribute('data-hidden')).toBe('true');
    const bar = toastEl?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('5000ms');
  });

  it("toasts carry the portal's icons and a detail line under the exact message, read out as one", async () => {
    render(<AppProviders>{null}</AppProviders>);
    act(() => {
      toast.success('Changes saved.', { detail: '2 added, 1 updated.' });
      toast.error(MESSAGES.genericError);
    });
    const saved = (await screen.findByText('Changes saved.')).closest('.Toastify__toast')!;
    expect(saved.textContent).toBe('Changes saved.2 added, 1 updated.');
    // lucide's drawings, as the banners use, in place of the library's own; hidden from screen readers.
    const icon = saved.querySelector('.Toastify__toast-icon svg')!;
    expect(icon.getAttribute('class')).toContain('lucide-circle-check');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    const failed = (await screen.findByText(MESSAGES.genericError)).closest('.Toastify__toast')!;
    expect(failed.querySelector('.Toastify__toast-icon svg')!.getAttribute('class')).toContain(
      'lucide-circle-alert',
    );
  });

  it('API-21 unused query data is kept 60 s', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(60_000);
    expect(client.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('does not retry 4xx answers but retries network and server failures', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'FETCH_ERROR', 'offline'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'INTERNAL', 'down'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'INTERNAL', 'down'))).toBe(false);
  });

  it('SHELL-23 a failed data load shows the generic toast once, and a 401 does not', async () => {
    const client = createQueryClient();
    function Loads({ name, error }: { name: string; error: ApiError }) {
      useQuery({ queryKey: [name], queryFn: () => Promise.reject(error), retry: false });
      return null;
    }
    const { unmount } = render(
      <AppProviders>
        <QueryClientProvider client={client}>
          <Loads name="session" error={new ApiError(401, 'UNAUTHORIZED', 'gone')} />
        </QueryClientProvider>
      </AppProviders>,
    );
    await waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('error'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
    unmount();

    render(
      <AppProviders>
        <QueryClientProvider client={client}>
          <Loads name="billing" error={new ApiError(500, 'INTERNAL', 'boom')} />
          <Loads name="invoices" error={new ApiError(0, 'FETCH_ERROR', 'offline')} />
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(await screen.findAllByText('Something went wrong. Please try again.')).toHaveLength(1);
  });
});
