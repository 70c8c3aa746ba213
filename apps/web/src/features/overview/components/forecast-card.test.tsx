import type { ForecastResponse } from '@enq/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../../test/utils';
import { overviewAnswer } from '../overview-fixtures';
import { OverviewPage } from '../overview-page';
import { ForecastCard } from './forecast-card';

const FORECAST_PATH = '/api/v1/account/subscription/forecast/';

/** Practice monthly, August: the API test's figures (forecast-api.test.ts). */
const ANSWER: ForecastResponse = {
  forecast: {
    period_start: '2026-08-01T16:00:00.000Z',
    period_end: '2026-09-01T16:00:00.000Z',
    used_credits: 10_400,
    available_credits: 14_000,
    plan_credits: 14_000,
    rollover_credits: 0,
    bonus_credits: 0,
    days_left: 23,
    period_days: 31,
    projected_credits: 44_085.71,
    runs_out_on: '2026-08-11',
    ran_out: false,
    projected_overage: 300.86,
    bills_overage: true,
    spending_cap: null,
    capped_overage: null,
    note: "Projected from this period's pace so far (New York time): 2,000 credits per weekday and 114.29 per weekend day, since offices close on weekends, over the 23 days left of 31. Credits beyond the plan, rollover and bonus credits cost $0.01 each.",
  },
  advisor: {
    periods_compared: 2,
    cheapest: { price_id: 'team-monthly', name: 'Team', cost: 380 },
    current_cost: 390,
    upgrade: { price_id: 'team-monthly', name: 'Team', saves: 7.42, charge: 111.29 },
  },
  price_change: null,
};

/** Practice monthly, mid-period: what the overview needs to draw its summary. */
const OVERVIEW = overviewAnswer(
  {
    current_plan: { credits: 14000, period: 'mo', price_id: 'practice-monthly' },
    plan_credits_used: 10400,
    rollover_credits_used: 0,
    total_credits_used: 10400,
    rollover_credits_left: 0,
    plan_credits_left: 3600,
    next_payment_date: '2026-09-01T16:00:00.000Z',
    next_payment_amount: 150,
    days_in_period: 8,
    days_left: 23,
    active_users: 1,
    period_start: '2026-08-01T16:00:00.000Z',
    period_end: '2026-09-01T16:00:00.000Z',
  },
  {
    plan_name: 'Practice',
    card_details: {
      brand: 'visa',
      last4: '4242',
      expiry: '12/2030',
      is_expired: false,
      is_expired_soon: false,
    },
  },
);

let answers: Record<string, () => Response>;
let calls: string[];
beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      calls.push(path);
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected call ${path}`);
      return answer();
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
}

const card = async () => screen.findByRole('region', { name: 'Forecast for this period' });

describe('the forecast card', () => {
  it('PLAN-12 PLAN-02 PLAN-03 PLAN-05 shows the run-out day, the projected use and overage, how it was worked out, and the advice', async () => {
    answers[FORECAST_PATH] = () => jsonResponse(ANSWER);
    renderAt(<ForecastCard />);
    const region = await card();
    expect(within(region).getByText('At this pace your credits run out on August 11, 2026.')).toBeTruthy();
    expect(region.querySelector('dl')!.textContent).toBe(
      'Projected use44,085.71 creditsof 14,000.00 plan creditsProjected overage$300.86at period end',
    );
    expect(within(region).getByText(ANSWER.forecast!.note)).toBeTruthy();
    const advice = within(region).getByRole('list', { name: 'Plan advisor' });
    expect(
      within(advice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Over the last 2 periods, the Team plan would have cost least: $380.00 a month on average, price and overage included.',
      'Only 2 periods of history so far; the advisor compares up to 3.',
      'Upgrading to Team now would save about $7.42 this period.',
    ]);
    expect(within(region).getByRole('link', { name: 'Compare plans and upgrade' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });

  it('names the plan, rollover and bonus credits the projection is set against, as the summary names them', async () => {
    // The annual demo's case: 48,000 plan credits and 2,000 bonus, which read "of 50,000 plan credits".
    answers[FORECAST_PATH] = () =>
      jsonResponse({
        forecast: {
          ...ANSWER.forecast!,
          available_credits: 50_000,
          plan_credits: 48_000,
          bonus_credits: 2_000,
          bills_overage: false,
          projected_overage: 0,
        },
        advisor: null,
      });
    renderAt(<ForecastCard />);
    const region = await card();
    expect(region.querySelector('dl')!.textContent).toBe(
      'Projected use44,085.71 creditsof 50,000.00 credits: 48,000.00 plan and 2,000.00 bonusProjected overage$0.00annual plans have none',
    );
  });

  it('SPEND-07 shows the saved spending cap with its unit beside the projected overage it holds back', async () => {
    answers[FORECAST_PATH] = () =>
      jsonResponse({ ...ANSWER, forecast: { ...ANSWER.forecast!, spending_cap: 250, capped_overage: 250 } });
    renderAt(<ForecastCard />);
    const region = await card();
    expect(region.querySelector('dl')!.textContent).toBe(
      'Projected use44,085.71 creditsof 14,000.00 plan creditsProjected overage$250.00at period end, capped at $250.00 by your spending cap',
    );
    expect(
      within(region).getByText(
        'At this pace overage would reach $300.86: your spending cap of $250.00 refuses new calls once it is reached, before the period ends.',
      ),
    ).toBeTruthy();
  });

  it('PLAN-02 PLAN-04 says when the credits ran out, or that they last, and when there is no history or saving', async () => {
    answers[FORECAST_PATH] = () =>
      jsonResponse({
        forecast: { ...ANSWER.forecast!, runs_out_on: '2026-08-06', ran_out: true },
        advisor: {
          ...ANSWER.advisor!,
          periods_compared: 0,
          cheapest: { price_id: 'solo-monthly', name: 'Solo', cost: 50 },
          upgrade: null,
        },
      });
    renderAt(<ForecastCard />);
    const region = await card();
    expect(within(region).getByText('Your credits ran out on August 6, 2026.')).toBeTruthy();
    const advice = within(region).getByRole('list', { name: 'Plan advisor' });
    expect(
      within(advice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "No period has closed yet: from this period's forecast, the Solo plan would cost least ($50.00).",
      'Upgrading now would not save money this period.',
    ]);
  });

  it('PLAN-03 an annual plan shows no overage and no advice; no active period shows no card', async () => {
    answers[FORECAST_PATH] = () =>
      jsonResponse({
        forecast: { ...ANSWER.forecast!, runs_out_on: null, projected_overage: 0, bills_overage: false },
        advisor: null,
      });
    renderAt(<ForecastCard />);
    const region = await card();
    expect(within(region).getByText('At this pace your credits last until the period ends.')).toBeTruthy();
    expect(region.textContent).toContain('Projected overage$0.00annual plans have none');
    expect(within(region).queryByRole('list', { name: 'Plan advisor' })).toBeNull();
  });

  it('PLAN-12 the overview asks for the forecast only after its own summary, and shows the card below it', async () => {
    answers['/api/v1/account/'] = () => jsonResponse(OVERVIEW);
    answers[FORECAST_PATH] = () => jsonResponse(ANSWER);
    renderAt(<OverviewPage />);
    const region = await card();
    // The overview's other cards (usage, spend alerts) ask for their own answers after it too.
    expect(calls[0]).toBe('/api/v1/account/');
    expect(calls.filter((path) => path === FORECAST_PATH)).toEqual([FORECAST_PATH]);
    const summary = screen.getByTestId('subscription-summary');
    expect(summary.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
