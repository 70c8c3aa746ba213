import { ACTIVITY_TEXT, type ActivityPage } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../test/memory-router';
import { ToastContainer } from '../../../lib/toast-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../../test/utils';
import { usersData } from '../users-fixtures.test-helper';
import { UsersPage } from '../users-page';

const KINDS: ActivityPage['kinds'] = [
  { id: 'users', label: 'Users and PINs' },
  { id: 'billing', label: 'Billing address and card' },
];
const PRIYA = '6f1c2a9e-0000-4000-8000-000000000001';

function activityPage(overrides: Partial<ActivityPage> = {}): ActivityPage {
  return {
    entries: [
      {
        id: '2',
        at: '2026-11-26T15:04:05.000Z',
        when: '11/26/2026 10:04:05 AM',
        who: 'Dana Whitfield',
        what: 'Changed the addresses',
        about: '',
        kind: 'billing',
        changes: [{ field: 'Billing address: Town or city', before: 'Portland', after: 'Bangor' }],
      },
      {
        id: '1',
        at: '2026-11-26T14:00:00.000Z',
        when: '11/26/2026 09:00:00 AM',
        who: 'Dana Whitfield',
        what: "Changed a user's PIN",
        about: 'Priya Raman',
        kind: 'users',
        changes: [{ field: 'PIN', before: '••1234', after: '••5678' }],
      },
    ],
    total: 2,
    page: 1,
    page_size: 25,
    people: [
      { id: 'dana', name: 'Dana Whitfield' },
      { id: PRIYA, name: 'Priya Raman' },
    ],
    kinds: KINDS,
    ...overrides,
  };
}

/** /users?view=activity against a fetch stub; `admin` is what /auth/me says. Answers the requests made. */
function setup(
  answer: (search: string) => ActivityPage | Response,
  admin = true,
  initial = '/users?view=activity',
) {
  const requests: string[] = [];
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as never,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      requests.push(`${u.pathname}${u.search}`);
      if (u.pathname === '/api/v1/auth/me')
        return jsonResponse({
          person_id: 'dana',
          account_id: 'a',
          email: 'd@x',
          full_name: 'Dana',
          is_staff: false,
          is_admin: admin,
        });
      if (u.pathname === '/api/v1/account/users/') return jsonResponse(usersData());
      if (u.pathname === '/api/v1/account/activity/') {
        const out = answer(u.search);
        return out instanceof Response ? out : jsonResponse(out);
      }
      if (u.pathname === '/api/v1/account/activity/csv/')
        return new Response('When (EST),Who\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="account-activity.csv"',
          },
        });
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '/users', element: <UsersPage /> }], {
    initialEntries: [initial],
  });
  render(
    <TestServices>
      <RouterProvider router={router} />
      <ToastContainer />
    </TestServices>,
  );
  return { requests, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('Users > Activity', () => {
  it('ACT-01 ACT-02 lists each change with what, about whom, who, when (EST) and the changed fields before and after', async () => {
    setup(() => activityPage());
    const entries = await screen.findAllByTestId('activity-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('Changed the addresses');
    expect(within(entries[0]!).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(entries[0]!).getByText('11/26/2026 10:04:05 AM EST')).toBeTruthy();
    const row = within(entries[0]!).getByRole('row', { name: /Billing address: Town or city/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Portland', 'Bangor']);
    expect(entries[1]!.textContent).toContain("Changed a user's PIN · Priya Raman");
    expect(within(entries[1]!).getByText('••5678')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 · 2 changes')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
  });

  it('ACT-03 choosing a person and a kind asks the server for exactly those, from page 1', async () => {
    const { requests } = setup((search) =>
      search.includes('kind=billing')
        ? activityPage({ entries: activityPage().entries.slice(0, 1), total: 1 })
        : activityPage(),
    );
    await screen.findAllByTestId('activity-entry');
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.person), { target: { value: PRIYA } });
    await vi.waitFor(() => expect(requests).toContain(`/api/v1/account/activity/?person=${PRIYA}`));
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.kind), { target: { value: 'billing' } });
    await vi.waitFor(() =>
      expect(requests).toContain(`/api/v1/account/activity/?person=${PRIYA}&kind=billing`),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(1));
    expect(screen.getByText('Page 1 of 1 · 1 change')).toBeTruthy();
  });

  it('ACT-04 a long log pages: the next page is asked with page=2', async () => {
    const { requests } = setup(() => activityPage({ total: 60 }));
    await screen.findByText('Page 1 of 3 · 60 changes');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(requests).toContain('/api/v1/account/activity/?page=2'));
    expect(await screen.findByText('Page 2 of 3 · 60 changes')).toBeTruthy();
  });

  it('ACT-06 Download CSV asks for the filtered CSV and saves account-activity.csv', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { requests } = setup(() => activityPage());
    await screen.findAllByTestId('activity-entry');
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.kind), { target: { value: 'users' } });
    fireEvent.click(screen.getByRole('button', { name: ACTIVITY_TEXT.download }));
    await screen.findByText('File downloaded successfully');
    expect(requests).toContain('/api/v1/account/activity/csv/?kind=users');
    expect(saved).toEqual(['account-activity.csv']);
    click.mockRestore();
  });

  it('ACT-05 a user who is not the admin sees no Activity tab and the log is never asked', async () => {
    const { requests } = setup(() => activityPage(), false);
    await screen.findByTestId('admin-row');
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
    expect(requests.some((r) => r.startsWith('/api/v1/account/activity'))).toBe(false);
  });

  it('ACT-01 the Activity tab opens the view from the users list; an empty filter says so', async () => {
    setup(() => activityPage({ entries: [], total: 0 }), true, '/users');
    await screen.findByTestId('admin-row');
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText(ACTIVITY_TEXT.empty)).toBeTruthy();
    expect(screen.getByRole('heading', { name: ACTIVITY_TEXT.title })).toBeTruthy();
  });

  it('ACT-01 going to Activity and back keeps what was typed on the users list', async () => {
    setup(() => activityPage(), true, '/users');
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'priya' } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    await screen.findAllByTestId('activity-entry');
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('priya');
    expect(screen.queryByTestId('activity-entry')).toBeNull();
  });

  it('ACT-01 the tabs follow the WAI-ARIA pattern: arrow keys move and open, each tab controls its labelled panel', async () => {
    setup(() => activityPage(), true, '/users');
    await screen.findByTestId('admin-row');
    const users = screen.getByRole('tab', { name: 'Users' });
    const activity = screen.getByRole('tab', { name: 'Activity' });
    expect([users.tabIndex, activity.tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Users' });
    expect(users.getAttribute('aria-controls')).toBe(panel.id);
    users.focus();
    fireEvent.keyDown(users, { key: 'ArrowRight' });
    await screen.findAllByTestId('activity-entry');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByRole('tabpanel', { name: 'Activity' }).id).toBe(
      activity.getAttribute('aria-controls'),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(screen.queryByTestId('activity-entry')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
  });
});
