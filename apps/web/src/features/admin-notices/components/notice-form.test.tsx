import { NOTICE_ERRORS, type AccountSearchResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../../test/utils';
import { NoticeForm } from './notice-form';

const HARBOR = {
  account_id: '0b5c1f9e-3a8d-4c2e-9f7a-1d2e3f4a5b6c',
  name: 'Harbor Tax Group',
  status: 'active',
  plan_name: 'Team',
  admin_name: 'Dana Whitfield',
  admin_email: 'dana@harbortax.example',
  paused: false,
  matched: 'Account name',
};

function setup() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'GET' && url.includes('/api/v1/admin/accounts?q=')) {
        const q = new URL(url, 'http://x').searchParams.get('q')!;
        const answer: AccountSearchResponse = {
          results: 'harbor tax'.startsWith(q.toLowerCase()) ? [HARBOR] : [],
        };
        return jsonResponse(answer);
      }
      if (method === 'POST' && url.endsWith('/api/v1/admin/notices'))
        return calls.at(-1)!.body && (calls.at(-1)!.body as { account_id: string }).account_id === ''
          ? jsonResponse(
              {
                message: `account_id: ${NOTICE_ERRORS.accountRequired}`,
                field: 'account_id',
                code: 'VALIDATION_ERROR',
              },
              400,
            )
          : jsonResponse({ message: 'Notice published.', audit_id: 3, replayed: false, id: 'n1' });
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  render(
    <TestServices>
      <NoticeForm plans={[{ id: 'team_mo', name: 'Team monthly' }]} onDone={() => {}} />
    </TestServices>,
  );
  return calls;
}

describe('the notice form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("NOTICE-06 one account's notice finds the account with the console's search and sends the chosen account's id", async () => {
    const calls = setup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Your upgrade is ready' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'See the new lines.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'One account' }));
    const search = screen.getByLabelText('Account');
    fireEvent.change(search, { target: { value: 'zz' } });
    expect(await screen.findByText('No accounts match')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Harb' } });
    const list = await screen.findByRole('list', { name: 'Matching accounts' });
    fireEvent.click(within(list).getByRole('button', { name: /^Harbor Tax Group/ }));
    const chosen = screen.getByRole('group', { name: 'Account' });
    expect(chosen.textContent).toContain('Team plan · dana@harbortax.example');
    expect(screen.queryByRole('searchbox', { name: 'Account' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Asked for by support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      audience: 'account',
      account_id: HARBOR.account_id,
      plan_id: '',
    });
    expect(calls.filter((c) => c.url.includes('accounts?q=')).map((c) => c.url)).toEqual([
      '/api/v1/admin/accounts?q=zz',
      '/api/v1/admin/accounts?q=Harb',
    ]);
  });

  it('NOTICE-06 without a chosen account the server refusal shows at the Account search', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'One account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    expect(await screen.findByText(NOTICE_ERRORS.accountRequired)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Account' }).getAttribute('aria-invalid')).toBe('true');
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { account_id: string }).account_id),
    ).toEqual(['']);
  });

  it('CONS-06 a scheduled publish time is typed in New York time, whatever the reader zone, and leaves as its instant', async () => {
    const calls = setup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Calls pause for ten minutes.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Publish at (New York time)'), {
      target: { value: '2027-01-20T09:00' },
    });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Planned maintenance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule notice' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    // 9:00 AM in New York in January is 14:00 UTC.
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      publish_at: '2027-01-20T14:00:00.000Z',
    });
  });
});
