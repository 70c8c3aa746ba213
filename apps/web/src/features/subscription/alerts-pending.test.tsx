import { MESSAGES, SPEND_TEXT, type SpendControlResponse } from '@enq/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { stubFetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, TestServices } from '../../test/utils';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { spendControlQuery } from '../../lib/spend-control-query';
import { AlertsAndLimits } from './alerts-and-limits';

const BASE = '/api/v1/account/spend-control';

/** A monthly plan with 80% and 100% alerts, a $100 overage alert and a $50 cap. */
const STATE: SpendControlResponse = {
  can_edit: true,
  is_monthly: true,
  period_end: '2026-04-15T03:30:00.000Z',
  plan_percent_used: 40,
  overage_used: 0,
  thresholds: [
    { kind: 'plan_percent', value: 80, status: 'waiting', sent_at: null },
    { kind: 'plan_percent', value: 100, status: 'waiting', sent_at: null },
    { kind: 'overage', value: 100, status: 'waiting', sent_at: null },
  ],
  spending_cap: 50,
  cap_reached: false,
  banners: [],
  user_limits: [],
};

let fetchMock: ReturnType<typeof stubFetchRoutes>;
let answers: Record<string, () => Response>;
beforeEach(() => {
  answers = {
    [`GET ${BASE}/`]: () => jsonResponse(STATE),
    'GET /api/v1/account/subscription/forecast/': () => jsonResponse({ forecast: null, advisor: null }),
    [`PUT ${BASE}/settings/`]: () => jsonResponse(STATE),
  };
  fetchMock = stubFetchRoutes(answers);
});

const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)));

async function renderSection(queryClient?: QueryClient) {
  const router = createMemoryRouter(
    [
      { path: '/subscription', element: <AlertsAndLimits /> },
      { path: '/users', element: <h1>Users</h1> },
    ],
    { initialEntries: ['/subscription'] },
  );
  render(
    <TestServices {...(queryClient ? { queryClient } : {})}>
      <RouterProvider router={router} />
    </TestServices>,
  );
  await screen.findByRole('list', { name: 'Plan credits used' });
  return router;
}
const rows = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const bar = () => screen.queryByRole('region', { name: 'Unsaved changes to alerts and limits' });

describe('the Alerts and limits section saves one way: changes wait for the save bar', () => {
  it('an alert firing meanwhile (a fresh answer with a new status) keeps the unsaved changes and shows the status', async () => {
    const client = createQueryClient();
    await renderSection(client);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 80% of plan credits' }));
    expect(bar()).not.toBeNull();
    // Calls came in: the 100% alert was sent, and the page asked again (focus, another tab's save).
    const fired = {
      ...STATE,
      thresholds: STATE.thresholds.map((t) =>
        t.value === 100 && t.kind === 'plan_percent'
          ? { ...t, status: 'sent' as const, sent_at: '2026-04-02T15:00:00.000Z' }
          : t,
      ),
    };
    answers[`GET ${BASE}/`] = () => jsonResponse(fired);
    await act(() => client.refetchQueries({ queryKey: spendControlQuery.queryKey }));
    await waitFor(() => expect(rows('Plan credits used')[1]).toContain(SPEND_TEXT.sent('Apr 2, 2026')));
    expect(rows('Plan credits used')[0]).toBe(
      `80% of plan credits${SPEND_TEXT.pendingRemove}${SPEND_TEXT.undoRemove}`,
    );
    expect(bar()).not.toBeNull();
  });

  it('Remove marks the alert as removed when you save, sends nothing, and the bar names each pending change', async () => {
    await renderSection();
    expect(bar()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 80% of plan credits' }));
    expect(rows('Plan credits used')).toEqual([
      `80% of plan credits${SPEND_TEXT.pendingRemove}${SPEND_TEXT.undoRemove}`,
      '100% of plan creditsRemove',
    ]);
    fireEvent.change(screen.getByLabelText('Spending cap (overage per period, $)'), {
      target: { value: '' },
    });
    expect(within(bar()!).getByText(SPEND_TEXT.unsaved(2))).toBeTruthy();
    expect(
      within(bar()!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Remove the alert at 80% of plan credits', 'Spending cap: $50 overage → no cap']);
    expect(puts()).toEqual([]);

    fireEvent.click(
      screen.getByRole('button', { name: `${SPEND_TEXT.undoRemove}: keep 80% of plan credits` }),
    );
    expect(rows('Plan credits used')).toEqual(['80% of plan creditsRemove', '100% of plan creditsRemove']);
    expect(within(bar()!).getByText(SPEND_TEXT.unsaved(1))).toBeTruthy();
    fireEvent.click(within(bar()!).getByRole('button', { name: SPEND_TEXT.discard }));
    await waitFor(() => expect(bar()).toBeNull());
    expect((screen.getByLabelText('Spending cap (overage per period, $)') as HTMLInputElement).value).toBe(
      '50',
    );
    expect(puts()).toEqual([]);
  });

  it('Save alerts and limits sends the settings without the removed alert', async () => {
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Remove $100 of overage' }));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Save alerts and limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      percent_thresholds: [80, 100],
      overage_thresholds: [],
      forecast_thresholds: [],
      spending_cap: 50,
    });
    // The forecast, which carries the saved cap to the overview, is asked again.
    const forecasts = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/subscription/forecast/')).length;
    await waitFor(() => expect(forecasts()).toBe(2));
  });

  it('SHELL leaving with an unsaved change asks first: Stay keeps the change, Leave drops it', async () => {
    const router = await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 80% of plan credits' }));
    await act(() => router.navigate('/users'));
    const prompt = await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows('Plan credits used')[0]).toBe(
      `80% of plan credits${SPEND_TEXT.pendingRemove}${SPEND_TEXT.undoRemove}`,
    );
    await act(() => router.navigate('/users'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('MONEY-04 an annual plan is offered no overage alert or cap, and a save leaves its cap as it was', async () => {
    answers[`GET ${BASE}/`] = () => jsonResponse({ ...STATE, is_monthly: false });
    await renderSection();
    expect(screen.getByText(SPEND_TEXT.annualNoOverage)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Overage' })).toBeNull();
    expect(screen.queryByLabelText('Add an alert at this overage ($)')).toBeNull();
    expect(screen.queryByLabelText('Spending cap (overage per period, $)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 100% of plan credits' }));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Save alerts and limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      percent_thresholds: [80],
      overage_thresholds: [],
      forecast_thresholds: [],
      spending_cap: 50,
    });
  });
});
