import {
  MESSAGES,
  PAUSE_TEXT,
  SUBSCRIPTION_TEXT,
  type PlanDto,
  type SubscriptionResponse,
} from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubLocation, TestServices } from '../../test/utils';
import { INACTIVE_TEXT, SubscriptionPage } from './subscription-page';
import { SUBSCRIPTION_RELOAD_DELAY_MS } from './subscription-settings';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const BASE = '/api/v1/account/subscription';

const PLANS: PlanDto[] = [
  {
    price_id: 'solo-monthly',
    name: 'Solo',
    price: 50,
    period: 'mo',
    credits: 4000,
    save: null,
    multi_user: false,
  },
  {
    price_id: 'team-monthly',
    name: 'Team',
    price: 300,
    period: 'mo',
    credits: 30000,
    save: null,
    multi_user: true,
  },
  {
    price_id: 'solo-annual',
    name: 'Solo',
    price: 510,
    period: 'yr',
    credits: 48000,
    save: 'Save 15%',
    multi_user: false,
  },
  {
    price_id: 'team-annual',
    name: 'Team',
    price: 3060,
    period: 'yr',
    credits: 360000,
    save: 'Save 15%',
    multi_user: true,
  },
];

/** The demo practice: Team monthly, mid-period. 03:30 UTC on Apr 15 is still Apr 14 in New York. */
const TEAM_MONTHLY: SubscriptionResponse = {
  current_plan: { credits: 30000, period: 'mo', price_id: 'team-monthly' },
  plan_credits_used: 12345.5,
  rollover_credits_used: 250.25,
  bonus_credits_used: 0,
  overage_credits_used: 0,
  total_credits_used: 12595.75,
  rollover_credits_left: 1500,
  bonus_credits_left: 0,
  plan_credits_left: 17654.5,
  billable_credits_used: 0,
  billable_calls: 0,
  next_payment_date: '2026-04-15T03:30:00.000Z',
  next_payment_amount: 1234.5,
  days_in_period: 19, // whole days elapsed; with days_left, a 31-day period
  days_left: 12,
  period_days: 31,
  active_users: 6,
  is_credits_exhausted: false,
  status: 'active',
  cancel_at_period_end: false,
  pending_plan_id: null,
  period_start: '2026-03-14T13:00:00.000Z',
  period_end: '2026-04-15T03:30:00.000Z',
  pause: null,
  is_delinquent: false,
  is_subscription_active: true,
  plans: PLANS,
};

/** An annual plan whose credits are used up: Renew is offered. */
const SOLO_ANNUAL_EXHAUSTED: SubscriptionResponse = {
  ...TEAM_MONTHLY,
  current_plan: { credits: 48000, period: 'yr', price_id: 'solo-annual' },
  plan_credits_used: 48000,
  rollover_credits_used: 0,
  total_credits_used: 48000,
  plan_credits_left: 0,
  rollover_credits_left: 0,
  next_payment_amount: 510,
  is_credits_exhausted: true,
};

const INACTIVE: SubscriptionResponse = {
  ...TEAM_MONTHLY,
  current_plan: null,
  status: 'inactive',
  is_subscription_active: false,
  next_payment_date: null,
  next_payment_amount: null,
  period_start: null,
  period_end: null,
};

let fetchMock: ReturnType<typeof stubFetchRoutes>;
let routes: Record<string, RouteHandler>;

beforeEach(() => {
  // The forecast card and the advisor (their own tests are beside them) have nothing to show here.
  routes = {
    'GET /api/v1/account/subscription/forecast/': () => jsonResponse({ forecast: null, advisor: null }),
  };
  fetchMock = stubFetchRoutes(routes);
});
afterEach(() => {
  vi.useRealTimers();
});

function serve(info: SubscriptionResponse) {
  routes[`GET ${BASE}/`] = () => jsonResponse(info);
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://portal.test'), init: init ?? {} }))
    .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === path);
}

