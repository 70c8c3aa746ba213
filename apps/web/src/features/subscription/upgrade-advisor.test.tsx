import { PLAN_TEXT, type PlanDto, type SubscriptionResponse, type UpgradePreview } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { SubscriptionPage } from './subscription-page';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const BASE = '/api/v1/account/subscription';
const plan = (price_id: string, name: string, price: number, credits: number): PlanDto => ({
  price_id,
  name,
  price,
  period: price_id.endsWith('annual') ? 'yr' : 'mo',
  credits,
  save: null,
  multi_user: true,
});
const PLANS = [
  plan('practice-monthly', 'Practice', 150, 14_000),
  plan('team-monthly', 'Team', 300, 30_000),
  plan('firm-monthly', 'Firm', 750, 80_000),
  plan('team-annual', 'Team', 3060, 360_000),
];

/** Practice monthly, 12 days into a 30-day period (the API test's account). */
const PRACTICE: SubscriptionResponse = {
  current_plan: { credits: 14_000, period: 'mo', price_id: 'practice-monthly' },
  plan_credits_used: 14_000,
  rollover_credits_used: 0,
  bonus_credits_used: 0,
  overage_credits_used: 2_000,
  total_credits_used: 16_000,
  rollover_credits_left: 0,
  bonus_credits_left: 0,
  plan_credits_left: 0,
  billable_credits_used: 2_000,
  billable_calls: 12,
  next_payment_date: '2026-07-01T16:00:00.000Z',
  next_payment_amount: 170,
  days_in_period: 12,
  days_left: 18,
  period_days: 30,
  active_users: 1,
  is_credits_exhausted: false,
  status: 'active',
  cancel_at_period_end: false,
  pending_plan_id: null,
  period_start: '2026-06-01T16:00:00.000Z',
  period_end: '2026-07-01T16:00:00.000Z',
  pause: null,
  is_delinquent: false,
  is_subscription_active: true,
  plans: PLANS,
};

const PREVIEW: UpgradePreview = {
  plan: { price_id: 'team-monthly', name: 'Team', period: 'mo' },
  days_left: 18,
  days_in_period: 30,
  credit: 90,
  charge: 180,
  subtotal: 90,
  tax: 7.43,
  total: 97.43,
  total_cents: 9743,
  credits_added: 9600,
  messages: [
    'Your plan changes from Practice monthly to Team monthly now, for the 18 days left of this 30-day period.',
    'You will be charged $97.43 now ($90.00 plus $7.43 tax).',
  ],
};

let routes: Record<string, RouteHandler>;
let fetchMock: ReturnType<typeof stubFetchRoutes>;
beforeEach(() => {
  routes = {
    [`GET ${BASE}/`]: () => jsonResponse(PRACTICE),
    [`GET ${BASE}/forecast/`]: () =>
      jsonResponse({
        forecast: null,
        advisor: {
          periods_compared: 3,
          cheapest: { price_id: 'team-monthly', name: 'Team', cost: 320 },
          current_cost: 410,
          upgrade: { price_id: 'team-monthly', name: 'Team', saves: 45.5, charge: 90 },
        },
      }),
    [`GET ${BASE}/upgrade-preview/`]: () => jsonResponse(PREVIEW),
  };
  fetchMock = stubFetchRoutes(routes);
});
afterEach(() => vi.restoreAllMocks());

async function openDialog() {
  render(
    <TestServices>
      <SubscriptionPage />
    </TestServices>,
  );
  const advisor = await screen.findByRole('region', { name: 'Plan advisor' });
  await within(advisor).findByText('Upgrading to Team now would save about $45.50 this period.');
  fireEvent.click(within(advisor).getByRole('button', { name: 'Upgrade now to Team monthly' }));
  return screen.findByRole('dialog', { name: 'Upgrade to Team monthly now?' });
}

