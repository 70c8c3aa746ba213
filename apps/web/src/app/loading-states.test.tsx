import { API_TOKEN_STORAGE_KEY, type InvoicesResponse } from '@enq/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider, type TestRoute } from '../test/memory-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, TestServices, writeConfigIntoPage } from '../test/utils';
import { App } from './app';
import { AccountLayout } from './account-layout';
import { AuthGate } from './auth-gate';
import { AppProviders } from './providers';
import { screenLoadingLabel } from './route-fallback';
import { PortalRoutes } from './router';

const INVOICES: InvoicesResponse = {
  amount_due: 0,
  invoices: [
    {
      id: 'in_1',
      number: 'ENQ-202611-AAAA',
      kind: 'period',
      summary: 'Period close',
      timestamp: '2026-11-05T14:00:00.000Z',
      period_start: '2026-10-05T14:00:00.000Z',
      period_end: '2026-11-05T14:00:00.000Z',
      total: 300,
      amount_due: 0,
      status: 'paid',
      credits_used: 1234.5,
      has_refund: false,
      payment_pending: false,
    },
  ],
};

// The account API answers only when a test says so: until then the screen's data is pending.
let answer: (response: Response) => void;
beforeEach(() => {
  const pending = new Promise<Response>((resolve) => (answer = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => pending),
  );
});

function renderAt(path: string, routes: TestRoute[] = [{ path: '*', element: <PortalRoutes /> }]) {
  render(
    <TestServices>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </TestServices>,
  );
}

// A screen whose code never arrives (the portal's own may already be loaded by an earlier test).
const NeverLoaded = lazy(() => new Promise<never>(() => undefined));

const placeholderRows = (status: HTMLElement) => status.querySelectorAll('[data-skeleton-row]').length;

describe('loading states', () => {
  it('right after a sign-in, while the portal learns who is signed in, it says it is loading and shows no screen', () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    window.history.replaceState(null, '', '/invoices');
    render(
      <TestServices>
        <AuthGate>
          <p>the portal</p>
        </AuthGate>
      </TestServices>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
  });

  it('with its config written into the page, the portal draws its loading state once, not again when the config is read', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    window.history.replaceState(null, '', '/invoices');
    writeConfigIntoPage();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <App />
      </AppProviders>,
    );
    const outline = screen.getByRole('status', { name: 'Loading' });
    // Who is signed in is asked only once the config is read: the outline drawn before it stays.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v1/auth/me', expect.anything()));
    expect(screen.getByRole('status', { name: 'Loading' })).toBe(outline);
  });

  it.each(['/call-history', '/Call-History/'])(
    'while a screen\u2019s code loads, the layout shows its title, description and placeholders (at %s)',
    (path) => {
      renderAt(path, [
        {
          path: '/call-history',
          element: (
            <AccountLayout>
              <NeverLoaded />
            </AccountLayout>
          ),
        },
      ]);
      const status = screen.getByRole('status', { name: screenLoadingLabel('/call-history') });
      const main = screen.getByRole('main');
      expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Call History');
      expect(within(main).getByText(/Every call your users made/)).toBeTruthy();
      // Shaped like the page: the calls table's ten rows, not a spinner.
      expect(placeholderRows(status)).toBe(10);
      expect(status.querySelector('svg')).toBeNull();
    },
  );

  it('a screen that fails to render shows its title and Retry inside the shell, and the next screen draws again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed');
    }
    const router = createMemoryRouter(
      [
        {
          path: '/call-history',
          element: (
            <AccountLayout>
              <Broken />
            </AccountLayout>
          ),
        },
        {
          path: '/lines',
          element: (
            <AccountLayout>
              <p>the lines screen</p>
            </AccountLayout>
          ),
        },
      ],
      { initialEntries: ['/call-history'] },
    );
    render(
      <TestServices>
        <RouterProvider router={router} />
      </TestServices>,
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Call History');
    expect(within(main).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();

    act(() => router.navigate('/lines'));
    expect(await screen.findByText('the lines screen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('while its data is pending the screen shows placeholders, replaced by the content when it arrives', async () => {
    renderAt('/invoices');
    const status = await screen.findByRole('status', { name: 'Loading invoices' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoices');
    expect(placeholderRows(status)).toBe(8);
    expect(screen.queryByRole('table')).toBeNull();

    answer(jsonResponse(INVOICES));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('ENQ-202611-AAAA')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading invoices' })).toBeNull();
    expect(document.querySelector('[data-skeleton]')).toBeNull();
  });

  it('a failed load replaces the placeholders with the error and Retry', async () => {
    renderAt('/invoices');
    await screen.findByRole('status', { name: 'Loading invoices' });
    answer(jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading invoices' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(document.querySelector('[data-skeleton]')).toBeNull();
  });
});
