import {
  ACCOUNT_ACTION_TEXT,
  PAUSE_TEXT,
  STAFF_ERRORS,
  type ActionInvoices,
  type AdminMe,
} from '@enq/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { AccountActions } from './account-actions';

const ACCOUNT = '11111111-2222-4333-8444-555555555555';
const BASE = `/api/v1/admin/accounts/${ACCOUNT}`;

const me = (role: AdminMe['role'], permissions: AdminMe['permissions']): AdminMe => ({
  person_id: 'p1',
  email: 'avery.chen@enq.example',
  full_name: 'Avery Chen',
  role,
  permissions,
});
const FINANCE = me('finance', [
  'read',
  'notes',
  'resend',
  'viewAsCustomer',
  'refund',
  'adjustCredits',
  'charge',
  'changePlan',
  'taxStatus',
]);
const SUPPORT = me('support', ['read', 'notes', 'resend', 'viewAsCustomer']);

const DATA: ActionInvoices = {
  invoices: [
    {
      id: 'in_open',
      number: 'ENQ-202611-OPEN0001',
      status: 'open',
      issued_at: '2026-11-05T15:00:00.000Z',
      summary: 'Period close',
      total_cents: 38191,
      refunded_cents: 0,
      refundable_cents: 0,
      last_failure: 'Your card has insufficient funds.',
    },
    {
      id: 'in_paid',
      number: 'ENQ-202610-PAID0001',
      status: 'paid',
      issued_at: '2026-10-05T15:00:00.000Z',
      summary: 'Period close',
      total_cents: 30000,
      refunded_cents: 0,
      refundable_cents: 30000,
      last_failure: null,
    },
  ],
  plans: [
    { id: 'team_mo', label: 'Team monthly' },
    { id: 'pro_mo', label: 'Pro monthly' },
  ],
  subscription: { status: 'active', plan_id: 'team_mo', pending_plan_id: null, cancel_at_period_end: false },
  credits_left: 1234.5,
  // No pause to offer here (six months already paused in twelve): Pause and Resume have their own tests.
  pause: {
    pause: null,
    refusal: PAUSE_TEXT.sixInTwelve(6, 0),
    starts_at: null,
    earliest_resume_on: null,
    latest_resume_on: null,
    monthly_price: 150,
    monthly_credits: 14000,
  },
};

type Handler = (init: RequestInit) => Response | Promise<Response>;

function fakeApi(who: AdminMe, post: Handler, data: ActionInvoices = DATA) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.endsWith('/api/v1/admin/me')) return jsonResponse(who);
    if (url.endsWith(`${BASE}/refundable-invoices`)) return jsonResponse(data);
    return post(init);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    posts: () => calls.filter((c) => c.init.method === 'POST'),
    reads: () => calls.filter((c) => c.url.endsWith('/refundable-invoices')).length,
    me: () => calls.filter((c) => c.url.endsWith('/api/v1/admin/me')).length,
  };
}

const renderActions = () =>
  render(
    <TestServices>
      <AccountActions accountId={ACCOUNT} />
    </TestServices>,
  );

