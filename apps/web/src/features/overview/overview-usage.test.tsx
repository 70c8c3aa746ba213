import { USAGE_TEXT, type OverviewResponse, type UsageResponse } from '@enq/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usageAnswer } from '../../test/usage-data';
import { jsonResponse, TestServices } from '../../test/utils';
import { overviewAnswer } from './overview-fixtures';
import { OverviewPage } from './overview-page';

const ROOT = '/api/v1/account/';
const USAGE = '/api/v1/account/calls/usage/';
const PERIOD_START = '2026-11-02T14:00:00.000Z';
const PERIOD_END = '2026-12-02T14:00:00.000Z';

const DATA = overviewAnswer(
  {
    plan_credits_used: 200,
    rollover_credits_used: 0,
    total_credits_used: 200,
    rollover_credits_left: 0,
    plan_credits_left: 29800,
    next_payment_date: PERIOD_END,
    period_start: PERIOD_START,
    period_end: PERIOD_END,
  },
  { card_details: null },
);

/** Four users: the card lists the top 3. */
const ANSWER: UsageResponse = {
  ...usageAnswer(),
  previous: { ...usageAnswer().previous, period: true },
  top_users: [
    { name: 'Dana Whitfield', credits: 100, share: 50 },
    { name: 'Omar Haddad', credits: 50, share: 25 },
    { name: 'Priya Raman', credits: 30, share: 15 },
    { name: 'Tom Nguyen', credits: 20, share: 10 },
  ],
};

let requests: string[];
let overview: OverviewResponse;
let usageBody: UsageResponse;

beforeEach(() => {
  requests = [];
  overview = DATA;
  usageBody = ANSWER;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      // The overview's other cards (forecast, spend alerts) ask for their own answers: not this test's.
      if (url.pathname !== ROOT && url.pathname !== USAGE)
        return jsonResponse({ message: 'not here', code: 'NOT_FOUND' }, 404);
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname === ROOT) return jsonResponse(overview);
      return jsonResponse(usageBody);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <TestServices>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <OverviewPage /> }])} />
    </TestServices>,
  );
}
const card = async () => within(await screen.findByRole('region', { name: USAGE_TEXT.overviewTitle }));

describe('the overview usage card', () => {
  it("USAGE-09 USAGE-11 shows this period's daily chart against the previous period, the top 3 users and a link", async () => {
    renderPage();
    const usage = await card();
    expect(
      await usage.findByText(
        '200.00 credits used over 3 days, against 125.25 credits in the previous period (3 days).',
      ),
    ).toBeTruthy();
    expect(
      Array.from(
        usage.getByRole('list', { name: USAGE_TEXT.tableCaption }).querySelectorAll('li'),
        (li: HTMLLIElement) => li.textContent,
      ),
    ).toEqual([
      'Mar 14: 120.50 credits (previous period: 80.00 credits)',
      'Mar 15: 0.00 credits (previous period: 45.25 credits)',
      'Mar 16: 79.50 credits (previous period: 0.00 credits)',
    ]);
    expect(
      Array.from(
        usage.getByRole('region', { name: USAGE_TEXT.topUsers }).querySelectorAll('li'),
        (li: HTMLLIElement) => li.textContent,
      ),
    ).toEqual([
      'Dana Whitfield100.00 credits · 50.0%',
      'Omar Haddad50.00 credits · 25.0%',
      'Priya Raman30.00 credits · 15.0%',
    ]);
    expect(usage.getByRole('link', { name: USAGE_TEXT.seeCallHistory }).getAttribute('href')).toBe(
      '/call-history',
    );
  });

  it('USAGE-09 a period under way says so beside the whole previous one, with the days the summary counts', async () => {
    // The demo admin's case: 11 of 30 days left, against a whole previous period of 31 days.
    usageBody = {
      ...ANSWER,
      range_days: 30,
      days_left: 11,
      previous_days: 31,
    };
    renderPage();
    const usage = await card();
    expect(
      await usage.findByText(
        '200.00 credits used this period so far, with 11 of its 30 days left, against 125.25 credits in the whole previous period (31 days).',
      ),
    ).toBeTruthy();
    // The summary above counts the same days (days_left 11 of period_days 30).
    const summary = screen.getByTestId('subscription-summary');
    expect(within(summary).getByText('11 days')).toBeTruthy();
    expect(within(summary).getByText('of 30 in this period')).toBeTruthy();
  });

  it('USAGE-09 a first period, with no period before it, is set against the days before it, named a range', async () => {
    usageBody = {
      ...ANSWER,
      previous: { ...ANSWER.previous, period: false },
      range_days: 31,
      days_left: 29,
      previous_days: 31,
    };
    renderPage();
    const usage = await card();
    expect(
      await usage.findByText(
        '200.00 credits used this period so far, with 29 of its 31 days left, against 125.25 credits in the whole previous range (31 days).',
      ),
    ).toBeTruthy();
  });

  it("USAGE-09 asks for the period's usage by user only after the overview's own answer", async () => {
    renderPage();
    await card();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests).toEqual([
      ROOT,
      // The period's first second to its last: 2026-11-02 14:00:00Z .. 2026-12-02 13:59:59Z.
      `${USAGE}?timestampFrom=1793628000&timestampTo=1796219999&by=user`,
    ]);
  });

  it('USAGE-09 without a period (no plan) there is no card and no usage request', async () => {
    overview = {
      ...DATA,
      subscription_info: { ...DATA.subscription_info, period_start: null, period_end: null },
    };
    renderPage();
    await screen.findByTestId('subscription-summary');
    expect(screen.queryByRole('region', { name: USAGE_TEXT.overviewTitle })).toBeNull();
    expect(requests).toEqual([ROOT]);
  });
});
