import { SPEND_TEXT, type SpendControlResponse } from '@enq/contract';
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

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answers: Record<string, () => Response>;
beforeEach(() => {
  answers = { [`GET ${BASE}/`]: () => jsonResponse(STATE) };
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
      `60% of plan credits${SPEND_TEXT.alreadyPassed}Remove`,
    );
    fireEvent.change(screen.getByLabelText('Add an alert at this overage ($)'), {
      target: { value: '$100' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[1]!);
    expect(within(screen.getByRole('list', { name: 'Overage' })).getByRole('listitem').textContent).toBe(
      '$100 of overageRemove',
    );
    fireEvent.change(screen.getByLabelText('Spending cap (overage per period, $)'), {
      target: { value: '250' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts and limits' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      path: `${BASE}/settings/`,
      body: { percent_thresholds: [50, 80, 100, 60], overage_thresholds: [100], spending_cap: 250 },
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
