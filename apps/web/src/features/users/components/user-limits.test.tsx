import { type SpendControlResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../../test/utils';
import { UserLimits } from './user-limits';

const SPEND = '/api/v1/account/spend-control/';
const PRIYA = '3f1c2d4e-0000-4000-8000-000000000001';
const MARCUS = '3f1c2d4e-0000-4000-8000-000000000002';

const STATE: SpendControlResponse = {
  can_edit: true,
  is_monthly: true,
  period_end: '2026-12-02T14:00:00.000Z',
  plan_percent_used: 40,
  overage_used: 0,
  thresholds: [],
  spending_cap: null,
  cap_reached: false,
  banners: [],
  user_limits: [
    { person_id: 'admin', full_name: 'Dana Whitfield', is_admin: true, used: 900, limit: null },
    { person_id: PRIYA, full_name: 'Priya Raman', is_admin: false, used: 1250.5, limit: 1000 },
    { person_id: MARCUS, full_name: 'Marcus Oyelaran', is_admin: false, used: 75, limit: null },
  ],
};

let answers: Record<string, (init: RequestInit) => Response>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  answers = { [`GET ${SPEND}`]: () => jsonResponse(STATE) };
  fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected call ${key}`);
    return answer(init);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderLimits() {
  render(
    <TestServices>
      <UserLimits />
    </TestServices>,
  );
  return screen.findByRole('region', { name: 'Monthly credit limits' });
}

describe('monthly credit limits on /users', () => {
  it("SPEND-08 lists each sub-account user's credits this period against their limit, the admin not among them", async () => {
    const section = within(await renderLimits());
    const rows = section.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'Priya Raman1,250.50 credits used this period of 1,000.00 — limit reachedMonthly credit limit for Priya RamanSave limit',
      'Marcus Oyelaran75.00 credits used this periodMonthly credit limit for Marcus OyelaranSave limit',
    ]);
    expect((section.getByLabelText('Monthly credit limit for Priya Raman') as HTMLInputElement).value).toBe(
      '1000',
    );
  });

  it('SPEND-08 saves a limit with the request body naming the user, and refuses a bad one without sending it', async () => {
    let body: unknown;
    answers[`PUT ${SPEND}user-limits/${MARCUS}/`] = (init) => {
      body = JSON.parse(String(init.body));
      return jsonResponse({
        ...STATE,
        user_limits: STATE.user_limits.map((u) => (u.person_id === MARCUS ? { ...u, limit: 500 } : u)),
      });
    };
    const section = within(await renderLimits());
    const input = section.getByLabelText('Monthly credit limit for Marcus Oyelaran');
    fireEvent.change(input, { target: { value: '-4' } });
    fireEvent.click(section.getAllByRole('button', { name: 'Save limit' })[1]!);
    expect(section.getByText('Enter whole credits above 0, or leave it empty for no limit.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(section.getAllByRole('button', { name: 'Save limit' })[1]!);
    await waitFor(() => expect(body).toEqual({ monthly_credit_limit: 500 }));
    await waitFor(() =>
      expect(section.getAllByRole('listitem')[1]!.textContent).toContain(
        '75.00 credits used this period of 500.00',
      ),
    );
  });

  it('SPEND-11 a sub-account user sees their own use and no way to change it', async () => {
    answers[`GET ${SPEND}`] = () =>
      jsonResponse({ ...STATE, can_edit: false, user_limits: [STATE.user_limits[1]] });
    const section = within(await renderLimits());
    expect(section.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Priya Raman1,250.50 credits used this period of 1,000.00 — limit reached',
    ]);
    expect(section.queryByRole('button')).toBeNull();
  });

  describe('a team of 25 is paged, so it fits a phone and reads at 1280', () => {
    const team = Array.from({ length: 25 }, (_, i) => ({
      person_id: `3f1c2d4e-0000-4000-8000-${String(i + 10).padStart(12, '0')}`,
      full_name: `User ${i + 1}`,
      is_admin: false,
      used: 10 * i,
      limit: null,
    }));
    const phone = (matches: boolean) =>
      vi.stubGlobal(
        'matchMedia',
        (query: string) =>
          ({ matches, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as never,
      );
    const names = (section: { getAllByRole: (role: 'listitem') => HTMLElement[] }) =>
      section.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent);

    it('SPEND-08 on a phone: 5 users a page, with the range and page links', async () => {
      phone(true);
      answers[`GET ${SPEND}`] = () => jsonResponse({ ...STATE, user_limits: team });
      const section = within(await renderLimits());
      expect(names(section)).toEqual(['User 1', 'User 2', 'User 3', 'User 4', 'User 5']);
      expect(section.getAllByRole('button', { name: 'Save limit' })).toHaveLength(5);
      expect(section.getByText('1–5 of 25 users')).toBeTruthy();
      expect(
        (section.getByRole('button', { name: "Previous users' limits" }) as HTMLButtonElement).disabled,
      ).toBe(true);
      for (let i = 0; i < 4; i++)
        fireEvent.click(section.getByRole('button', { name: "Next users' limits" }));
      expect(names(section)).toEqual(['User 21', 'User 22', 'User 23', 'User 24', 'User 25']);
      expect(section.getByText('21–25 of 25 users')).toBeTruthy();
      expect(
        (section.getByRole('button', { name: "Next users' limits" }) as HTMLButtonElement).disabled,
      ).toBe(true);
    });

    it('SPEND-08 wider: 10 users a page', async () => {
      phone(false);
      answers[`GET ${SPEND}`] = () => jsonResponse({ ...STATE, user_limits: team });
      const section = within(await renderLimits());
      expect(names(section)).toHaveLength(10);
      expect(section.getByText('1–10 of 25 users')).toBeTruthy();
      fireEvent.click(section.getByRole('button', { name: "Next users' limits" }));
      expect(names(section)[0]).toBe('User 11');
      expect(section.getByText('11–20 of 25 users')).toBeTruthy();
    });
  });
});
