import { ACCOUNTS_TEXT, STAFF_ERRORS, type AdminAccount, type StaffRole } from '@enq/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPage } from './account-page';
import {
  ACCOUNT,
  ACCOUNT_ID,
  ADMIN,
  fakeAdminApi,
  jsonResponse,
  meAs,
  renderAt,
} from './admin-accounts-fixtures';

const api = fakeAdminApi();
const BASE = `${ADMIN}/accounts/${ACCOUNT_ID}`;

function renderPage(role: StaffRole, tab = '', account: AdminAccount = ACCOUNT) {
  api.routes[`GET ${ADMIN}/me`] = () => jsonResponse(meAs(role));
  api.routes[`GET ${BASE}`] = () => jsonResponse(account);
  renderAt(
    `/admin/accounts/${ACCOUNT_ID}${tab ? `?tab=${tab}` : ''}`,
    '/admin/accounts/:accountId',
    <AccountPage
      accountId={ACCOUNT_ID}
      actions={<div>Money actions panel</div>}
      viewAs={<button type="button">View as customer</button>}
    />,
  );
  return screen.findByRole('heading', { level: 1, name: ACCOUNT.name });
}

const sent = (method: string, path: string) =>
  api.calls(method, path).map(([, init]) => ({
    body: JSON.parse(String(init!.body)) as unknown,
    key: (init!.headers as Record<string, string>)['Idempotency-Key'],
  }));

