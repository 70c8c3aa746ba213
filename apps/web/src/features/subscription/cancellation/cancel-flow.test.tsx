import { CANCELLATION_TEXT, SUBSCRIPTION_TEXT, type PlanDto, type SubscriptionResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchRoutes, type RouteHandler } from '../../../test/fetch-routes';
import { jsonResponse, stubLocation, TestServices } from '../../../test/utils';
import { toast } from '../../../lib/toast';
import { SubscriptionPage } from '../subscription-page';

const BASE = '/api/v1/account';
const plan = (price_id: string, name: string, price: number): PlanDto => ({
  price_id,
  name,
  price,
  period: 'mo',
  credits: price * 100,
  save: null,
  multi_user: true,
});
const INFO: SubscriptionResponse = {
  current_plan: { credits: 30000, period: 'mo', price_id: 'team-monthly' },
  plan_credits_used: 100,
  rollover_credits_used: 0,
  bonus_credits_used: 0,
  overage_credits_used: 0,
  total_credits_used: 100,
  rollover_credits_left: 0,
  bonus_credits_left: 0,
  plan_credits_left: 29900,
  billable_credits_used: 0,
  billable_calls: 0,
  next_payment_date: '2026-04-15T03:30:00.000Z',
  next_payment_amount: 300,
  days_in_period: 19,
  days_left: 12,
  period_days: 31,
  active_users: 6,
  is_credits_exhausted: false,
  status: 'active',
  pause: null,
  cancel_at_period_end: false,
  pending_plan_id: null,
  period_start: '2026-03-14T13:00:00.000Z',
  period_end: '2026-04-15T03:30:00.000Z',
  is_delinquent: false,
  is_subscription_active: true,
  plans: [plan('practice-monthly', 'Practice', 170), plan('team-monthly', 'Team', 300)],
};
const CHEAPER = {
  kind: 'cheaper_plan',
  plan: { price_id: 'practice-monthly', name: 'Practice', period: 'mo' },
  cost: 212.4,
  current_cost: 300,
  periods_compared: 3,
};

let routes: Record<string, RouteHandler>;
let fetchMock: ReturnType<typeof stubFetchRoutes>;
beforeEach(() => {
  routes = {
    [`GET ${BASE}/subscription/`]: () => jsonResponse(INFO),
    [`GET ${BASE}/subscription/forecast/`]: () => jsonResponse({ forecast: null, advisor: null }),
  };
  fetchMock = stubFetchRoutes(routes);
});
const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) => init?.method === 'POST' && new URL(String(input), 'http://x').pathname === path,
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

