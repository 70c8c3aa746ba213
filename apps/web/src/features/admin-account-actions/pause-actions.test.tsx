import { PAUSE_TEXT, type ActionInvoices, type AdminMe, type PauseResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { AccountActions } from './account-actions';

// Pause and Resume on the customer's behalf in the console's Actions panel (issue 64).
const ACCOUNT = '11111111-2222-4333-8444-555555555555';
const BASE = `/api/v1/admin/accounts/${ACCOUNT}`;
const FINANCE: AdminMe = {
  person_id: 'p1',
  email: 'avery.chen@enq.example',
  full_name: 'Avery Chen',
  role: 'finance',
  permissions: [
    'read',
    'notes',
    'resend',
    'viewAsCustomer',
    'refund',
    'adjustCredits',
    'charge',
    'changePlan',
  ],
};

const OFFERED: PauseResponse = {
  pause: null,
  refusal: null,
  starts_at: '2027-02-04T15:00:00.000Z',
  earliest_resume_on: '2027-03-04',
  latest_resume_on: '2027-08-04',
  monthly_price: 150,
  monthly_credits: 14000,
};
const PAUSED: PauseResponse = {
  ...OFFERED,
  pause: {
    state: 'paused',
    starts_at: '2027-02-04T15:00:00.000Z',
    resume_at: '2027-06-04T14:00:00.000Z',
    days: 120,
    days_left: 100,
    rollover_credits_held: 0,
    bonus_credits_held: 0,
    decline_message: null,
  },
  refusal: PAUSE_TEXT.alreadyPaused,
  starts_at: null,
  earliest_resume_on: null,
  latest_resume_on: null,
};
const data = (pause: PauseResponse, status = 'active'): ActionInvoices => ({
  invoices: [],
  plans: [{ id: 'practice_mo', label: 'Practice monthly' }],
  subscription: { status, plan_id: 'practice_mo', pending_plan_id: null, cancel_at_period_end: false },
  credits_left: 0,
  pause,
});

function fakeApi(answers: ActionInvoices, post: () => Response) {
  const posts: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
      const url = String(input);
      if (url.endsWith('/api/v1/admin/me')) return jsonResponse(FINANCE);
      if (url.endsWith(`${BASE}/refundable-invoices`)) return jsonResponse(answers);
      posts.push({ url, init });
      return post();
    }),
  );
  return { posts };
}

/** The names of the actions offered, once the panel has its state. */
async function offered() {
  const panel = await screen.findByRole('region', { name: 'Actions' });
  await within(panel).findByRole('button', { name: /^Change plan/ });
  return {
    panel,
    names: within(panel)
      .getAllByRole('button')
      .map((b) => b.querySelector('span > span')?.textContent),
  };
}

const renderActions = () =>
  render(
    <TestServices>
      <AccountActions accountId={ACCOUNT} />
    </TestServices>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Pause and Resume in the console', () => {
  it('offers Pause when the pause allows dates: the resume date between them, a required reason, a refusal under the date', async () => {
    let answer = () =>
      jsonResponse(
        { code: 'INVALID', field: 'resume_on', message: PAUSE_TEXT.tooLong('2027-03-04', '2027-08-04') },
        400,
      );
    const api = fakeApi(data(OFFERED), () => answer());
    renderActions();
    const { panel, names } = await offered();
    expect(names).toEqual(['Adjust credits', 'Change plan', 'Cancel', 'Pause']);

    fireEvent.click(within(panel).getByRole('button', { name: /^Pause/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the plan' });
    const date = within(dialog).getByLabelText(PAUSE_TEXT.resumeLabel) as HTMLInputElement;
    expect([date.type, date.min, date.max, date.value]).toEqual([
      'date',
      '2027-03-04',
      '2027-08-04',
      '2027-03-04',
    ]);
    expect(within(dialog).getByText('Choose a date from Mar 4, 2027 to Aug 4, 2027.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: PAUSE_TEXT.pauseButton }));
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    expect(api.posts).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2027-05-04' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Seasonal, by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: PAUSE_TEXT.pauseButton }));
    expect(await within(dialog).findByText(PAUSE_TEXT.tooLong('2027-03-04', '2027-08-04'))).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');

    answer = () => jsonResponse({ ...PAUSED, message: PAUSE_TEXT.paused, audit_id: 3 });
    fireEvent.click(within(dialog).getByRole('button', { name: PAUSE_TEXT.pauseButton }));
    expect((await screen.findByRole('status')).textContent).toBe(PAUSE_TEXT.paused);
    expect(api.posts.map((p) => p.url)).toEqual([`${BASE}/pause`, `${BASE}/pause`]);
    expect(JSON.parse(String(api.posts[1]!.init.body))).toEqual({
      resume_on: '2027-05-04',
      reason: 'Seasonal, by phone',
    });
    // The retry in the same opening keeps its Idempotency-Key.
    const keys = api.posts.map((p) => new Headers(p.init.headers).get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });

  it('offers Resume, not Pause, on a paused plan, saying until when; a declined card shows in the dialog', async () => {
    const decline = PAUSE_TEXT.declined('Your card was declined.');
    const api = fakeApi(data(PAUSED, 'paused'), () =>
      jsonResponse({ code: 'PAYMENT_FAILED', message: decline }, 402),
    );
    renderActions();
    const panel = await screen.findByRole('region', { name: 'Actions' });
    const resume = await within(panel).findByRole('button', { name: /^Resume/ });
    expect(resume.textContent).toBe('ResumePaused until Jun 4, 2027: resume now, paid first');
    expect(within(panel).queryByRole('button', { name: /^Pause/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Cancel/ })).toBeNull();

    fireEvent.click(resume);
    const dialog = await screen.findByRole('dialog', { name: 'Resume the plan now' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Back for the season' } });
    fireEvent.click(within(dialog).getByRole('button', { name: PAUSE_TEXT.resumeNow }));
    expect(await within(dialog).findByText(decline)).toBeTruthy();
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]!.url).toBe(`${BASE}/pause/resume`);
    expect(JSON.parse(String(api.posts[0]!.init.body))).toEqual({ reason: 'Back for the season' });
  });

  it('on a scheduled pause, Resume withdraws it', async () => {
    const scheduled = { ...PAUSED, pause: { ...PAUSED.pause!, state: 'scheduled' as const } };
    fakeApi(data(scheduled), () => jsonResponse({}));
    renderActions();
    const panel = await screen.findByRole('region', { name: 'Actions' });
    const resume = await within(panel).findByRole('button', { name: /^Resume/ });
    expect(resume.textContent).toBe('ResumePauses on Feb 4, 2027: withdraw it');
    fireEvent.click(resume);
    expect(await screen.findByRole('dialog', { name: 'Withdraw the scheduled pause' })).toBeTruthy();
  });
});
