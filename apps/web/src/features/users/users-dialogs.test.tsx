import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/utils';
import { usersData } from './users-fixtures.test-helper';
import { button, setup, userRows } from './users-page.test-helper';

describe('Users page: Edit user info, Change PIN and Send PIN Email', () => {
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
});
