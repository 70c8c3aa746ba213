import { MESSAGES, PLAN_TEXT, SPEND_TEXT, type SpendControlResponse } from '@enq/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { overviewAnswer } from './overview-fixtures';
import { OverviewPage } from './overview-page';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const ROOT = '/api/v1/account/';
const SPEND = '/api/v1/account/spend-control/';

/** A Team monthly account, no account banners, nothing else on the page competing. */
const OVERVIEW = overviewAnswer({
  plan_credits_used: 30000,
  rollover_credits_used: 0,
  overage_credits_used: 25000,
  total_credits_used: 55000,
  rollover_credits_left: 0,
  plan_credits_left: 0,
  billable_credits_used: 25000,
  billable_calls: 310,
});

const SPEND_STATE: SpendControlResponse = {
  can_edit: true,
  is_monthly: true,
  period_end: '2026-12-02T14:00:00.000Z',
  plan_percent_used: 100,
  overage_used: 250,
  thresholds: [],
  spending_cap: 250,
  cap_reached: true,
  banners: [
    {
      key: 'cap',
      variant: 'danger',
      message: SPEND_TEXT.capReached(250),
      action: { label: 'Raise the cap', to: '/subscription#alerts-and-limits' },
    },
    { key: 'plan_percent:80', variant: 'warning', message: SPEND_TEXT.percentAlert(80), action: null },
    { key: 'plan_percent:100', variant: 'warning', message: SPEND_TEXT.percentAlert(100), action: null },
  ],
  user_limits: [],
};

let routes: Record<string, RouteHandler>;
let calls: string[];
beforeEach(() => {
  routes = {
    [`GET ${ROOT}`]: () => jsonResponse(OVERVIEW),
    [`GET ${SPEND}`]: () => jsonResponse(SPEND_STATE),
  };
  calls = stubFetchRoutes(routes).requested;
});
afterEach(() => vi.restoreAllMocks());

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <OverviewPage /> },
      { path: '/subscription', element: <h1>Subscription</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}
const region = () => within(screen.getByRole('region', { name: 'Spend alerts' }));

describe('spend banners on the overview', () => {
  it('SPEND-07 SPEND-04 shows the cap reached as danger with "Raise the cap", then each fired alert as a warning, asked only after the overview', async () => {
    const router = renderPage();
    await screen.findByRole('region', { name: 'Spend alerts' });
    const alerts = region().getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      `${SPEND_TEXT.capReached(250)}Raise the cap`,
      "You have used 80% of this period's plan credits.",
      "You have used 100% of this period's plan credits.",
    ]);
    expect(alerts[0]!.className).toContain('bg-red-50');
    expect(alerts[1]!.className).toContain('bg-amber-50');
    expect(SPEND_TEXT.capReached(250)).toBe(
      'Your spending cap of $250 overage is reached: new calls are refused until the period ends or you raise the cap.',
    );
    expect(calls.indexOf(`GET ${SPEND}`)).toBeGreaterThan(calls.indexOf(`GET ${ROOT}`));
    // The cap's banner cannot be dismissed; it leads to the section.
    expect(region().queryByRole('button', { name: `Dismiss: ${SPEND_TEXT.capReached(250)}` })).toBeNull();
    fireEvent.click(region().getByRole('link', { name: 'Raise the cap' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(router.state.location.hash).toBe('#alerts-and-limits');
  });

  it('SPEND-06 dismissing one alert sends its key and hides that banner only; a refused dismissal brings it back', async () => {
    let post = 0;
    routes[`POST ${SPEND}alerts/plan_percent%3A80/dismiss/`] = () =>
      ++post === 1
        ? new Response(null, { status: 204 })
        : jsonResponse({ code: 'INTERNAL', message: 'x' }, 500);
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await screen.findByRole('region', { name: 'Spend alerts' });
    fireEvent.click(region().getByRole('button', { name: `Dismiss: ${SPEND_TEXT.percentAlert(80)}` }));
    await waitFor(() => expect(post).toBe(1));
    expect(
      region()
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      `${SPEND_TEXT.capReached(250)}Raise the cap`,
      "You have used 100% of this period's plan credits.",
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it('SPEND-06 a refused dismissal brings the banner back with the generic error', async () => {
    routes[`POST ${SPEND}alerts/plan_percent%3A100/dismiss/`] = () =>
      jsonResponse({ code: 'INTERNAL', message: 'x' }, 500);
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await screen.findByRole('region', { name: 'Spend alerts' });
    fireEvent.click(region().getByRole('button', { name: `Dismiss: ${SPEND_TEXT.percentAlert(100)}` }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.genericError));
    expect(region().getAllByRole('alert')).toHaveLength(3);
  });

  it('SPEND-16 a user held back by their limit shows as a warning with "Change the limit" and no ×', async () => {
    const message = SPEND_TEXT.userLimitReached('Jo Park', 500);
    routes[`GET ${SPEND}`] = () =>
      jsonResponse({
        ...SPEND_STATE,
        cap_reached: false,
        banners: [
          {
            key: 'user_limit:6f1c2a9e-0000-4000-8000-000000000001',
            variant: 'warning',
            message,
            action: { label: SPEND_TEXT.changeLimit, to: '/users' },
          },
        ],
      });
    renderPage();
    await screen.findByRole('region', { name: 'Spend alerts' });
    const [alert] = region().getAllByRole('alert');
    expect(alert!.textContent).toBe(`${message}Change the limit`);
    expect(alert!.className).toContain('bg-amber-50');
    expect(region().queryByRole('button', { name: `Dismiss: ${message}` })).toBeNull();
    expect(region().getByRole('link', { name: 'Change the limit' }).getAttribute('href')).toBe('/users');
  });

  it('shows no spend region when nothing fired and there is no cap reached', async () => {
    routes[`GET ${SPEND}`] = () => jsonResponse({ ...SPEND_STATE, banners: [], cap_reached: false });
    renderPage();
    await screen.findByTestId('subscription-summary');
    await waitFor(() => expect(calls).toContain(`GET ${SPEND}`));
    expect(screen.queryByRole('region', { name: 'Spend alerts' })).toBeNull();
  });

  it('SPEND-07 the saved spending cap shows on the summary, and still shows, saved, with no plan under way', async () => {
    renderPage();
    const summary = await screen.findByTestId('subscription-summary');
    const cap = await within(summary).findByText(PLAN_TEXT.capLabel);
    expect(cap.parentElement!.textContent).toBe('Spending cap$250.00on overage this period');
    cleanup();

    routes[`GET ${ROOT}`] = () =>
      jsonResponse(
        overviewAnswer({ status: 'inactive', current_plan: null, period_start: null, period_end: null }),
      );
    renderPage();
    const inactive = await screen.findByTestId('subscription-summary');
    expect(
      await within(inactive).findByText(
        "Your spending cap of $250.00 is saved; it holds a monthly plan's overage once a plan starts.",
      ),
    ).toBeTruthy();
  });

  it('SPEND-07 an annual plan, which has no overage to cap, shows no cap on the summary', async () => {
    routes[`GET ${ROOT}`] = () =>
      jsonResponse(
        overviewAnswer({ current_plan: { credits: 360000, period: 'yr', price_id: 'team-annual' } }),
      );
    renderPage();
    const summary = await screen.findByTestId('subscription-summary');
    await waitFor(() => expect(calls).toContain(`GET ${SPEND}`));
    await screen.findByRole('region', { name: 'Spend alerts' });
    expect(within(summary).queryByText(PLAN_TEXT.capLabel)).toBeNull();
  });
});
