import {
  BANNER_TEXT,
  MESSAGES,
  OVERVIEW_TEXT,
  type CommonNotification,
  type OverviewResponse,
} from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIntlUses } from '../../test/intl-uses';
import { jsonResponse, TestServices } from '../../test/utils';
import { overviewAnswer } from './overview-fixtures';
import { OverviewPage } from './overview-page';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const ROOT = '/api/v1/account/';
const dismissPath = (key: string) => `/api/v1/account/notifications/${key}/dismiss`;

const notice = (over: Partial<CommonNotification> & { id: string; title: string }): CommonNotification => ({
  text: `${over.title} text.`,
  dismissible: true,
  priority: 1,
  created_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

const NOTICES: CommonNotification[] = [
  notice({ id: 'n-maint', title: 'Scheduled maintenance', dismissible: false, priority: 30 }),
  notice({
    id: 'n-irs',
    title: 'IRS hours extended',
    priority: 20,
    link: '/lines',
    linkText: 'See line hours',
  }),
  notice({
    id: 'n-ext',
    title: 'Filing season resources',
    priority: 10,
    link: 'https://www.irs.gov/tax-professionals',
    linkText: 'IRS resources',
  }),
];

const DATA = overviewAnswer(
  {},
  {
    common_notifications: NOTICES,
    sub_account_notification: {
      title: OVERVIEW_TEXT.subAccountTitle,
      text: OVERVIEW_TEXT.subAccountText('Team'),
      link: '/users',
      linkText: OVERVIEW_TEXT.subAccountLinkText,
    },
  },
);

let routes: Record<string, RouteHandler>;
let calls: string[];

beforeEach(() => {
  // The forecast card and the advisor (their own tests are beside them) have nothing to show here.
  routes = {
    'GET /api/v1/account/subscription/forecast/': () => jsonResponse({ forecast: null, advisor: null }),
  };
  calls = stubFetchRoutes(routes).requested;
});
afterEach(() => vi.restoreAllMocks());

function renderPage(data: OverviewResponse | (() => Response) = DATA) {
  routes[`GET ${ROOT}`] = typeof data === 'function' ? data : () => jsonResponse(data);
  const router = createMemoryRouter(
    [
      { path: '/', element: <OverviewPage /> },
      { path: '*', element: <h1>Elsewhere</h1> },
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
const ready = () => screen.findByTestId('subscription-summary');
/** A list of the credits breakdown, found by its heading, as one text. */
const list = (heading: string) =>
  within(screen.getByTestId('subscription-summary')).getByRole('heading', { name: heading })
    .nextElementSibling!.textContent;
const notices = () => within(screen.getByRole('region', { name: 'Notices' }));

describe('the overview page', () => {
  it('shows a loader, then the generic error whose Retry loads the overview', async () => {
    let attempts = 0;
    renderPage(() =>
      ++attempts === 1 ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400) : jsonResponse(DATA),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Overview');
    expect(screen.getByRole('status', { name: 'Loading overview' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await ready();
    expect(attempts).toBe(2);
  });

  it("formats its money, credits and dates without Intl: a renderer's first formatter costs 25-120 ms", async () => {
    const intl = watchIntlUses();
    try {
      renderPage();
      const summary = within(await ready());
      expect(summary.getByText('Team monthly')).toBeTruthy();
      expect(document.body.textContent).toMatch(/\$\d[\d,]*\.\d\d/);
      expect(intl.uses).toEqual([]);
    } finally {
      intl.restore();
    }
  });

  it('OVW-01 shows the PIN masked, all but its last 4 characters, whatever the answer carries', async () => {
    // The server sends it masked ('••3456', unchanged by masking again); a whole PIN shows only its last 4.
    renderPage({ ...DATA, pin: '48213456' });
    await ready();
    expect(screen.getByTestId('overview-pin').textContent).toBe('••••3456');
    expect(document.body.textContent).not.toContain('4821');
  });

  it('OVW-02 the subscription summary: plan, credits used by kind, credits left, next payment, days left', async () => {
    renderPage();
    const summary = within(await ready());
    expect(summary.getByText('Team monthly')).toBeTruthy();
    expect(summary.getByText('Active')).toBeTruthy();
    const stat = (label: string) => summary.getByText(label).parentElement!.textContent;
    expect(stat('Next payment')).toBe('Next payment$300.00due Dec 2, 2026');
    expect(stat('Days left')).toBe('Days left11 daysof 30 in this period');
    // Every figure with its unit.
    expect(list('Credits used this period')).toBe(
      'Plan15,193.98 creditsRollover120.00 creditsOverage0.00 creditsTotal15,313.98 credits',
    );
    expect(list('Credits left')).toBe('Plan14,806.02 creditsRollover2,500.00 creditsTotal17,306.02 credits');
    const bar = summary.getByRole('progressbar', { name: 'Plan credits used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('51');
    expect(summary.getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });

  it('OVW-02 BAN-09 an annual plan used up: an amber bar, nothing left, and the calls beyond it not charged', async () => {
    renderPage({
      ...DATA,
      plan_name: 'Solo',
      is_credits_exhausted: true,
      sub_account_notification: null,
      subscription_info: {
        ...DATA.subscription_info,
        current_plan: { credits: 48000, period: 'yr', price_id: 'solo-annual' },
        plan_credits_used: 48000,
        rollover_credits_used: 0,
        total_credits_used: 50250.5,
        plan_credits_left: 0,
        rollover_credits_left: 0,
        is_credits_exhausted: true,
      },
    });
    const summary = within(await ready());
    expect(summary.getByText('Solo annual')).toBeTruthy();
    const bar = summary.getByRole('progressbar', { name: 'Plan credits used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.firstElementChild!.className).toContain('bg-amber-500');
    // Annual plans have no rollover: no line for it at all.
    expect(list('Credits left')).toBe('Plan0.00 creditsTotal0.00 credits');
    expect(summary.queryByText('Rollover')).toBeNull();
    expect(list('Credits used this period')).toBe(
      'Plan48,000.00 creditsOverage0.00 creditsBeyond the plan (not charged)2,250.50 creditsTotal50,250.50 credits',
    );
    expect(screen.getByText(BANNER_TEXT.creditsExhausted)).toBeTruthy();
  });

  it('OVW-02 a referral bonus shows as bonus credits, after plan and rollover credits', async () => {
    renderPage({
      ...DATA,
      subscription_info: {
        ...DATA.subscription_info,
        bonus_credits_used: 80,
        bonus_credits_left: 1920,
        total_credits_used: 15393.98,
      },
    });
    await ready();
    expect(list('Credits used this period')).toBe(
      'Plan15,193.98 creditsRollover120.00 creditsBonus80.00 creditsOverage0.00 creditsTotal15,393.98 credits',
    );
    expect(list('Credits left')).toBe(
      'Plan14,806.02 creditsRollover2,500.00 creditsBonus1,920.00 creditsTotal19,226.02 credits',
    );
  });

  it('MONEY-04 an annual plan with a bonus shows bonus credits and no rollover at all', async () => {
    renderPage({
      ...DATA,
      plan_name: 'Solo',
      subscription_info: {
        ...DATA.subscription_info,
        current_plan: { credits: 48000, period: 'yr', price_id: 'solo-annual' },
        plan_credits_used: 1000,
        rollover_credits_used: 0,
        bonus_credits_used: 0,
        total_credits_used: 1000,
        plan_credits_left: 47000,
        rollover_credits_left: 0,
        bonus_credits_left: 12000,
      },
    });
    const summary = within(await ready());
    expect(list('Credits left')).toBe('Plan47,000.00 creditsBonus12,000.00 creditsTotal59,000.00 credits');
    expect(list('Credits used this period')).toBe(
      'Plan1,000.00 creditsBonus0.00 creditsOverage0.00 creditsTotal1,000.00 credits',
    );
    expect(summary.queryByText('Rollover')).toBeNull();
    expect(screen.getByTestId('subscription-summary').textContent).not.toMatch(/rollover/i);
  });

  it('OVW-02 BAN-12 an inactive subscription says so, with the warning banner and a way to choose a plan', async () => {
    renderPage({
      ...DATA,
      is_subscription_active: false,
      sub_account_notification: null,
      subscription_info: { ...DATA.subscription_info, status: 'inactive', days_in_period: 0, days_left: 0 },
    });
    const summary = within(await ready());
    expect(summary.getByText('Inactive')).toBeTruthy();
    // No active period: days_in_period is 0, so the how-to panel shows (OVW-03).
    expect(screen.getByRole('region', { name: OVERVIEW_TEXT.howToTitle })).toBeTruthy();
    expect(summary.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByText(BANNER_TEXT.subscriptionInactive)).toBeTruthy();
  });

  it('BAN-01 BAN-09 the account banners come from the overview flags', async () => {
    renderPage({ ...DATA, is_credits_exhausted: true, card_details: null });
    await ready();
    const alerts = within(screen.getByRole('region', { name: 'Account alerts' }));
    expect(alerts.getByText(BANNER_TEXT.cardMissing)).toBeTruthy();
    expect(alerts.getByText(BANNER_TEXT.creditsExhausted)).toBeTruthy();
  });

  it('OVW-03 the how-to PDF panel shows in the first week of a period (days_in_period below 7)', async () => {
    // Day 3 of a 30-day period: 2 whole days elapsed.
    renderPage({
      ...DATA,
      subscription_info: { ...DATA.subscription_info, days_in_period: 2, days_left: 28 },
    });
    const summary = within(await ready());
    expect(summary.getByText('Days left').parentElement!.textContent).toBe(
      'Days left28 daysof 30 in this period',
    );
    const panel = within(screen.getByRole('region', { name: OVERVIEW_TEXT.howToTitle }));
    expect(panel.getByRole('link', { name: OVERVIEW_TEXT.howToLinkText }).getAttribute('href')).toBe('/pdf');
  });

  it('OVW-03 no how-to panel at 7 days or more', async () => {
    renderPage({
      ...DATA,
      subscription_info: { ...DATA.subscription_info, days_in_period: 7, days_left: 23 },
    });
    await ready();
    expect(screen.queryByRole('region', { name: OVERVIEW_TEXT.howToTitle })).toBeNull();
  });

  it('OVW-04 the sub-account notice links to /users and is dismissed for good with ×', async () => {
    let dismissed: () => void = () => {};
    routes[`POST ${dismissPath('sub_account')}`] = () =>
      new Promise((resolve) => (dismissed = () => resolve(new Response(null, { status: 204 }))));
    renderPage();
    await ready();
    const region = within(screen.getByRole('region', { name: OVERVIEW_TEXT.subAccountTitle }));
    expect(region.getByText(OVERVIEW_TEXT.subAccountText('Team'))).toBeTruthy();
    expect(region.getByRole('link', { name: OVERVIEW_TEXT.subAccountLinkText }).getAttribute('href')).toBe(
      '/users',
    );
    fireEvent.click(region.getByRole('button', { name: `Dismiss: ${OVERVIEW_TEXT.subAccountTitle}` }));
    // Hidden at once, before the server has answered.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: OVERVIEW_TEXT.subAccountTitle })).toBeNull(),
    );
    expect(calls).toContain(`POST ${dismissPath('sub_account')}`);
    dismissed();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region', { name: OVERVIEW_TEXT.subAccountTitle })).toBeNull();
  });

  it('OVW-04 no sub-account notice when the server sends none', async () => {
    renderPage({ ...DATA, sub_account_notification: null });
    await ready();
    expect(screen.queryByRole('region', { name: OVERVIEW_TEXT.subAccountTitle })).toBeNull();
    expect(screen.queryByRole('link', { name: OVERVIEW_TEXT.subAccountLinkText })).toBeNull();
  });

  it('OVW-05 each notice shows title and text, plus its link with linkText when given, in server order', async () => {
    renderPage();
    await ready();
    const list = notices();
    expect(list.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Scheduled maintenance',
      'IRS hours extended',
      'Filing season resources',
    ]);
    expect(list.getByText('Scheduled maintenance text.')).toBeTruthy();
    const maintenance = within(list.getByRole('article', { name: 'Scheduled maintenance' }));
    expect(maintenance.queryByRole('link')).toBeNull();
    expect(list.getByRole('link', { name: 'See line hours' }).getAttribute('href')).toBe('/lines');
    const outside = list.getByRole('link', { name: /IRS resources/ });
    expect(outside.getAttribute('href')).toBe('https://www.irs.gov/tax-professionals');
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('OVW-05 an unsafe link is not rendered even if the server sent it', async () => {
    renderPage({
      ...DATA,
      common_notifications: [
        notice({ id: 'bad1', title: 'Bad one', link: 'javascript:alert(1)', linkText: 'Click me' }),
        notice({ id: 'bad2', title: 'Bad two', link: '//evil.example', linkText: 'Or me' }),
      ],
    });
    await ready();
    expect(notices().getByText('Bad one')).toBeTruthy();
    expect(notices().queryByRole('link')).toBeNull();
    expect(screen.queryByText('Click me')).toBeNull();
  });

  it('OVW-06 only dismissible notices have a ×; dismissing hides it at once and POSTs its id', async () => {
    routes[`POST ${dismissPath('n-irs')}`] = () => new Response(null, { status: 204 });
    renderPage();
    await ready();
    const list = notices();
    expect(list.queryByRole('button', { name: 'Dismiss: Scheduled maintenance' })).toBeNull();
    expect(list.getByRole('button', { name: 'Dismiss: Filing season resources' })).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Dismiss: IRS hours extended' }));
    await waitFor(() => expect(screen.queryByText('IRS hours extended')).toBeNull());
    expect(calls).toContain(`POST ${dismissPath('n-irs')}`);
    expect(screen.getByText('Filing season resources')).toBeTruthy();
  });

  it('OVW-06 a refused dismissal brings the notice back in place with the generic error toast', async () => {
    const error = vi.spyOn(toast, 'error');
    let refuse: () => void = () => {};
    routes[`POST ${dismissPath('n-irs')}`] = () =>
      new Promise(
        (resolve) => (refuse = () => resolve(jsonResponse({ code: 'INTERNAL', message: 'x' }, 500))),
      );
    renderPage();
    await ready();
    fireEvent.click(notices().getByRole('button', { name: 'Dismiss: IRS hours extended' }));
    await waitFor(() => expect(screen.queryByText('IRS hours extended')).toBeNull());
    refuse();
    await screen.findByText('IRS hours extended');
    expect(error).toHaveBeenCalledWith(MESSAGES.genericError);
    expect(
      notices()
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Scheduled maintenance', 'IRS hours extended', 'Filing season resources']);
  });
});
