import type { AccountSearchResult, AdminAccount, AdminMe, StaffRole } from '@enq/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';

export const ADMIN = '/api/v1/admin';
export const ACCOUNT_ID = '3f1c2b9e-8a47-4d5e-9c61-0b2a7e4d9f10';

type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/** fetch as a table of `METHOD /path` handlers; an unexpected call fails the test. */
export function fakeAdminApi() {
  const api = {
    routes: {} as Record<string, Handler>,
    fetchMock: vi.fn<typeof fetch>(),
    calls: (method: string, path: string) =>
      api.fetchMock.mock.calls.filter(
        ([input, init]) =>
          new URL(String(input), 'http://t').pathname === path && (init?.method ?? 'GET') === method,
      ),
  };
  beforeEach(() => {
    api.routes = {};
    api.fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
      const url = new URL(String(input), 'http://console.test');
      const handler = api.routes[`${init.method ?? 'GET'} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected call ${init.method ?? 'GET'} ${url.pathname}`);
      return handler(init, url);
    });
    vi.stubGlobal('fetch', api.fetchMock);
  });
  afterEach(() => vi.restoreAllMocks());
  return api;
}

const PERMISSIONS: Record<StaffRole, AdminMe['permissions']> = {
  support: ['read', 'notes', 'resend', 'viewAsCustomer'],
  finance: [
    'read',
    'notes',
    'resend',
    'viewAsCustomer',
    'refund',
    'adjustCredits',
    'charge',
    'changePlan',
    'taxStatus',
  ],
  admin: [
    'read',
    'notes',
    'resend',
    'viewAsCustomer',
    'refund',
    'adjustCredits',
    'charge',
    'changePlan',
    'taxStatus',
    'catalogue',
    'notices',
    'staff',
  ],
};

export const meAs = (role: StaffRole): AdminMe => ({
  person_id: 'staff-1',
  email: 'jordan.lee@enq-staff.com',
  full_name: 'Jordan Lee',
  role,
  permissions: PERMISSIONS[role],
});

export const RESULT: AccountSearchResult = {
  account_id: ACCOUNT_ID,
  name: 'Harbor & Pine Tax Advisors',
  status: 'active',
  plan_name: 'Team',
  admin_name: 'Dana Whitfield',
  admin_email: 'dana.whitfield@harborpinetax.com',
  paused: false,
  matched: 'PIN of Priya Raman',
};

export const ACCOUNT: AdminAccount = {
  id: ACCOUNT_ID,
  name: 'Harbor & Pine Tax Advisors',
  status: 'active',
  created_at: '2025-09-01T12:00:00.000Z',
  tax: { status: 'taxable', exemption_reference: null },
  subscription: {
    status: 'active',
    plan_name: 'Team',
    plan_period: 'mo',
    cancel_at_period_end: false,
    pending_plan_id: null,
    is_delinquent: false,
    period_start: '2026-11-05T14:00:00.000Z',
    period_end: '2026-12-05T14:00:00.000Z',
    days_left: 11,
    period_days: 30,
    scheduled_changes: [],
    pause: null,
  },
  amount_overdue: 0,
  usage: {
    credits_used: 1234.5,
    plan_credits: 2000,
    plan_credits_left: 765.5,
    rollover_credits_left: 120,
    bonus_credits_left: 0,
    overage_credits: 0,
    overage_dollars: 0,
  },
  ledger: {
    entries: [
      { id: 2, at: '2026-11-20T15:00:00.000Z', bucket: 'plan', kind: 'use', credits: -12.5, note: null },
      {
        id: 1,
        at: '2026-11-05T14:00:00.000Z',
        bucket: 'plan',
        kind: 'grant',
        credits: 2000,
        note: 'Team plan',
      },
    ],
    balances: { plan: 765.5, rollover: 120, bonus: 0 },
  },
  invoices: [
    {
      id: 'in_paid',
      number: 'ENQ-202611-AB12CD34',
      summary: 'Team plan, monthly',
      issued_at: '2026-11-05T14:00:00.000Z',
      status: 'paid',
      total: 300,
      payments: [
        {
          id: 'pi_1',
          at: '2026-11-05T14:00:00.000Z',
          amount: 300,
          status: 'succeeded',
          card: 'Visa •••• 4242',
          failure_message: null,
        },
      ],
      refunds: [],
      dispute: null,
    },
    {
      id: 'in_open',
      number: 'ENQ-202612-FF00EE11',
      summary: 'Overage',
      issued_at: '2026-11-25T14:00:00.000Z',
      status: 'open',
      total: 42.1,
      payments: [],
      refunds: [],
      dispute: null,
    },
  ],
  users: [
    {
      id: 'p1',
      full_name: 'Dana Whitfield',
      email: 'dana.whitfield@harborpinetax.com',
      is_admin: true,
      pin: '••1234',
    },
    {
      id: 'p2',
      full_name: 'Priya Raman',
      email: 'priya.raman@harborpinetax.com',
      is_admin: false,
      pin: '••5678',
    },
  ],
  notes: [
    { id: 1, body: 'Asked about a second office.', staff_name: 'Avery Chen', at: '2026-11-22T15:00:00.000Z' },
  ],
};

/** Renders `element` at `path` in a memory router inside the test services. */
export function renderAt(path: string, routePath: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/admin/accounts/:accountId', element: <p>Account page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}

export { jsonResponse };
