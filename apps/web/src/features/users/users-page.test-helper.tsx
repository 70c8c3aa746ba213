import { render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { ToastContainer } from '../../lib/toast-library';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { vi } from 'vitest';
import type { SpendControlResponse, UsersData } from '@enq/contract';
import { jsonResponse, TestServices } from '../../test/utils';
import { UsersPage } from './users-page';
import { usersData } from './users-fixtures.test-helper';

const NO_SPEND_LIMITS: SpendControlResponse = {
  can_edit: true,
  is_monthly: true,
  period_end: null,
  plan_percent_used: 0,
  overage_used: 0,
  thresholds: [],
  spending_cap: null,
  cap_reached: false,
  banners: [],
  user_limits: [],
};

/** The Users page's tests: the page against a fetch stub, and what they look it up by. */

const ME_NOT_ADMIN = {
  person_id: 'p',
  account_id: 'a',
  email: 'priya.raman@harborpinetax.com',
  full_name: 'Priya Raman',
  is_staff: false,
  is_admin: false,
};

export type Handler = (body: unknown) => Response | Promise<Response>;

/**
 * Renders /users on a stubbed API; `wide` answers every media query (1200 px and up) as matching;
 * `queryClient` is one holding what the boot asked before the page (a new empty one otherwise).
 */
export function setup(
  data: UsersData = usersData(),
  routes: Record<string, Handler> = {},
  wide = false,
  queryClient?: QueryClient,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as never,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname.replace('/api/v1/account', '');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      if (handler) return handler(body);
      if (method === 'GET' && path === '/users/') return jsonResponse(data);
      // Who is signed in: a sub-account user unless a test says otherwise (the Activity tab is the admin's).
      if (method === 'GET' && path === '/api/v1/auth/me') return jsonResponse(ME_NOT_ADMIN);
      // The monthly limits' section (user-limits.test.tsx has its own): no sub-account user listed.
      if (method === 'GET' && path === '/spend-control/') return jsonResponse(NO_SPEND_LIMITS);
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '/users', element: <UsersPage /> }], {
    initialEntries: ['/users'],
  });
  render(
    <TestServices queryClient={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </TestServices>,
  );
  return calls;
}

export const table = () => screen.getByRole('table');
export const userRows = () => screen.getAllByTestId('user-row');
export const button = (name: string | RegExp) => screen.getByRole('button', { name });
export const ok = (emails: string[]) => emails.map((email) => ({ email, status: 'success' }));
