import { SPEND_TEXT, type ForecastResponse, type SpendControlResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { AlertsAndLimits } from './alerts-and-limits';

const BASE = '/api/v1/account/spend-control';

/** A monthly plan at 84.5% of its credits: 80% fired on Apr 3, 50% was added after it was passed. */
const STATE: SpendControlResponse = {
  can_edit: true,
  is_monthly: true,
  period_end: '2026-04-15T03:30:00.000Z',
  plan_percent_used: 84.5,
  overage_used: 0,
  thresholds: [
    { kind: 'plan_percent', value: 50, status: 'passed', sent_at: null },
    { kind: 'plan_percent', value: 80, status: 'sent', sent_at: '2026-04-03T15:00:00.000Z' },
    { kind: 'plan_percent', value: 100, status: 'waiting', sent_at: null },
  ],
  spending_cap: null,
  cap_reached: false,
  banners: [],
  user_limits: [],
};

/** The overview's forecast card: $180 of overage projected at the period's end. */
const FORECAST: ForecastResponse = {
  forecast: {
    period_start: '2026-03-15T04:00:00.000Z',
    period_end: '2026-04-15T03:30:00.000Z',
    used_credits: 11_830,
    available_credits: 14_000,
    plan_credits: 14_000,
    rollover_credits: 0,
    bonus_credits: 0,
    days_left: 10,
    period_days: 31,
    projected_credits: 32_000,
    runs_out_on: '2026-04-05',
    ran_out: false,
    projected_overage: 180,
    bills_overage: true,
    spending_cap: null,
    capped_overage: null,
    note: 'Projected from this period’s pace.',
  },
  advisor: null,
  price_change: null,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answers: Record<string, () => Response>;
beforeEach(() => {
  answers = {
    [`GET ${BASE}/`]: () => jsonResponse(STATE),
    'GET /api/v1/account/subscription/forecast/': () => jsonResponse(FORECAST),
  };
  fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = answers[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!answer) throw new Error(`unexpected call ${init.method ?? 'GET'} ${url.pathname}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
});

const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://portal.test').pathname,
      body: JSON.parse(String(init!.body)),
    }));

async function renderSection() {
  render(
    <TestServices>
      <AlertsAndLimits />
    </TestServices>,
  );
  return screen.findByRole('list', { name: 'Plan credits used' });
}

describe('the Alerts and limits section', () => {
  it('SPEND-09 SPEND-03 lists each threshold with its state: sent with its date, already passed, or waiting', async () => {
    const list = await renderSection();
    expect(screen.getByRole('heading', { name: 'Alerts and limits' })).toBeTruthy();
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      `50% of plan credits${SPEND_TEXT.alreadyPassed}Remove`,
      '80% of plan creditsAlert sent Apr 3, 2026Remove',
      '100% of plan creditsRemove',
    ]);
    expect(screen.getByText(/This period \(until Apr 14, 2026\):/).textContent).toBe(
      'This period (until Apr 14, 2026): 84.5% of plan credits used, $0.00 overage.',
    );
    expect((screen.getByLabelText('Spending cap (overage per period, $)') as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('SPEND-09 SPEND-03 adds an overage alert and a cap, marks a percent already passed before saving, and sends the whole settings', async () => {
    answers[`PUT ${BASE}/settings/`] = () =>
      jsonResponse({
        ...STATE,
        spending_cap: 250,
        thresholds: [
          ...STATE.thresholds.slice(0, 2),
          { kind: 'plan_percent', value: 60, status: 'passed', sent_at: null },
          STATE.thresholds[2],
          { kind: 'overage', value: 100, status: 'waiting', sent_at: null },
        ],
      });
    await renderSection();
    fireEvent.change(screen.getByLabelText('Add an alert at this percent'), { target: { value: '60' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    const percents = screen.getByRole('list', { name: 'Plan credits used' });
    expect(within(percents).getAllByRole('listitem')[1]!.textContent).toBe(
      `60% of plan credits${SPEND_TEXT.pendingAdd}${SPEND_TEXT.alreadyPassed}Remove`,
    );
    fireEvent.change(screen.getByLabelText('Add an alert at this overage ($)'), {
      target: { value: '$100' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[1]!);
    expect(within(screen.getByRole('list', { name: 'Overage' })).getByRole('listitem').textContent).toBe(
      `$100 of overage${SPEND_TEXT.pendingAdd}Remove`,
    );
    fireEvent.change(screen.getByLabelText('Spending cap (overage per period, $)'), {
      target: { value: '250' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts and limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      path: `${BASE}/settings/`,
      body: {
        percent_thresholds: [50, 80, 100, 60],
        overage_thresholds: [100],
        forecast_thresholds: [],
        spending_cap: 250,
      },
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Spending cap (overage per period, $)') as HTMLInputElement).value).toBe(
        '250',
      ),
    );
  });

  it("SPEND-02 refuses a bad threshold or cap with its own words, sending nothing; the server's refusal shows too", async () => {
    answers[`PUT ${BASE}/settings/`] = () =>
      jsonResponse(
        { message: 'spending_cap: must be at most 1000000', field: 'spending_cap', code: 'invalid' },
        400,
      );
    await renderSection();
    fireEvent.change(screen.getByLabelText('Add an alert at this percent'), { target: { value: '80' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    expect(screen.getByText('That alert is already in the list.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Add an alert at this percent'), { target: { value: '12.5' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    expect(screen.getByText('Enter a whole number above 0.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Spending cap (overage per period, $)'), {
      target: { value: 'lots' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts and limits' }));
    expect(screen.getByText('Enter whole dollars above 0, or leave it empty for no cap.')).toBeTruthy();
    expect(puts()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Spending cap (overage per period, $)'), {
      target: { value: '999' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts and limits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('spending_cap: must be at most 1000000');
  });

  it('SPEND-13 SPEND-15 lists forecast alerts under "Projected overage at period end", judges a new one against the forecast, and sends them', async () => {
    answers[`GET ${BASE}/`] = () =>
      jsonResponse({
        ...STATE,
        thresholds: [
          ...STATE.thresholds,
          { kind: 'forecast_overage', value: 150, status: 'sent', sent_at: '2026-04-04T15:00:00.000Z' },
        ],
        banners: [],
      });
    answers[`PUT ${BASE}/settings/`] = () => jsonResponse(STATE);
    await renderSection();
    expect(screen.getByRole('heading', { name: 'Projected overage at period end' })).toBeTruthy();
    expect(screen.getByText(SPEND_TEXT.forecastHint)).toBeTruthy();
    const list = () => screen.getByRole('list', { name: 'Projected overage at period end' });
    expect(within(list()).getByRole('listitem').textContent).toBe(
      '$150 projected overageAlert sent Apr 4, 2026Remove',
    );
    const add = (value: string) => {
      fireEvent.change(screen.getByLabelText('Add an alert at this projected overage ($)'), {
        target: { value },
      });
      fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[2]!);
    };
    add('$100');
    add('500');
    add('150');
    expect(screen.getByText('That alert is already in the list.')).toBeTruthy();
    // The forecast card projects $180: $100 is already passed and will not fire; $500 waits.
    await waitFor(() =>
      expect(
        within(list())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        `$100 projected overage${SPEND_TEXT.pendingAdd}${SPEND_TEXT.alreadyPassed}Remove`,
        '$150 projected overageAlert sent Apr 4, 2026Remove',
        `$500 projected overage${SPEND_TEXT.pendingAdd}Remove`,
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove $150 projected overage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts and limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      percent_thresholds: [50, 80, 100],
      overage_thresholds: [],
      forecast_thresholds: [100, 500],
      spending_cap: null,
    });
  });

  it('SPEND-13 offers no forecast alerts on an annual plan, which has no overage', async () => {
    answers[`GET ${BASE}/`] = () => jsonResponse({ ...STATE, is_monthly: false });
    await renderSection();
    expect(screen.queryByRole('heading', { name: 'Projected overage at period end' })).toBeNull();
    expect(screen.queryByLabelText('Add an alert at this projected overage ($)')).toBeNull();
  });

  it('SPEND-11 shows a sub-account user the settings without a way to change them', async () => {
    answers[`GET ${BASE}/`] = () => jsonResponse({ ...STATE, can_edit: false });
    await renderSection();
    expect(screen.getByText(SPEND_TEXT.adminOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save alerts and limits' })).toBeNull();
    expect((screen.getByLabelText('Spending cap (overage per period, $)') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      screen.getAllByRole('button', { name: /^Remove/ }).every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
  });
});