async function chooseReason(reason: string, words = '') {
  render(
    <TestServices>
      <SubscriptionPage />
    </TestServices>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
  const dialog = await screen.findByRole('dialog', { name: 'Before you cancel' });
  const go = within(dialog).getByRole('button', { name: CANCELLATION_TEXT.goOn }) as HTMLButtonElement;
  // One reason is required before going on.
  expect(go.disabled).toBe(true);
  fireEvent.click(within(dialog).getByRole('radio', { name: reason }));
  if (words)
    fireEvent.change(within(dialog).getByLabelText(CANCELLATION_TEXT.wordsLabel), {
      target: { value: words },
    });
  fireEvent.click(go);
}

describe('the cancel flow asks why (issue 64)', () => {
  it("'Too expensive' shows the advisor's cheaper plan with its figures; switching records the alternative taken", async () => {
    routes[`GET ${BASE}/cancellation/offer/`] = () =>
      jsonResponse({ reason: 'too_expensive', offer: CHEAPER });
    routes[`GET ${BASE}/subscription/change/`] = () => jsonResponse({ messages: ['Your plan changes.'] });
    routes[`POST ${BASE}/subscription/change/`] = () =>
      jsonResponse({ ...INFO, pending_plan_id: 'practice-monthly', message: SUBSCRIPTION_TEXT.changed });
    routes[`POST ${BASE}/cancellation/alternative/`] = () => jsonResponse({ message: 'ok' });
    stubLocation();
    await chooseReason('Too expensive', 'Quiet months');
    const offer = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(offer.textContent).toContain(
      'Over your last 3 periods, the Practice monthly plan would have cost $212.40 a month on average, price and overage included, against $300.00 on your current plan.',
    );
    expect(offer.textContent).toContain('That is $87.60 less each month.');
    fireEvent.click(within(offer).getByRole('button', { name: 'Switch to Practice monthly' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change to Practice monthly?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect(posted(`${BASE}/cancellation/alternative/`)).toEqual([
        { reason: 'too_expensive', words: 'Quiet months', alternative: 'plan_change' },
      ]),
    );
    expect(posted(`${BASE}/subscription/change/`)).toEqual([{ plan: 'practice-monthly' }]);
    expect(posted(`${BASE}/subscription/cancel/`)).toEqual([]);
    // The first test of the file also loads the page's and the dialogs' code.
  }, 15_000);

  it('No thanks, cancel anyway goes on to the cancellation in one more step, with the reason', async () => {
    routes[`GET ${BASE}/cancellation/offer/`] = () =>
      jsonResponse({ reason: 'too_expensive', offer: CHEAPER });
    routes[`GET ${BASE}/subscription/cancel/`] = () =>
      jsonResponse({ messages: ['Your subscription ends.'] });
    routes[`POST ${BASE}/subscription/cancel/`] = () =>
      jsonResponse({ ...INFO, cancel_at_period_end: true, message: SUBSCRIPTION_TEXT.cancelled });
    const success = vi.spyOn(toast, 'success');
    stubLocation();
    await chooseReason('Too expensive');
    const offer = await screen.findByRole('dialog', { name: 'Before you go' });
    fireEvent.click(within(offer).getByRole('button', { name: CANCELLATION_TEXT.cancelAnyway }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SUBSCRIPTION_TEXT.cancelled));
    expect(posted(`${BASE}/subscription/cancel/`)).toEqual([{ reason: 'too_expensive' }]);
  });

  it('a seasonal reason offers the pause until its date, linking to the pause on /subscription', async () => {
    routes[`GET ${BASE}/cancellation/offer/`] = () =>
      jsonResponse({ reason: 'seasonal', offer: { kind: 'pause', until: '2027-09-30' } });
    await chooseReason('Only needed in tax season');
    const offer = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(offer.textContent).toContain('it would resume on September 30, 2027, before the next tax season.');
    const link = within(offer).getByRole('link', { name: CANCELLATION_TEXT.pauseLink });
    expect(link.getAttribute('href')).toBe('/subscription?pause_until=2027-09-30#pause');
    // Taken: counted for the console's report, then the page loads the pause's section with that date.
    routes[`POST ${BASE}/cancellation/alternative/`] = () => jsonResponse({ message: 'ok' });
    const { assign } = stubLocation();
    fireEvent.click(link);
    await waitFor(() => expect(assign).toHaveBeenCalledWith((link as HTMLAnchorElement).href));
    expect(new URL(String(assign.mock.calls[0]![0])).pathname).toBe('/subscription');
    expect(posted(`${BASE}/cancellation/alternative/`)).toEqual([
      { reason: 'seasonal', alternative: 'pause' },
    ]);
  });

  it('a missing feature offers the feature request form and counts it as taken', async () => {
    routes[`GET ${BASE}/cancellation/offer/`] = () =>
      jsonResponse({ reason: 'missing_feature', offer: { kind: 'feature_request' } });
    routes[`POST ${BASE}/cancellation/alternative/`] = () => jsonResponse({ message: 'ok' });
    await chooseReason('Missing a feature', 'QuickBooks export');
    const offer = await screen.findByRole('dialog', { name: 'Before you go' });
    const link = within(offer).getByRole('link', { name: CANCELLATION_TEXT.featureLink });
    // The form opens with the customer's words in its Details.
    expect(link.getAttribute('href')).toBe('/feature-request?details=QuickBooks%20export');
    fireEvent.click(link);
    await waitFor(() =>
      expect(posted(`${BASE}/cancellation/alternative/`)).toEqual([
        { reason: 'missing_feature', words: 'QuickBooks export', alternative: 'feature_request' },
      ]),
    );
  });
});
