import { MONTHLY_REPORT_TEXT } from '@enq/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { ToastContainer } from '../../lib/toast-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { ProfilePage } from './profile-page';

const BASE = '/api/v1/account/profile';
const PROFILE = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  company: 'Harbor & Pine Tax Advisors',
  email: 'dana.whitfield@harborpinetax.com',
  billing_cc_email: 'ap@harborpinetax.com',
  phone_number: '+12075550143',
};

function setup(state: { enabled: boolean; can_change: boolean }, put?: (body: unknown) => Response) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, body });
      if (path === `${BASE}/`) return jsonResponse(PROFILE);
      if (path === `${BASE}/monthly-report/` && method === 'GET')
        return jsonResponse({ ...state, to: PROFILE.billing_cc_email });
      if (path === `${BASE}/monthly-report/` && method === 'PUT' && put) return put(body);
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: ['/profile'],
  });
  render(
    <TestServices>
      <RouterProvider router={router} />
      <ToastContainer />
    </TestServices>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('the monthly report setting', () => {
  it('REPORT-01 beside the billing CC email: ticking it sends enabled true and says it is saved', async () => {
    const requests = setup({ enabled: false, can_change: true }, (body) =>
      jsonResponse({
        enabled: (body as { enabled: boolean }).enabled,
        to: PROFILE.billing_cc_email,
        can_change: true,
        message: MONTHLY_REPORT_TEXT.saved,
      }),
    );
    const box = (await screen.findByLabelText(MONTHLY_REPORT_TEXT.label)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(
      screen.getByText(
        "At each period close: the period's call history (CSV) and a one-page usage summary (PDF), sent to ap@harborpinetax.com.",
      ),
    ).toBeTruthy();
    fireEvent.click(box);
    expect(await screen.findByText('Monthly report setting saved.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: `${BASE}/monthly-report/`, body: { enabled: true } },
    ]);
    expect(box.checked).toBe(true);
  });

  it('REPORT-01 someone who is not the admin sees it off and cannot change it', async () => {
    setup({ enabled: false, can_change: false });
    const box = (await screen.findByLabelText(MONTHLY_REPORT_TEXT.label)) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(screen.getByText(new RegExp(MONTHLY_REPORT_TEXT.adminOnly))).toBeTruthy();
  });

  it('REPORT-01 a refused change puts the box back and shows the reason', async () => {
    setup({ enabled: false, can_change: true }, () =>
      jsonResponse({ message: MONTHLY_REPORT_TEXT.adminOnly, code: 'FORBIDDEN', field: 'enabled' }, 403),
    );
    const box = (await screen.findByLabelText(MONTHLY_REPORT_TEXT.label)) as HTMLInputElement;
    fireEvent.click(box);
    expect(await screen.findByText(MONTHLY_REPORT_TEXT.adminOnly)).toBeTruthy();
    await vi.waitFor(() => expect(box.checked).toBe(false));
  });
});