describe('the plan advisor and Upgrade now on /subscription', () => {
  it('PLAN-05 PLAN-09 PLAN-12 shows the advice and offers Upgrade now only to the plan it says saves', async () => {
    render(
      <TestServices>
        <SubscriptionPage />
      </TestServices>,
    );
    const advisor = await screen.findByRole('region', { name: 'Plan advisor' });
    expect(
      await within(advisor).findByText(
        'Over the last 3 periods, the Team plan would have cost least: $320.00 a month on average, price and overage included.',
      ),
    ).toBeTruthy();
    expect(within(advisor).queryByText(/history so far/)).toBeNull();
    expect(
      within(advisor)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Upgrade now to Team monthly']);
  });

  it('PLAN-05 PLAN-12 when the advisor says no upgrade saves, Upgrade now is not offered at all', async () => {
    routes[`GET ${BASE}/forecast/`] = () =>
      jsonResponse({
        forecast: null,
        advisor: {
          periods_compared: 3,
          cheapest: { price_id: 'practice-monthly', name: 'Practice', cost: 170 },
          current_cost: 170,
          upgrade: null,
        },
        price_change: null,
      });
    render(
      <TestServices>
        <SubscriptionPage />
      </TestServices>,
    );
    const advisor = await screen.findByRole('region', { name: 'Plan advisor' });
    await within(advisor).findByText('Upgrading now would not save money this period.');
    expect(within(advisor).getByText(PLAN_TEXT.noUpgradeOffered)).toBeTruthy();
    expect(within(advisor).queryAllByRole('button')).toEqual([]);
  });

  it('PLAN-06 the confirmation says how credits and amounts are prorated and rounded', async () => {
    const note = PLAN_TEXT.prorationNote(18, 30);
    routes[`GET ${BASE}/upgrade-preview/`] = () =>
      jsonResponse({ ...PREVIEW, messages: [...PREVIEW.messages, note] });
    const dialog = await openDialog();
    expect(within(dialog).getByText(note)).toBeTruthy();
    expect(note).toBe(
      "Each plan's price and credits are prorated by the days left: × 18 / 30. Each amount is rounded to the nearest cent and each credit figure to the nearest hundredth of a credit, halves up.",
    );
  });

  it('PLAN-06 PLAN-12 the confirmation states every figure, and Confirm upgrade posts the previewed total', async () => {
    const success = vi.spyOn(toast, 'success');
    routes[`POST ${BASE}/upgrade/`] = () =>
      jsonResponse({
        ...PRACTICE,
        current_plan: { credits: 30_000, period: 'mo', price_id: 'team-monthly' },
        plan_credits_left: 9_600,
        message: 'Plan upgraded.',
        invoice_id: 'in_1',
      });
    const dialog = await openDialog();
    const preview = fetchMock.mock.calls.find(([input]) => String(input).includes('/upgrade-preview/'))!;
    expect(new URL(String(preview[0]), 'http://portal.test').searchParams.get('plan')).toBe('team-monthly');
    const figures = dialog.querySelector('dl[aria-label="Upgrade figures"]')!;
    expect(
      [...figures.querySelectorAll('div')].map((row) => [
        row.children[0]!.textContent,
        row.children[1]!.textContent,
      ]),
    ).toEqual([
      ['Credit for your current plan', '−$90.00'],
      ['Team for the 18 of 30 days left', '$180.00'],
      ['Subtotal', '$90.00'],
      ['Tax', '$7.43'],
      ['Total charged now', '$97.43'],
    ]);
    expect(
      within(within(dialog).getByRole('list', { name: 'What will happen' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(PREVIEW.messages);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plan upgraded.'));
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ plan: 'team-monthly', total_cents: 9743 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The answered subscription is shown: Team is the current plan now.
    expect(await screen.findByRole('listitem', { name: 'Team monthly, your current plan' })).toBeTruthy();
    // The period's plan credits now: 14,000 used and 9,600 added by the upgrade, not Team's 30,000.
    expect(screen.getByRole('region', { name: 'Current plan' }).textContent).toContain(
      '14,000.00 of 23,600.00 credits used',
    );
  });

  it('PLAN-08 a declined card toasts the card reason and keeps the plan', async () => {
    const error = vi.spyOn(toast, 'error');
    routes[`POST ${BASE}/upgrade/`] = () =>
      jsonResponse({ message: 'Your card was declined.', code: 'PAYMENT_FAILED' }, 402);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your card was declined.'));
    expect(screen.getByRole('listitem', { name: 'Practice monthly, your current plan' })).toBeTruthy();
  });
});
