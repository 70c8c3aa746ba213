import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SaveUsersRequest, UsersData } from '@enq/contract';
import { jsonResponse, TestServices } from '../../test/utils';
import { UsersPage } from './users-page';
import { usersData } from './users-fixtures.test-helper';

type Handler = (body: unknown) => Response | Promise<Response>;

function setup(data: UsersData = usersData(), routes: Record<string, Handler> = {}, wide = false) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as never,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname.replace('/api/v1/account', '');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      if (handler) return handler(body);
      if (method === 'GET' && path === '/users/') return jsonResponse(data);
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '/users', element: <UsersPage /> }], {
    initialEntries: ['/users'],
  });
  render(
    <TestServices>
      <RouterProvider router={router} />
      <ToastContainer />
    </TestServices>,
  );
  return calls;
}

const table = () => screen.getByRole('table');
const userRows = () => screen.getAllByTestId('user-row');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const ok = (emails: string[]) => emails.map((email) => ({ email, status: 'success' }));

describe('Users page', () => {
  it('USR-01 USR-04 USR-05 USR-06 USR-07 USR-08 USR-09 USR-10 USR-11 USR-12 USR-14 USR-15 USR-16 USR-17 USR-18 the page as loaded', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await screen.findByTestId('admin-row');
    expect(button('Add')).toBeTruthy();
    expect(screen.getByLabelText('Search')).toBeTruthy();
    const perPage = screen.getByLabelText('Per page') as HTMLSelectElement;
    expect([...perPage.options].map((o) => o.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
      'Show All (24)',
    ]);
    // The select box's words show only on phones, where the other column names are not shown.
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Select all users on this page',
      'PIN',
      'Full name',
      'Email',
      'Hold music',
      'Actions',
      'Delete',
    ]);
    const admin = screen.getByTestId('admin-row');
    expect(within(admin).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(within(admin).queryByRole('textbox')).toBeNull();
    expect(within(admin).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(admin).getByLabelText('Hold music for Dana Whitfield')).toBeTruthy();
    expect(within(admin).getByRole('button', { name: 'Change PIN for Dana Whitfield' })).toBeTruthy();
    expect(within(admin).getByText('••0000')).toBeTruthy();
    expect(userRows()).toHaveLength(10);
    const first = userRows()[0]!;
    expect(within(first).getByText('••0000')).toBeTruthy();
    expect((within(first).getByLabelText('Full name of User 01') as HTMLInputElement).value).toBe('User 01');
    expect(within(first).getByRole('button', { name: 'Delete user' }).getAttribute('title')).toBe(
      'Delete user',
    );
    expect(within(first).getByRole('button', { name: 'Edit User 01' })).toBeTruthy();
    expect(screen.getByTestId('page-label').textContent).toBe('1–10 of 24');
    expect(button('Previous page').textContent).toBe('<');
    expect(button('Next page').textContent).toBe('>');
    expect(screen.getByText('Select users to perform bulk operations:')).toBeTruthy();
    expect(screen.getByText('Selected users: 0')).toBeTruthy();
    fireEvent.change(perPage, { target: { value: '25' } });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('USR-19 USR-20 USR-21 USR-22 USR-31 selection, Select All {total}, Clear Selection and bulk hold music', async () => {
    setup();
    await screen.findByTestId('admin-row');
    fireEvent.click(within(userRows()[0]!).getByRole('checkbox'));
    expect(screen.getByText('Selected users: 1')).toBeTruthy();
    fireEvent.click(button('Select All 24'));
    expect(screen.getByText('Selected users: 24')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hold music for the selected users'), {
      target: { value: 'quiet-ledger' },
    });
    expect(screen.getByText('Click "Save Changes" to apply all updates made on this page.')).toBeTruthy();
    fireEvent.click(button('Clear Selection'));
    expect(screen.getByText('Selected users: 0')).toBeTruthy();
    for (const name of ['Remove', 'Change PIN', 'Send PIN email'])
      expect(button(name)).toHaveProperty('disabled', true);
  });

  it('USR-35 USR-36 USR-37 USR-38 USR-39 USR-40 USR-13 narrow screens add through the modal', async () => {
    setup();
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add new user' });
    expect((within(dialog).getByLabelText('Hold music') as HTMLSelectElement).value).toBe('harbor-lights');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'user2@FIRM.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Full name required.')).toBeTruthy();
    expect(within(dialog).getByText('Email already exists.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'bad' } });
    expect(await within(dialog).findByText('Enter a valid email.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ann@firm.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('New user Ann Lee added to unsaved changes.')).toBeTruthy();
    const row = screen.getByTestId('new-row');
    expect(within(row).getByText('New User')).toBeTruthy();
  });

  it('the Add user modal refuses a one-letter name on the name field, before Save could (issue 15)', async () => {
    const calls = setup();
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add new user' });
    const name = within(dialog).getByLabelText('Full name');
    fireEvent.change(name, { target: { value: 'A' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'a@firm.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const message = await within(dialog).findByText('Full name must be at least 2 characters.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByTestId('new-row')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('USR-32 USR-33 USR-34 wide screens add inline: focus, everything else disabled', async () => {
    setup(usersData(3), {}, true);
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Add'));
    const row = screen.getByTestId('new-row');
    const name = within(row).getByLabelText('Full name of the new user');
    expect(document.activeElement).toBe(name);
    expect(button('Add')).toHaveProperty('disabled', true);
    expect(within(userRows()[0]!).getByLabelText('Full name of User 01')).toHaveProperty('disabled', true);
    expect(within(userRows()[0]!).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(button('Change PIN for User 01')).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Hold music for new user') as HTMLSelectElement).value).toBe(
      'quiet-ledger',
    );
  });

  it('a row that stops matching the search takes the focus with it, never onto another user', async () => {
    setup(usersData(3));
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'User 0' } });
    const field = within(userRows()[0]!).getByLabelText('Full name of User 01') as HTMLInputElement;
    field.focus();
    fireEvent.change(field, { target: { value: 'Renamed' } });
    // The table reuses that row's elements for the next user, without the focus.
    expect(userRows()).toHaveLength(2);
    expect(within(userRows()[0]!).getByLabelText('Full name of User 02')).toBe(field);
    expect(field.value).toBe('User 02');
    expect(document.activeElement).not.toBe(field);
  });

  it('an email cut off by its column shows whole on hover, and follows the edit', async () => {
    setup(usersData(3));
    await screen.findByTestId('admin-row');
    const email = screen.getByLabelText('Email of User 01');
    expect(email.getAttribute('title')).toBe((email as HTMLInputElement).value);
    fireEvent.change(email, { target: { value: 'a.rather.long.address@harborpinetax.com' } });
    expect(email.getAttribute('title')).toBe('a.rather.long.address@harborpinetax.com');
  });

  it('USR-44 USR-45 USR-46 removing a saved user asks, then sends the removal at once', async () => {
    const calls = setup(usersData(3), {
      'PUT /users/': (body) => {
        const removed = (body as SaveUsersRequest).removed!;
        const data = usersData(3);
        data.users = data.users.filter((u) => !removed.some((r) => r.pin_number === u.pin_number));
        return jsonResponse({
          ...data,
          request_status: { added: [], updated: [], removed: ok(removed.map((r) => r.email!)) },
        });
      },
    });
    await screen.findByTestId('admin-row');
    fireEvent.click(within(userRows()[1]!).getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Users' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { removed: [{ email: 'user2@firm.com' }] } });
    expect(userRows().map((r) => (within(r).getAllByRole('textbox')[0] as HTMLInputElement).value)).toEqual([
      'User 01',
      'User 03',
    ]);
    // Bulk: two at once.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    fireEvent.click(button('Remove'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete Users' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Users deleted.')).toBeTruthy();
  });

  it('USR-47 USR-49 USR-50 USR-51 USR-52 USR-53 a partial save failure opens Changes Not Saved', async () => {
    let release!: () => void;
    setup(usersData(3), {
      'PUT /users/': async (body) => {
        await new Promise<void>((r) => (release = r));
        const sent = body as SaveUsersRequest;
        return jsonResponse({
          ...usersData(3),
          request_status: {
            added: [{ email: 'ann@firm.com', status: 'This email already exists.' }],
            updated: [{ email: sent.updated![0]!.email, status: 'Enter a valid email.' }],
            removed: [{ email: 'gone@firm.com', status: 'This user was not found on your account.' }],
          },
        });
      },
    });
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByLabelText('Full name of User 01'), { target: { value: 'Renamed One' } });
    fireEvent.click(button('Add'));
    const add = await screen.findByRole('dialog', { name: 'Add new user' });
    fireEvent.change(within(add).getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(add).getByLabelText('Email'), { target: { value: 'ann@firm.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm User List Changes' });
    expect(within(confirm).getByRole('region', { name: 'Users to be added (1)' }).textContent).toContain(
      'ann@firm.com',
    );
    expect(within(confirm).getByRole('region', { name: 'Users to be modified (1)' }).textContent).toContain(
      'Renamed One',
    );
    expect(within(confirm).getAllByTestId('dialog-list')[0]!.style.maxHeight).toBe('350px');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Full name of Renamed One')).toHaveProperty('disabled', true),
    );
    release();
    const failed = await screen.findByRole('dialog', { name: 'Changes Not Saved' });
    expect(within(failed).getByRole('region', { name: 'Unsuccessful Additions' }).textContent).toContain(
      'ann@firm.com: This email already exists.',
    );
    expect(within(failed).getByRole('region', { name: 'Failed Modifications' })).toBeTruthy();
    expect(within(failed).getByRole('region', { name: 'Failed Deletions' })).toBeTruthy();
    expect(
      within(failed).getByText('Please review these issues and take the necessary actions to resolve them.'),
    ).toBeTruthy();
    expect(await screen.findByText('Changes are not saved.')).toBeTruthy();
  });

  it('USR-40 USR-54 USR-78 a user added in the dialog and saved: their new PIN is shown and emailed on request', async () => {
    const saved = usersData(3);
    saved.users.push({ full_name: 'Ann Lee', email: 'ann@firm.com', pin_number: '482913', hold_music: 'x' });
    const calls = setup(usersData(3), {
      'PUT /users/': () =>
        jsonResponse({ ...saved, request_status: { added: ok(['ann@firm.com']), updated: [], removed: [] } }),
      'POST /users/send-pin-email/': () => jsonResponse({ message: '' }),
    });
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Add'));
    const add = await screen.findByRole('dialog', { name: 'Add new user' });
    fireEvent.change(within(add).getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(add).getByLabelText('Email'), { target: { value: 'ann@firm.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await screen.findByText('New user Ann Lee added to unsaved changes.');
    fireEvent.click(button('Save Changes'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    const offer = await screen.findByRole('dialog', { name: "New user's PIN" });
    // The PIN the server issued, in full: not the page's temporary one, not masked.
    expect(
      within(within(offer).getByRole('region', { name: 'New user' })).getByRole('listitem').textContent,
    ).toBe('Ann Lee (ann@firm.com)PIN 482913');
    fireEvent.click(within(offer).getByRole('button', { name: 'Send PIN email' }));
    expect(await screen.findByText('PIN email sent.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/users/send-pin-email/',
      body: { emails: ['ann@firm.com'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('USR-32 USR-50 a row added inline is offered after the save too, once Changes Not Saved is closed', async () => {
    const saved = usersData(3);
    saved.users.push({ full_name: 'Bo Ng', email: 'bo@firm.com', pin_number: '555123', hold_music: 'x' });
    const calls = setup(
      usersData(3),
      {
        'PUT /users/': () =>
          jsonResponse({
            ...saved,
            request_status: {
              added: ok(['bo@firm.com']),
              updated: [{ email: 'one@firm.com', status: 'This email already exists.' }],
              removed: [],
            },
          }),
      },
      true,
    );
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByLabelText('Email of User 01'), { target: { value: 'one@firm.com' } });
    fireEvent.click(button('Add'));
    fireEvent.change(screen.getByLabelText('Full name of the new user'), { target: { value: 'Bo Ng' } });
    fireEvent.change(screen.getByLabelText('Email of the new user'), { target: { value: 'bo@firm.com' } });
    fireEvent.click(button('Save Changes'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const failed = await screen.findByRole('dialog', { name: 'Changes Not Saved' });
    fireEvent.click(within(failed).getByRole('button', { name: 'Close' }));
    const offer = await screen.findByRole('dialog', { name: "New user's PIN" });
    expect(within(offer).getByText('555123')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/users/send-pin-email/')).toBe(false);
  });

  it("USR-23 USR-24 USR-25 USR-54 the save bar: nothing before a change, the error line, the hint, and a save that shows the server's answer", async () => {
    // The server keeps emails as it stores them: the page shows its answer, not what was typed.
    const answer = usersData(3);
    answer.users[0]!.email = 'one@firm.com';
    const calls = setup(
      usersData(3),
      {
        'PUT /users/': () =>
          jsonResponse({
            ...answer,
            request_status: { added: [], updated: ok(['one@firm.com']), removed: [] },
          }),
      },
      true,
    );
    await screen.findByTestId('admin-row');
    const hint = 'Click "Save Changes" to apply all updates made on this page.';
    const errorLine = () => screen.queryByRole('alert', { name: 'Problems to fix before saving' });
    const pending = () => screen.queryByRole('button', { name: 'Save Changes' });
    expect(pending()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByText(hint)).toBeNull();

    // A new row with a malformed email: the save bar's error line says so, in the spec's words.
    fireEvent.click(button('Add'));
    fireEvent.change(screen.getByLabelText('Full name of the new user'), { target: { value: 'Bo Ng' } });
    fireEvent.change(screen.getByLabelText('Email of the new user'), { target: { value: 'bo@' } });
    expect(
      within(errorLine()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Invalid email format: bo@', 'Please complete all required fields']);
    expect(screen.queryByText(hint)).toBeNull();
    expect(pending()).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByTestId('new-row')).getByRole('button', { name: 'Delete user' }));
    expect(errorLine()).toBeNull();
    expect(pending()).toBeNull();

    // A valid change: the hint, with Save Changes and Cancel.
    fireEvent.change(screen.getByLabelText('Email of User 01'), { target: { value: 'One@Firm.com' } });
    expect(screen.getByText(hint)).toBeTruthy();
    expect(button('Cancel')).toHaveProperty('disabled', false);
    fireEvent.click(button('Save Changes'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { updated: [{ email: 'One@Firm.com' }] } });
    expect((screen.getByLabelText('Email of User 01') as HTMLInputElement).value).toBe('one@firm.com');
    expect(pending()).toBeNull();
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('USR-74 USR-75 Edit user info: Save and Cancel; the admin name and email are locked', async () => {
    setup(usersData(2));
    await screen.findByTestId('admin-row');
    fireEvent.click(within(screen.getByTestId('admin-row')).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    expect(within(dialog).getByLabelText('Full name')).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(button('Edit User 02'));
    dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Full name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Second Person' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Full name of Second Person')).toBeTruthy();
  });

  it("USR-74 USR-76 USR-78 Edit user info adds what the row lacks: a track's preview, and that user's PIN to email or change", async () => {
    const calls = setup(usersData(3), { 'POST /users/send-pin-email/': () => jsonResponse({ message: '' }) });
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Edit User 02'));
    let dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    expect(within(dialog).getByRole('button', { name: 'Play Harbor Lights' })).toBeTruthy();
    let pin = within(dialog).getByRole('region', { name: 'PIN' });
    expect(within(pin).getByText('••0001')).toBeTruthy();
    // Typed edits would be lost by going on to another dialog: the PIN actions wait for Save or Cancel.
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Changed' } });
    expect(await within(pin).findByText(/Save or cancel your edits first/)).toBeTruthy();
    expect(within(pin).getByRole('button', { name: 'Send PIN email' })).toHaveProperty('disabled', true);
    expect(within(pin).getByRole('button', { name: 'Change PIN' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(button('Edit User 02'));
    dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    pin = within(dialog).getByRole('region', { name: 'PIN' });
    fireEvent.click(within(pin).getByRole('button', { name: 'Send PIN email' }));
    const send = await screen.findByRole('dialog', { name: 'Send PIN Email' });
    expect(within(send).getByRole('listitem').textContent).toBe('User 02 (user2@firm.com)');
    fireEvent.click(within(send).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('PIN email sent.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: '/users/send-pin-email/',
      body: { emails: ['user2@firm.com'] },
    });

    // The admin's PIN can be changed there too; the PIN email is for the account's users.
    fireEvent.click(within(screen.getByTestId('admin-row')).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    pin = within(dialog).getByRole('region', { name: 'PIN' });
    expect(within(pin).queryByRole('button', { name: 'Send PIN email' })).toBeNull();
    fireEvent.click(within(pin).getByRole('button', { name: 'Change PIN' }));
    expect((await screen.findByRole('dialog', { name: 'Change PIN' })).textContent).toContain(
      'Give Dana Whitfield (admin) a new PIN?',
    );
  });

  it('USR-74 USR-13 a user not saved yet has no PIN to send or change in Edit user info', async () => {
    setup(usersData(3));
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Add'));
    const add = await screen.findByRole('dialog', { name: 'Add new user' });
    fireEvent.change(within(add).getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(add).getByLabelText('Email'), { target: { value: 'ann@firm.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(screen.getByTestId('new-row')).getByRole('button', { name: 'Edit Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user info' });
    expect(within(dialog).queryByRole('region', { name: 'PIN' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('USR-76 USR-77 USR-78 USR-79 Change PIN and Send PIN Email modals, their toasts and the generic failure', async () => {
    const calls = setup(usersData(3), {
      'PUT /users/change-pin/': (body) =>
        jsonResponse({
          users: usersData(3).users.map((u) =>
            (body as { pin_numbers: string[] }).pin_numbers.includes(u.pin_number)
              ? { ...u, pin_number: '777777' }
              : u,
          ),
        }),
      'PUT /users/change-admin-pin/': () => jsonResponse({ message: 'Boom', code: 'INTERNAL' }, 500),
      'POST /users/send-pin-email/': () => jsonResponse({ message: '' }),
    });
    await screen.findByTestId('admin-row');
    fireEvent.click(button('Change PIN for User 01'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change PIN' })).getByRole('button', {
        name: 'Change PIN',
      }),
    );
    expect(await screen.findByText('PIN changed.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ body: { pin_numbers: ['200000'] } });
    expect(within(userRows()[0]!).getByText('••7777')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    fireEvent.click(button('Change PIN'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change PIN' })).getByRole('button', {
        name: 'Change PIN',
      }),
    );
    expect(await screen.findByText('PINs changed.')).toBeTruthy();

    fireEvent.click(button('Send PIN email'));
    const send = await screen.findByRole('dialog', { name: 'Send PIN Email' });
    fireEvent.click(within(send).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('PIN email sent.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: '/users/send-pin-email/',
      body: { emails: ['user1@firm.com', 'user2@firm.com', 'user3@firm.com'] },
    });

    fireEvent.click(button('Change PIN for Dana Whitfield'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change PIN' })).getByRole('button', {
        name: 'Change PIN',
      }),
    );
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('Change PIN for Dana Whitfield')).toHaveProperty('disabled', false);
  });

  it('USR-03 USR-60 an inactive subscription shows the warning and locks editing, Add, PIN change and email', async () => {
    setup(usersData(3, { is_subscription_active: false }));
    await screen.findByTestId('admin-row');
    expect(screen.getByRole('alert').textContent).toContain('Your subscription is inactive.');
    expect(button('Add')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Full name of User 01')).toHaveProperty('disabled', true);
    expect(button('Change PIN for User 01')).toHaveProperty('disabled', true);
    expect(button('Change PIN for Dana Whitfield')).toHaveProperty('disabled', true);
    expect(button('Send PIN email')).toHaveProperty('disabled', true);
  });

  it('USR-26 USR-13 a multi-user plan offers Add and the CSV section however many users it has; a single-user plan neither', async () => {
    // The same queries find both on a multi-user plan, so their absence below is the plan's doing.
    const add = () => screen.queryByRole('button', { name: 'Add' });
    const csv = () => screen.queryByRole('region', { name: 'Add users from a CSV file' });
    setup(usersData(150));
    await screen.findByTestId('admin-row');
    expect(add()).toHaveProperty('disabled', false);
    expect(csv()).not.toBeNull();
    // No upper limit: a 151st user is added like the first.
    fireEvent.click(add()!);
    const dialog = await screen.findByRole('dialog', { name: 'Add new user' });
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ann@firm.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(await screen.findByTestId('new-row')).getByText('New User')).toBeTruthy();
    cleanup();

    setup(usersData(0, { is_multi_user: false }));
    await screen.findByTestId('admin-row');
    expect(add()).toBeNull();
    // Nobody to add on such a plan: no file of users either.
    expect(csv()).toBeNull();
    expect(screen.getByText(/does not include sub-account users/)).toBeTruthy();
    // The empty list speaks of the plan, not of a search nobody typed.
    expect(screen.queryByText('No users match your search.')).toBeNull();
    expect(screen.getByText(/Your plan has no sub-account users/)).toBeTruthy();
  });

  it('SHELL-24 downloading the CSV template saves add-users-enq.csv and says so once', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    setup(usersData(), {
      'GET /users/get-csv-template/': () =>
        new Response('Full Name,Email,Hold Music\n', { headers: { 'content-type': 'text/csv' } }),
    });
    await screen.findByTestId('admin-row');
    fireEvent.click(button(/^Download template/));
    await screen.findByText('File downloaded successfully');
    expect(saved).toEqual(['add-users-enq.csv']);
    // A second toast would show by now: both were raised in the same tick.
    await new Promise((r) => requestAnimationFrame(r));
    expect(screen.getAllByText('File downloaded successfully')).toHaveLength(1);
    click.mockRestore();
  });

  it('a CSV upload says how many users it added', async () => {
    setup(usersData(24), { 'POST /users/': () => jsonResponse(usersData(27)) });
    await screen.findByTestId('admin-row');
    const file = new File(['Full Name,Email\nAnn,ann@firm.com\n'], 'team.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file of users'), { target: { files: [file] } });
    fireEvent.click(button('Upload users'));
    expect(await screen.findByText('3 users added from the file.')).toBeTruthy();
  });

  it('USR-02 USR-27 the hold-music picker lists the tracks with the default first chosen; the CSV section is there', async () => {
    setup();
    await screen.findByTestId('admin-row');
    const picker = screen.getByLabelText('Hold music') as HTMLSelectElement;
    expect(picker.value).toBe('harbor-lights');
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'Harbor Lights (default)',
      'Quiet Ledger',
    ]);
    expect(button('Play Harbor Lights')).toBeTruthy();
    const csv = screen.getByRole('region', { name: 'Add users from a CSV file' });
    // The names a file's hold_music column takes.
    expect(within(csv).getByText('Hold-music tracks: Harbor Lights, Quiet Ledger.')).toBeTruthy();
  });
});