/** The Actions panel once its invoices are in (its first action button shows). */
async function actionsPanel() {
  const panel = await screen.findByRole('region', { name: 'Actions' });
  await within(panel).findByRole('button', { name: /^Refund/ });
  return panel;
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountActions', () => {
  it('CMON-06 offers only what the role allows: a support member sees no money actions', async () => {
    const api = fakeApi(SUPPORT, () => jsonResponse({}));
    renderActions();
    await waitFor(() => expect(api.me()).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    // Nothing to offer, so the account's invoices are not even asked for.
    expect(api.reads()).toBe(0);
  });

  it('CMON-06 a finance member refunds part of a paid invoice: labelled fields, one key per opening, the page refreshed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const message = ACCOUNT_ACTION_TEXT.refunded(1234, 'ENQ-202610-PAID0001-CN1');
    const api = fakeApi(FINANCE, async () => {
      await gate;
      return jsonResponse({ message, audit_id: 7, credit_note_number: 'ENQ-202610-PAID0001-CN1' });
    });
    renderActions();
    const panel = await actionsPanel();
    for (const name of ['Refund', 'Adjust credits', 'Change plan', 'Cancel', 'Retry charge'])
      expect(within(panel).getByRole('button', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Reactivate/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund an invoice' });
    expect((within(dialog).getByLabelText('Invoice') as HTMLSelectElement).value).toBe('in_paid');
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '12.34' } });
    // No reason: refused before anything is sent, under the Reason field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(STAFF_ERRORS.reasonRequired)).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(api.posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Dropped calls' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    const readsBefore = api.reads();
    release();
    expect((await screen.findByRole('status')).textContent).toBe(message);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = api.posts();
    expect(post!.url).toContain(`${BASE}/refunds`);
    expect(JSON.parse(String(post!.init.body))).toEqual({
      invoice_id: 'in_paid',
      amount_cents: 1234,
      reason: 'Dropped calls',
    });
    expect(new Headers(post!.init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
  });

  it('CMON-06 an error names its field under it; a retry in the same opening keeps its key, a new opening gets a new one', async () => {
    let answer = () =>
      jsonResponse(
        { code: 'INVALID', field: 'credits', message: ACCOUNT_ACTION_TEXT.overRemoval(1234.5) },
        400,
      );
    const api = fakeApi(FINANCE, () => answer());
    renderActions();
    const panel = await actionsPanel();
    fireEvent.click(within(panel).getByRole('button', { name: /^Adjust credits/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits' });
    const credits = within(dialog).getByLabelText('Credits (negative to remove)');
    fireEvent.change(credits, { target: { value: '-5000' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate grant' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust credits' }));
    expect(await within(dialog).findByText(ACCOUNT_ACTION_TEXT.overRemoval(1234.5))).toBeTruthy();
    expect(credits.getAttribute('aria-invalid')).toBe('true');

    answer = () => jsonResponse({ message: ACCOUNT_ACTION_TEXT.removed(500), audit_id: 8 });
    fireEvent.change(credits, { target: { value: '-500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust credits' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_ACTION_TEXT.removed(500));
    const keys = api.posts().map((p) => new Headers(p.init.headers).get('Idempotency-Key'));
    expect(JSON.parse(String(api.posts()[1]!.init.body))).toEqual({
      credits: -500,
      reason: 'Duplicate grant',
    });

    fireEvent.click(within(panel).getByRole('button', { name: /^Adjust credits/ }));
    const again = await screen.findByRole('dialog', { name: 'Adjust credits' });
    fireEvent.change(within(again).getByLabelText('Credits (negative to remove)'), {
      target: { value: '10' },
    });
    fireEvent.change(within(again).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Adjust credits' }));
    await waitFor(() => expect(api.posts()).toHaveLength(3));
    const third = new Headers(api.posts()[2]!.init.headers).get('Idempotency-Key');
    expect(keys[0]).toBe(keys[1]);
    expect(third).not.toBe(keys[0]);
  });

  it('CMON-06 a declined retried charge shows the decline in the dialog', async () => {
    fakeApi(FINANCE, () =>
      jsonResponse({ code: 'PAYMENT_FAILED', message: 'Your card has insufficient funds.' }, 402),
    );
    renderActions();
    const panel = await actionsPanel();
    fireEvent.click(within(panel).getByRole('button', { name: /^Retry charge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry a failed charge' });
    expect(within(dialog).getByText('Last decline: Your card has insufficient funds.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your card has insufficient funds.');
  });

  it('CONS-09 offers Cancel or Reactivate as the state allows, never both; a scheduled change is dropped by choosing the current plan', async () => {
    const offered = async (subscription: ActionInvoices['subscription']) => {
      const api = fakeApi(FINANCE, () => jsonResponse({}), { ...DATA, subscription });
      const view = renderActions();
      const panel = await actionsPanel();
      const names = within(panel)
        .getAllByRole('button')
        .map((b) => b.querySelector('span > span')?.textContent);
      view.unmount();
      vi.unstubAllGlobals();
      expect(api.reads()).toBe(1);
      return names;
    };
    const active = DATA.subscription;
    expect(await offered(active)).toEqual([
      'Refund',
      'Adjust credits',
      'Change plan',
      'Cancel',
      'Retry charge',
    ]);
    expect(await offered({ ...active, cancel_at_period_end: true })).toEqual([
      'Refund',
      'Adjust credits',
      'Change plan',
      'Reactivate',
      'Retry charge',
    ]);
    // A scheduled plan change is not a cancellation: Cancel stays, Reactivate is not offered.
    expect(await offered({ ...active, pending_plan_id: 'pro_mo' })).toEqual([
      'Refund',
      'Adjust credits',
      'Change plan',
      'Cancel',
      'Retry charge',
    ]);
    // Not active (cancelled): neither.
    expect(await offered({ ...active, status: 'inactive', plan_id: null })).toEqual([
      'Refund',
      'Retry charge',
    ]);

    const api = fakeApi(
      FINANCE,
      () => jsonResponse({ message: ACCOUNT_ACTION_TEXT.planResumed, audit_id: 1 }),
      {
        ...DATA,
        subscription: { ...active, pending_plan_id: 'pro_mo' },
      },
    );
    renderActions();
    const panel = await actionsPanel();
    fireEvent.click(within(panel).getByRole('button', { name: /^Change plan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    const select = within(dialog).getByLabelText(/New plan/);
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Team monthly (keep: drop the scheduled change)',
      'Pro monthly',
    ]);
    fireEvent.change(select, { target: { value: 'team_mo' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Customer stays on Team' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(api.posts()[0]!.url).toBe(`${BASE}/subscription/change`);
    expect(JSON.parse(String(api.posts()[0]!.init.body))).toEqual({
      plan: 'team_mo',
      reason: 'Customer stays on Team',
    });
  });
});