describe('the console account page', () => {
  it('CONS-02 shows the header, the slots, usage, the ledger, invoices, users and notes', async () => {
    await renderPage('support');
    expect(screen.getByText('Money actions panel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View as customer' })).toBeTruthy();
    expect(screen.getByText('Team plan')).toBeTruthy();
    // The customer's figures with the customer's units and rounding, and the days their overview counts.
    const usage = screen.getByRole('region', { name: "This period's usage" });
    expect(Array.from(usage.querySelectorAll('dl > div'), (d) => d.textContent)).toEqual([
      'Credits used1,234.50 credits',
      'Plan credits left765.50 credits of 2,000.00',
      'Rollover left120.00 credits',
      'Bonus left0.00 credits',
      'Overage credits0.00 credits',
      'Overage so far$0.00',
      'Days left11 of 30',
    ]);
    expect(screen.getByText('Taxable')).toBeTruthy();
    // Support cannot change the tax status: no Change button.
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Ledger' }));
    const ledger = screen.getByRole('table', { name: 'Latest ledger entries' });
    expect(within(ledger).getAllByRole('row')[2]!.textContent).toContain('+2,000');
    expect(within(ledger).getAllByRole('row')[2]!.textContent).toContain('Team plan');

    fireEvent.click(screen.getByRole('tab', { name: 'Invoices & payments' }));
    const invoices = screen.getByRole('list', { name: 'Invoices' });
    expect(invoices.textContent).toContain('Payment $300.00 · succeeded · Visa •••• 4242');
    // Only a paid invoice has a receipt to resend.
    expect(
      screen.getAllByRole('button', { name: /Resend/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Resend the receipt for ENQ-202611-AB12CD34']);

    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    const users = screen.getByRole('table', { name: 'Users' });
    expect(within(users).getAllByRole('row')[2]!.textContent).toBe(
      'Priya Ramanpriya.raman@harborpinetax.comUser••5678',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByRole('list', { name: 'Notes' }).textContent).toContain('Asked about a second office.');
  });

  it('CONS-07 CONS-08 CONS-06 shows what is scheduled with its New York time, and the amount overdue under a badge that says so', async () => {
    await renderPage('support', '', {
      ...ACCOUNT,
      amount_overdue: 381.91,
      subscription: {
        ...ACCOUNT.subscription,
        pending_plan_id: 'solo-monthly',
        is_delinquent: true,
        scheduled_changes: [
          { kind: 'plan_change', at: '2026-12-05T14:00:00.000Z', text: 'Plan changes to Solo monthly' },
          {
            kind: 'price_change',
            at: '2027-01-20T14:00:00.000Z',
            text: 'Firm monthly at $790.00 per month',
          },
        ],
      },
    });
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText(ACCOUNTS_TEXT.paymentOverdue)).toBeTruthy();
    expect(within(header).queryByText('active')).toBeNull();
    expect(screen.getByText('Payment').nextElementSibling!.textContent).toBe('$381.91 overdue');
    expect(screen.getByRole('list', { name: 'Scheduled' }).textContent).toBe(
      'Plan changes to Solo monthlyfrom Dec 5, 2026, 9:00 AM EST' +
        'Firm monthly at $790.00 per monthfrom Jan 20, 2027, 9:00 AM EST',
    );
    expect(screen.getByText(ACCOUNTS_TEXT.datesZone)).toBeTruthy();
  });

  it('CONS-08 an account with nothing overdue keeps its status badge and shows no payment line nor schedule', async () => {
    await renderPage('support');
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('active')).toBeTruthy();
    expect(screen.queryByText('Payment')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Scheduled' })).toBeNull();
  });

  it('shows a paused plan as Paused with its resume date, and a scheduled pause with its dates (issue 64)', async () => {
    const held = {
      starts_at: '2027-02-04T15:00:00.000Z',
      resume_at: '2027-06-04T14:00:00.000Z',
      days: 120,
      days_left: 100,
      rollover_credits_held: 0,
      bonus_credits_held: 0,
      decline_message: null,
    };
    const row = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    const paused: AdminAccount['subscription'] = {
      ...ACCOUNT.subscription,
      status: 'paused',
      period_start: null,
      period_end: null,
      pause: { ...held, state: 'paused' },
    };
    const view = await renderPage('support', '', { ...ACCOUNT, subscription: paused });
    expect(view).toBeTruthy();
    expect([row('Status'), row('Resumes on')]).toEqual(['Paused', 'Jun 4, 2027']);
    cleanup();
    await renderPage('support', '', {
      ...ACCOUNT,
      subscription: { ...ACCOUNT.subscription, pause: { ...held, state: 'scheduled' } },
    });
    expect([row('Status'), row('Pauses on'), row('Resumes on')]).toEqual([
      'Active',
      'Feb 4, 2027',
      'Jun 4, 2027',
    ]);
  });

  it("CONS-02 marks an invoice whose charge the cardholder's bank disputed, and says when the dispute is lost", async () => {
    const [paid, open] = ACCOUNT.invoices;
    const dispute = { id: 'dp_1', amount: 300, reason: 'fraudulent', at: '2026-11-20T14:00:00.000Z' };
    await renderPage('support', 'invoices', {
      ...ACCOUNT,
      invoices: [{ ...paid!, dispute: { ...dispute, status: 'lost' } }, open!],
    });
    const items = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('ENQ-202611-AB12CD34PaidDispute lost');
    expect(items[0]!.textContent).toContain('Dispute lost · $300.00 · fraudulent · Nov 20, 2026');
    expect(items.at(-1)!.textContent).not.toContain('Disput');
  });

  it('CONS-02 shows an open dispute as Disputed', async () => {
    const [paid] = ACCOUNT.invoices;
    await renderPage('support', 'invoices', {
      ...ACCOUNT,
      invoices: [
        {
          ...paid!,
          dispute: {
            id: 'dp_2',
            amount: 300,
            reason: 'product_not_received',
            status: 'needs_response',
            at: '2026-11-20T14:00:00.000Z',
          },
        },
      ],
    });
    const list = screen.getByRole('list', { name: 'Invoices' });
    expect(list.textContent).toContain('ENQ-202611-AB12CD34PaidDisputed');
    expect(list.textContent).toContain('Disputed · $300.00 · product not received');
  });

  it('CONS-02 says the account is not found on a 404', async () => {
    api.routes[`GET ${ADMIN}/me`] = () => jsonResponse(meAs('support'));
    api.routes[`GET ${ADMIN}/accounts/nope`] = () =>
      jsonResponse({ message: ACCOUNTS_TEXT.notFound, code: 'NOT_FOUND' }, 404);
    renderAt(
      '/admin/accounts/nope',
      '/admin/accounts/:accountId',
      <AccountPage accountId="nope" actions={null} viewAs={null} />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(ACCOUNTS_TEXT.notFound);
  });

  it('CONS-03 adds a note: the body is sent with an Idempotency-Key, and the page reloads the notes', async () => {
    await renderPage('support', 'notes');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText(ACCOUNTS_TEXT.noteRequired)).toBeTruthy();
    expect(api.calls('POST', `${BASE}/notes`)).toHaveLength(0);
    api.routes[`POST ${BASE}/notes`] = () =>
      jsonResponse({
        message: ACCOUNTS_TEXT.noteAdded,
        audit_id: 7,
        replayed: false,
        note: ACCOUNT.notes[0],
      });
    fireEvent.change(screen.getByLabelText('Note'), {
      target: { value: ' Called back about the invoice. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(api.calls('GET', BASE)).toHaveLength(2));
    const [request] = sent('POST', `${BASE}/notes`);
    expect(request!.body).toEqual({ body: 'Called back about the invoice.' });
    expect(request!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
  });

  it('CONS-05 resends a receipt: the reason is required, and a retry in one dialog keeps its key', async () => {
    await renderPage('support', 'invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Resend the receipt for ENQ-202611-AB12CD34' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(STAFF_ERRORS.reasonRequired)).toBeTruthy();

    let answers = 0;
    api.routes[`POST ${BASE}/invoices/in_paid/resend`] = () =>
      ++answers === 1
        ? jsonResponse({ message: 'Something went wrong.', code: 'INTERNAL' }, 503)
        : jsonResponse({
            message: 'The receipt for ENQ-202611-AB12CD34 is queued.',
            audit_id: 9,
            replayed: false,
          });
    fireEvent.change(reason, { target: { value: 'Customer lost the email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('The receipt for ENQ-202611-AB12CD34 is queued.')).toBeTruthy();
    const requests = sent('POST', `${BASE}/invoices/in_paid/resend`);
    expect(requests.map((r) => r.body)).toEqual([
      { reason: 'Customer lost the email' },
      { reason: 'Customer lost the email' },
    ]);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('CONS-04 finance changes the tax status: exempt needs its reference, the field the server names shows its error', async () => {
    await renderPage('finance');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Exempt' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Certificate received' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tax status' }));
    expect(await within(dialog).findByText(ACCOUNTS_TEXT.exemptionRequired)).toBeTruthy();
    expect(api.calls('PUT', `${BASE}/tax-status`)).toHaveLength(0);

    api.routes[`PUT ${BASE}/tax-status`] = () =>
      jsonResponse(
        {
          message: 'exemption_reference: Keep the reference to 100 characters.',
          field: 'exemption_reference',
          code: 'VALIDATION_ERROR',
        },
        400,
      );
    fireEvent.change(within(dialog).getByLabelText('Exemption reference'), {
      target: { value: '12-3456789' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tax status' }));
    expect(await within(dialog).findByText('Keep the reference to 100 characters.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Exemption reference').getAttribute('aria-invalid')).toBe('true');
    expect(sent('PUT', `${BASE}/tax-status`)[0]!.body).toEqual({
      tax_status: 'exempt',
      exemption_reference: '12-3456789',
      reason: 'Certificate received',
    });
  });
});
