import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaveUsersRequest } from '@enq/contract';
import { jsonResponse } from '../../test/utils';
import { usersData } from './users-fixtures.test-helper';
import { button, ok, setup } from './users-page.test-helper';

describe('Users page: saving, and the PINs of new users', () => {
  it('USR-53 the save toast says what was saved, with a count, under the exact "Changes saved."', async () => {
    setup(usersData(3), {
      'PUT /users/': (body) => {
        const sent = body as SaveUsersRequest;
        return jsonResponse({
          ...usersData(3),
          request_status: { added: [], updated: ok(sent.updated!.map((u) => u.email)), removed: [] },
        });
      },
    });
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByLabelText('Full name of User 01'), { target: { value: 'Renamed One' } });
    fireEvent.change(screen.getByLabelText('Full name of User 02'), { target: { value: 'Renamed Two' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const title = await screen.findByText('Changes saved.');
    const toast = title.closest('.Toastify__toast')!;
    expect(toast.textContent).toBe('Changes saved.2 updated.');
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
    // The spec's text stays exact; the line under it says what the save did.
    expect(screen.getByText('1 added.')).toBeTruthy();
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
});
