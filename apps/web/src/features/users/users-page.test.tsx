import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SaveUsersRequest } from '@enq/contract';
import { createQueryClient, QUERY_FRESH_MS } from '../../lib/query-client';
import { jsonResponse } from '../../test/utils';
import { usersKey } from './api/get-users';
import { usersData } from './users-fixtures.test-helper';
import { button, ok, setup, table, userRows } from './users-page.test-helper';

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
    await waitFor(() => expect(userRows()).toHaveLength(10));
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

  it('a CSV upload says how many users it added, and shows their PINs with the offer to email them', async () => {
    setup(usersData(24), { 'POST /users/': () => jsonResponse(usersData(27)) });
    await screen.findByTestId('admin-row');
    const file = new File(['Full Name,Email\nAnn,ann@firm.com\n'], 'team.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file of users'), { target: { files: [file] } });
    fireEvent.click(button('Upload users'));
    expect(await screen.findByText('3 users added from the file.')).toBeTruthy();
    // Their PINs are shown, with the offer to email them, as for users added by hand.
    const pins = await screen.findByRole('dialog', { name: "New users' PINs" });
    for (const pin of ['200024', '200025', '200026'])
      expect(within(pins).getByText(pin, { exact: false })).toBeTruthy();
    expect(within(pins).queryByText('200023', { exact: false })).toBeNull();
    expect(within(pins).getByRole('button', { name: 'Send PIN email' })).toBeTruthy();
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

  it('opened from the address bar, starts from the list the boot asked moments before and asks for it no more', async () => {
    const client = createQueryClient();
    const booted = usersData(24, { admin_user: { ...usersData().admin_user, full_name: 'Dana Booted' } });
    client.setQueryData(usersKey, booted);
    const calls = setup(usersData(), {}, false, client);
    const admin = await screen.findByTestId('admin-row');
    expect(within(admin).getByText('Dana Booted')).toBeTruthy();
    await waitFor(() => expect(userRows()).toHaveLength(10));
    expect(calls.filter((call) => call.path === '/users/')).toEqual([]);
  });

  it("draws a first screen of four rows, keeping the space of the page's other six, and those six in the task after", async () => {
    const client = createQueryClient();
    client.setQueryData(usersKey, usersData(24));
    setup(usersData(24), {}, false, client);
    const names = () =>
      userRows().map((row) => (within(row).getByLabelText(/^Full name of/) as HTMLInputElement).value);
    expect(names()).toEqual(['User 01', 'User 02', 'User 03', 'User 04']);
    // Six table rows of 49 px: what comes below the table is already where it will stay.
    const kept = table().querySelector<HTMLElement>('tbody > tr[aria-hidden="true"] > td');
    expect(kept?.style.height).toBe('294px');
    await waitFor(() => expect(userRows()).toHaveLength(10));
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `User ${String(i + 1).padStart(2, '0')}`));
    expect(table().querySelector('tbody > tr[aria-hidden="true"]')).toBeNull();
  });

  it('asks again for a list cached longer ago than that, and starts from the new answer, never the old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = createQueryClient();
      client.setQueryData(
        usersKey,
        usersData(3, { admin_user: { ...usersData().admin_user, full_name: 'Old Copy' } }),
      );
      vi.setSystemTime(Date.now() + QUERY_FRESH_MS);
      const calls = setup(usersData(), {}, false, client);
      const admin = await screen.findByTestId('admin-row');
      expect(within(admin).getByText('Dana Whitfield')).toBeTruthy();
      expect(screen.queryByText('Old Copy')).toBeNull();
      expect(calls.filter((call) => call.path === '/users/')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