async function renderPage(info: SubscriptionResponse = TEAM_MONTHLY) {
  serve(info);
  render(
    <TestServices>
      <SubscriptionPage />
    </TestServices>,
  );
  await screen.findByRole('region', { name: /^(Available plans|Choose a plan)$/ });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Cancel subscription, then a reason nothing is offered for: the cancellation's own preview follows. */
async function cancelWithReason(reason = 'Other') {
  routes['GET /api/v1/account/cancellation/offer/'] = (_init, url) =>
    jsonResponse({ reason: url.searchParams.get('reason'), offer: null });
  fireEvent.click(button('Cancel subscription'));
  fireEvent.click(await screen.findByRole('radio', { name: reason }));
  fireEvent.click(button('Continue to cancel'));
}

describe('the subscription page', () => {
  it('SUB-01 shows the plans, monthly and annual, with prices, credits, savings and the current plan marked', async () => {
    await renderPage();
    const monthly = screen.getByRole('list', { name: 'Monthly plans' });
    const annual = screen.getByRole('list', { name: 'Annual plans' });
    expect(within(monthly).getAllByRole('listitem', { name: /monthly/ })).toHaveLength(2);
    expect(within(annual).getAllByRole('listitem', { name: /annual/ })).toHaveLength(2);

    const teamAnnual = within(annual).getByRole('listitem', { name: 'Team annual' });
    expect(teamAnnual.textContent).toContain('$3,060.00/yr');
    expect(teamAnnual.textContent).toContain('360,000 credits per year');
    expect(teamAnnual.textContent).toContain('Save 15%');
    expect(within(teamAnnual).getByRole('button', { name: 'Change to Team annual' })).toBeTruthy();

    const current = within(monthly).getByRole('listitem', { name: 'Team monthly, your current plan' });
    expect(current.textContent).toContain('$300.00/mo');
    expect(current.textContent).toContain('Current plan');
    // Nothing to do on the plan you are on (unless a cancellation or change is scheduled).
    expect(within(current).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change to Solo monthly' })).toBeTruthy();
  });

  it('SUB-01 shows the current plan: name, price, period, credits used by kind and left, next payment, days left, status', async () => {
    await renderPage();
    const info = screen.getByRole('region', { name: 'Current plan' });
    const text = info.textContent ?? '';
    expect(text).toContain('Team monthly');
    expect(text).toContain('Active');
    expect(text).toContain('$300.00/mo');
    expect(text).toContain('30,000 credits per month');
    // Dates in America/New_York: 03:30 UTC on Apr 15 is Apr 14 there.
    expect(text).toContain('Mar 14, 2026 – Apr 14, 2026');
    expect(text).toContain('$1,234.50');
    expect(text).toContain('due Apr 14, 2026');
    expect(text).toContain('12 daysof 31 in this period');
    expect(text).toContain('12,345.50 of 30,000.00 credits used');
    // Users lists sub-account users only: the count here says it holds the admin too.
    expect(text).toContain(
      `Active users${TEAM_MONTHLY.active_users}with a PIN: you and the 5 on the Users page`,
    );
    const used = within(info).getByRole('heading', { name: 'Credits used this period' }).nextElementSibling!;
    expect(used.textContent).toBe(
      'Plan12,345.50 creditsRollover250.25 creditsOverage0.00 creditsTotal12,595.75 credits',
    );
    const left = within(info).getByRole('heading', { name: 'Credits left' }).nextElementSibling!;
    expect(left.textContent).toBe('Plan17,654.50 creditsRollover1,500.00 creditsTotal19,154.50 credits');
    expect(
      within(info).getByRole('progressbar', { name: 'Plan credits used' }).getAttribute('aria-valuenow'),
    ).toBe('41');
  });

  it('SUB-02 SUB-13 a monthly plan has Cancel but no Renew', async () => {
    await renderPage();
    expect(button('Cancel subscription')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Renew/ })).toBeNull();
  });

  it('SUB-02 SUB-13 an annual plan with credits exhausted shows Renew beside Cancel', async () => {
    await renderPage(SOLO_ANNUAL_EXHAUSTED);
    expect(button('Renew Solo annual').textContent).toBe('Renew');
    expect(button('Cancel subscription')).toBeTruthy();
  });

  it('SUB-01 annual use past the credits, which is not charged, is shown so the total adds up', async () => {
    await renderPage({ ...SOLO_ANNUAL_EXHAUSTED, total_credits_used: 50123.45 });
    const used = within(screen.getByRole('region', { name: 'Current plan' })).getByRole('heading', {
      name: 'Credits used this period',
    }).nextElementSibling!;
    expect(used.textContent).toBe(
      'Plan48,000.00 creditsOverage0.00 creditsBeyond the plan (not charged)2,123.45 creditsTotal50,123.45 credits',
    );
  });

  it('MONEY-04 an annual plan with a referral bonus shows bonus credits and never a rollover row', async () => {
    await renderPage({
      ...SOLO_ANNUAL_EXHAUSTED,
      plan_credits_used: 48000,
      bonus_credits_used: 2000,
      bonus_credits_left: 10000,
      total_credits_used: 50000,
      is_credits_exhausted: false,
    });
    const info = screen.getByRole('region', { name: 'Current plan' });
    expect(info.textContent).not.toMatch(/rollover/i);
    const used = within(info).getByRole('heading', { name: 'Credits used this period' }).nextElementSibling!;
    expect(used.textContent).toBe(
      'Plan48,000.00 creditsBonus2,000.00 creditsOverage0.00 creditsTotal50,000.00 credits',
    );
    const left = within(info).getByRole('heading', { name: 'Credits left' }).nextElementSibling!;
    expect(left.textContent).toBe('Plan0.00 creditsBonus10,000.00 creditsTotal10,000.00 credits');
  });

  it('a monthly plan with a bonus shows bonus credits after plan and rollover credits', async () => {
    await renderPage({
      ...TEAM_MONTHLY,
      bonus_credits_used: 100,
      bonus_credits_left: 900,
      total_credits_used: 12695.75,
    });
    const info = screen.getByRole('region', { name: 'Current plan' });
    const used = within(info).getByRole('heading', { name: 'Credits used this period' }).nextElementSibling!;
    expect(used.textContent).toBe(
      'Plan12,345.50 creditsRollover250.25 creditsBonus100.00 creditsOverage0.00 creditsTotal12,695.75 credits',
    );
    const left = within(info).getByRole('heading', { name: 'Credits left' }).nextElementSibling!;
    expect(left.textContent).toBe(
      'Plan17,654.50 creditsRollover1,500.00 creditsBonus900.00 creditsTotal20,054.50 credits',
    );
  });

  it('SUB-13 an annual plan with credits left shows no Renew', async () => {
    await renderPage({ ...SOLO_ANNUAL_EXHAUSTED, is_credits_exhausted: false, plan_credits_left: 100 });
    expect(screen.queryByRole('button', { name: /^Renew/ })).toBeNull();
  });

  it('a cancelled-at-period-end subscription says so and hides Cancel; a scheduled change is announced', async () => {
    await renderPage({ ...TEAM_MONTHLY, cancel_at_period_end: true, pending_plan_id: 'solo-monthly' });
    const alerts = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(alerts).toContain(
      'Your subscription is cancelled and ends on Apr 14, 2026. Until then your plan works as before.',
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Your plan changes to Solo monthly on Apr 14, 2026.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Current plan' }).textContent).toContain(
      'Cancels at period end',
    );
  });

  it('PAUSE-05 a paused plan shows what is kept for the resume, as the overview says it, not an empty period', async () => {
    const pause = {
      state: 'paused',
      starts_at: '2026-04-14T14:00:00.000Z',
      resume_at: '2026-07-14T14:00:00.000Z',
      days: 91,
      days_left: 80,
      rollover_credits_held: 1500,
      bonus_credits_held: 250.5,
      decline_message: null,
    } as const;
    serve({ ...TEAM_MONTHLY, status: 'paused', pause } as SubscriptionResponse);
    render(
      <TestServices>
        <SubscriptionPage />
      </TestServices>,
    );
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(plan.textContent).toContain(PAUSE_TEXT.summary(pause.resume_at, '1,750.50'));
    expect(within(plan).queryByText('Current period')).toBeNull();
    expect(within(plan).queryByText('Plan credits this period')).toBeNull();
  });

  it('SUB-03 an inactive subscription shows only the plans and the inactive banner; choosing uses the change calls', async () => {
    await renderPage(INACTIVE);
    expect(screen.getByRole('alert').textContent).toBe(INACTIVE_TEXT);
    expect(screen.queryByRole('region', { name: 'Current plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Renew/ })).toBeNull();
    expect(screen.queryByText('Current plan')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Choose / })).toHaveLength(PLANS.length);
    expect(screen.queryByRole('button', { name: /^Keep / })).toBeNull();

    const spy = vi.spyOn(toast, 'success');
    stubLocation();
    routes[`GET ${BASE}/change/`] = () => jsonResponse({ messages: ['You will be charged $300.00 today.'] });
    routes[`POST ${BASE}/change/`] = () => jsonResponse({ ...TEAM_MONTHLY, message: 'ok' });
    fireEvent.click(button('Choose Team monthly'));
    const dialog = await screen.findByRole('dialog', { name: 'Start Team monthly?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith(SUBSCRIPTION_TEXT.changed));
    expect(JSON.parse(String(calls('POST', `${BASE}/change/`)[0]!.init.body))).toEqual({
      plan: 'team-monthly',
    });
  });

  it('a failed load shows the load error with Retry, which loads again', async () => {
    vi.spyOn(toast, 'error');
    routes[`GET ${BASE}/`] = () => jsonResponse({ message: 'No access', code: 'FORBIDDEN' }, 403);
    render(
      <TestServices>
        <SubscriptionPage />
      </TestServices>,
    );
    expect(screen.getByRole('status', { name: 'Loading subscription' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    serve(TEAM_MONTHLY);
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Current plan' })).toBeTruthy();
  });
});

describe('change, renew and cancel', () => {
  it('SUB-04 SUB-06 SUB-07 change fetches the preview, lists it in a Proceed/Cancel modal, and Proceed posts {plan}', async () => {
    await renderPage();
    stubLocation();
    routes[`GET ${BASE}/change/`] = () =>
      jsonResponse({
        messages: ['Your plan changes to Team annual today.', 'You will be charged $3,060.00.'],
      });
    routes[`POST ${BASE}/change/`] = () => jsonResponse({ ...TEAM_MONTHLY, message: 'Changed' });

    fireEvent.click(button('Change to Team annual'));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Team annual?' });
    expect(calls('GET', `${BASE}/change/`)[0]!.url.searchParams.get('plan')).toBe('team-annual');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Your plan changes to Team annual today.', 'You will be charged $3,060.00.']);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(calls('POST', `${BASE}/change/`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(calls('POST', `${BASE}/change/`)).toHaveLength(1));
    const [post] = calls('POST', `${BASE}/change/`);
    expect(post!.url.pathname).toBe('/api/v1/account/subscription/change/');
    expect(JSON.parse(String(post!.init.body))).toEqual({ plan: 'team-annual' });
  });

  it('SUB-06 Cancel in the modal closes it without posting', async () => {
    await renderPage();
    routes[`GET ${BASE}/change/`] = () => jsonResponse({ messages: ['Something will happen.'] });
    fireEvent.click(button('Change to Solo monthly'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', `${BASE}/change/`)).toHaveLength(0);
    expect(button('Change to Solo monthly').disabled).toBe(false);
  });

  it('SUB-08 SUB-10 API-44 success shows the answered subscription, toasts exactly "Subscription changed." and reloads the page after 1000 ms', async () => {
    await renderPage();
    const success = vi.spyOn(toast, 'success');
    const { reload } = stubLocation();
    routes[`GET ${BASE}/change/`] = () => jsonResponse({ messages: ['ok?'] });
    routes[`POST ${BASE}/change/`] = () =>
      jsonResponse({ ...TEAM_MONTHLY, pending_plan_id: 'solo-monthly', message: 'x' });
    fireEvent.click(button('Change to Solo monthly'));
    const dialog = await screen.findByRole('dialog');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    for (let i = 0; i < 50 && success.mock.calls.length === 0; i++) await vi.advanceTimersByTimeAsync(0);
    expect(success).toHaveBeenCalledWith(SUBSCRIPTION_TEXT.changed);
    expect(SUBSCRIPTION_TEXT.changed).toBe('Subscription changed.');
    expect(reload).not.toHaveBeenCalled();
    // API-44 the POST's answer is the refreshed subscription, shown at once (the GET still answers the old).
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(
      /^Your plan changes to Solo monthly on /,
    );
    await vi.advanceTimersByTimeAsync(SUBSCRIPTION_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    // Locked until the reload: nothing else can be started.
    expect(button('Change to Team annual').disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(SUBSCRIPTION_RELOAD_DELAY_MS).toBe(1000);
  });

  it('SUB-11 SUB-14 Renew previews and posts the current plan, then toasts "Subscription renewed." and reloads', async () => {
    await renderPage(SOLO_ANNUAL_EXHAUSTED);
    const success = vi.spyOn(toast, 'success');
    const { reload } = stubLocation();
    routes[`GET ${BASE}/change/`] = () => jsonResponse({ messages: ['A new annual period starts today.'] });
    routes[`POST ${BASE}/change/`] = () => jsonResponse({ ...SOLO_ANNUAL_EXHAUSTED, message: 'Renewed' });
    fireEvent.click(button('Renew Solo annual'));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Solo annual now?' });
    expect(calls('GET', `${BASE}/change/`)[0]!.url.searchParams.get('plan')).toBe('solo-annual');
    expect(dialog.textContent).toContain('A new annual period starts today.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Subscription renewed.'));
    expect(JSON.parse(String(calls('POST', `${BASE}/change/`)[0]!.init.body))).toEqual({
      plan: 'solo-annual',
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('SUB-05 SUB-07 SUB-09 Cancel asks the reason, previews /subscription/cancel/, then posts the reason and toasts "Subscription cancelled."', async () => {
    await renderPage();
    const success = vi.spyOn(toast, 'success');
    stubLocation();
    routes[`GET ${BASE}/cancel/`] = () =>
      jsonResponse({ messages: ['Your subscription ends on Apr 14, 2026.', 'No further charges.'] });
    routes[`POST ${BASE}/cancel/`] = () =>
      jsonResponse({ ...TEAM_MONTHLY, cancel_at_period_end: true, message: 'Cancelled' });
    await cancelWithReason('Not using it');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Your subscription ends on Apr 14, 2026.', 'No further charges.']);
    expect(calls('GET', `${BASE}/cancel/`)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Subscription cancelled.'));
    const [post] = calls('POST', `${BASE}/cancel/`);
    expect(JSON.parse(String(post!.init.body))).toEqual({ reason: 'not_using' });
    // The answer refreshes the page's data at once (SUB: mutation responses refresh the data).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull());
  });

  it.each([
    ['a cancellation', { cancel_at_period_end: true }],
    ['a scheduled change', { pending_plan_id: 'team-annual' }],
  ])(
    'Keep this plan on an annual plan with %s undoes it through /keep/, never a renewal through /change/',
    async (_, scheduled) => {
      await renderPage({ ...SOLO_ANNUAL_EXHAUSTED, ...scheduled });
      const success = vi.spyOn(toast, 'success');
      stubLocation();
      const messages = ['Your cancellation is withdrawn.', 'Nothing is charged now.'];
      routes[`GET ${BASE}/keep/`] = () => jsonResponse({ messages });
      routes[`POST ${BASE}/keep/`] = () =>
        jsonResponse({ ...SOLO_ANNUAL_EXHAUSTED, message: SUBSCRIPTION_TEXT.changed });
      fireEvent.click(button('Keep this plan, Solo annual'));
      const dialog = await screen.findByRole('dialog', { name: 'Keep Solo annual?' });
      for (const message of messages) expect(within(dialog).getByText(message)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(success).toHaveBeenCalledWith(SUBSCRIPTION_TEXT.changed));
      expect(calls('POST', `${BASE}/keep/`)).toHaveLength(1);
      expect(calls('POST', `${BASE}/keep/`)[0]!.init.body).toBeUndefined();
      expect(calls('GET', `${BASE}/change/`)).toHaveLength(0);
      expect(calls('POST', `${BASE}/change/`)).toHaveLength(0);
    },
  );

  it('SUB-12 a failed POST toasts the server message, schedules no reload and unlocks the buttons', async () => {
    await renderPage();
    const error = vi.spyOn(toast, 'error');
    const { reload } = stubLocation();
    routes[`GET ${BASE}/change/`] = () => jsonResponse({ messages: ['ok?'] });
    routes[`POST ${BASE}/change/`] = () =>
      jsonResponse({ message: 'Your card was declined.', code: 'CONFLICT' }, 409);
    fireEvent.click(button('Change to Team annual'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your card was declined.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('Change to Team annual').disabled).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(reload).not.toHaveBeenCalled();
  });

  it('SUB-12 a failure without a server message toasts the generic text', async () => {
    await renderPage();
    const error = vi.spyOn(toast, 'error');
    routes[`GET ${BASE}/cancel/`] = () => jsonResponse({ messages: ['ok?'] });
    routes[`POST ${BASE}/cancel/`] = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await cancelWithReason();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.genericError));
    expect(MESSAGES.genericError).toBe('Something went wrong. Please try again.');
  });

  it('SUB-04 SUB-12 a failed preview toasts the server message and opens no modal', async () => {
    await renderPage();
    const error = vi.spyOn(toast, 'error');
    routes[`GET ${BASE}/change/`] = () =>
      jsonResponse({ message: 'That plan is not available.', code: 'BAD_REQUEST', field: 'plan' }, 400);
    fireEvent.click(button('Change to Team annual'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('That plan is not available.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button('Change to Team annual').disabled).toBe(false);
  });

  it('every action is locked while a preview or POST is under way', async () => {
    await renderPage();
    let answerPreview: (response: Response) => void = () => {};
    routes[`GET ${BASE}/change/`] = () => new Promise<Response>((resolve) => (answerPreview = resolve));
    let answerPost: (response: Response) => void = () => {};
    routes[`POST ${BASE}/change/`] = () => new Promise<Response>((resolve) => (answerPost = resolve));
    stubLocation();

    fireEvent.click(button('Change to Team annual'));
    await waitFor(() => expect(button('Change to Team annual').disabled).toBe(true));
    expect(button('Change to Team annual').getAttribute('aria-busy')).toBe('true');
    expect(button('Change to Solo monthly').disabled).toBe(true);
    expect(button('Cancel subscription').disabled).toBe(true);
    fireEvent.click(button('Cancel subscription'));
    expect(calls('GET', `${BASE}/cancel/`)).toHaveLength(0);

    answerPreview(jsonResponse({ messages: ['ok?'] }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    answerPost(jsonResponse({ ...TEAM_MONTHLY, message: 'x' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', `${BASE}/change/`)).toHaveLength(1);
  });
});
