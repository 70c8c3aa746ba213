import { EMAIL_CHANGE_TEXT, MESSAGES, PROFILE_TEXT, SIGN_OUT_TEXT, type Profile } from '@enq/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, jsonResponse, TestServices } from '../../test/utils';
import { ProfilePage } from './profile-page';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const BASE = '/api/v1/account/profile';
const PROFILE: Profile = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  company: 'Harbor & Pine Tax Advisors',
  email: 'dana.whitfield@harborpinetax.com',
  billing_cc_email: 'ap@harborpinetax.com',
  phone_number: '+12075550143',
};

let routes: Record<string, RouteHandler>;
let fetchMock: ReturnType<typeof stubFetchRoutes>;

beforeEach(() => {
  routes = {};
  fetchMock = stubFetchRoutes(routes);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderPage(profile: Profile = PROFILE, authClient = fakeAuthClient()) {
  routes[`GET ${BASE}/`] = () => jsonResponse(profile);
  routes[`GET ${BASE}/monthly-report/`] ??= () =>
    jsonResponse({ enabled: false, to: profile.billing_cc_email, can_change: true });
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/lines', element: <h1>Lines</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <TestServices authClient={authClient}>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return { router, authClient };
}
const ready = () => screen.findByRole('form', { name: 'Profile' });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}$`)) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('the profile page', () => {
  it('PROF-01 PROF-02 shows the six labelled fields, the phone for humans, and Reset password', async () => {
    renderPage();
    await ready();
    expect(field('First name').value).toBe('Dana');
    expect(field('Last name').value).toBe('Whitfield');
    expect(field('Company').value).toBe('Harbor & Pine Tax Advisors');
    expect(field('Email').value).toBe('dana.whitfield@harborpinetax.com');
    expect(field('Billing CC email').value).toBe('ap@harborpinetax.com');
    expect(field('Phone number').value).toBe('(207) 555-0143');
    expect(button(PROFILE_TEXT.resetPassword)).toBeTruthy();
    expect(document.title).toBe('Profile | enQ Account');
  });

  it('shows the generic error when the profile cannot load, and Retry loads it', async () => {
    let attempts = 0;
    const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
      initialEntries: ['/profile'],
    });
    routes[`GET ${BASE}/`] = () =>
      ++attempts === 1 ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400) : jsonResponse(PROFILE);
    render(
      <TestServices>
        <RouterProvider router={router} />
      </TestServices>,
    );
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    fireEvent.click(button('Retry'));
    await ready();
    expect(attempts).toBe(2);
  });

  it('PROF-03 PROF-04 Save and Cancel appear only when values differ; Cancel restores the loaded values', async () => {
    renderPage();
    await ready();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    type('Company', 'Harbor & Pine LLC');
    expect(button('Save')).toBeTruthy();
    // Typing the loaded value back hides them again.
    type('Company', 'Harbor & Pine Tax Advisors');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    type('First name', 'Danielle');
    type('Phone number', '207 555 0199');
    fireEvent.click(button('Cancel'));
    expect(field('First name').value).toBe('Dana');
    expect(field('Phone number').value).toBe('(207) 555-0143');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it.each([
    ['PROF-05', 'First name', '', PROFILE_TEXT.firstNameRequired],
    ['PROF-06', 'Last name', ' ', PROFILE_TEXT.lastNameRequired],
    ['PROF-07', 'Email', '', PROFILE_TEXT.emailRequired],
    ['PROF-08', 'Email', 'dana@harborpine', PROFILE_TEXT.invalidEmail],
    ['PROF-09', 'Billing CC email', 'ap@', PROFILE_TEXT.invalidBillingCcEmail],
    ['PROF-10', 'Phone number', '555-01', PROFILE_TEXT.invalidPhone],
  ])(
    '%s %s shows its message on Save, takes focus, and nothing is sent',
    async (_id, label, value, message) => {
      renderPage();
      await ready();
      type(label, value);
      fireEvent.click(button('Save'));
      const input = field(label);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(document.activeElement).toBe(input);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
      expect(puts()).toHaveLength(0);
    },
  );

  it('PROF-12 only the first failing field in form order speaks', async () => {
    renderPage();
    await ready();
    type('Phone number', 'nope');
    type('Billing CC email', 'nope');
    type('Last name', '');
    fireEvent.click(button('Save'));
    expect(await screen.findByText(PROFILE_TEXT.lastNameRequired)).toBeTruthy();
    expect(screen.queryByText(PROFILE_TEXT.invalidBillingCcEmail)).toBeNull();
    expect(screen.queryByText(PROFILE_TEXT.invalidPhone)).toBeNull();
    expect(document.activeElement).toBe(field('Last name'));
    // Fixing it lets the next one speak.
    type('Last name', 'Whitfield');
    fireEvent.click(button('Save'));
    expect(await screen.findByText(PROFILE_TEXT.invalidBillingCcEmail)).toBeTruthy();
    expect(document.activeElement).toBe(field('Billing CC email'));
    expect(puts()).toHaveLength(0);
  });

  it('PROF-11 PROF-13 a valid save sends the six fields, toasts success and shows the saved values', async () => {
    const success = vi.spyOn(toast, 'success');
    renderPage();
    await ready();
    const saved = { ...PROFILE, company: '', phone_number: '+12075550199' };
    routes[`PUT ${BASE}/`] = (init) => {
      expect(JSON.parse(String(init.body))).toEqual({
        ...PROFILE,
        company: '',
        phone_number: '207.555.0199',
      });
      return jsonResponse(saved);
    };
    type('Company', '');
    type('Phone number', '207.555.0199');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith(PROFILE_TEXT.updated));
    await waitFor(() => expect(field('Phone number').value).toBe('(207) 555-0199'));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('PROF-14 PROF-15 a server error naming a field focuses it and toasts the server message', async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    routes[`PUT ${BASE}/`] = () =>
      jsonResponse(
        { code: 'CONFLICT', message: 'Another user of your account already has this email.', field: 'email' },
        409,
      );
    type('Email', 'sam.ortiz@lakesidebooks.com');
    field('First name').focus();
    fireEvent.click(button('Save'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Another user of your account already has this email.'),
    );
    expect(document.activeElement).toBe(field('Email'));
    // Still unsaved: the edit stays for the person to fix.
    expect(field('Email').value).toBe('sam.ortiz@lakesidebooks.com');
  });

  it('a new email asks for the current password, sends it, and toasts what the server says happens next', async () => {
    const success = vi.spyOn(toast, 'success');
    renderPage();
    await ready();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    // Only the case: the same sign-in, no password asked.
    type('Email', 'Dana.Whitfield@HarborPineTax.com');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type('Email', 'dana@newfirm.com');
    const message = `We sent a link to dana@newfirm.com to confirm the change. Your sign-in email stays ${PROFILE.email} until then.`;
    routes[`PUT ${BASE}/`] = (init) => {
      expect(JSON.parse(String(init.body))).toEqual({
        ...PROFILE,
        email: 'dana@newfirm.com',
        current_password: 'enq-demo-2026',
        phone_number: '(207) 555-0143',
      });
      return jsonResponse({ ...PROFILE, message });
    };
    type('Current password', 'enq-demo-2026');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith(message));
    // The sign-in email stays the old one until the link is opened.
    await waitFor(() => expect(field('Email').value).toBe(PROFILE.email));
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  });

  it('a wrong current password focuses the password field and toasts the server message', async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    routes[`PUT ${BASE}/`] = () =>
      jsonResponse(
        { code: 'BAD_REQUEST', message: EMAIL_CHANGE_TEXT.currentPasswordWrong, field: 'current_password' },
        400,
      );
    type('Email', 'dana@newfirm.com');
    type('Current password', 'guess');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(EMAIL_CHANGE_TEXT.currentPasswordWrong));
    expect(document.activeElement).toBe(field('Current password'));
  });

  it("PROF-14 a failure with no server message shows 'Error updating profile.'", async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    routes[`PUT ${BASE}/`] = () => new Response('bad gateway', { status: 502 });
    type('Company', 'Elsewhere');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(PROFILE_TEXT.updateError));
  });

  it('SHELL the leave prompt guards unsaved edits', async () => {
    const { router } = renderPage();
    await ready();
    type('Last name', 'Pine');
    await act(() => router.navigate('/lines'));
    const prompt = await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Last name').value).toBe('Pine');
    fireEvent.click(button('Cancel'));
    await act(() => router.navigate('/lines'));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
  });

  it('PROF-16 PROF-17 PROF-18 Reset password asks first, toasts the server message and logs out 3 seconds later', async () => {
    const success = vi.spyOn(toast, 'success');
    const { authClient } = renderPage();
    await ready();
    routes['POST /api/v1/auth/logout'] = () => jsonResponse({ message: 'Signed out.' });
    routes[`POST ${BASE}/change-password/`] = () =>
      jsonResponse({ message: 'We emailed a password reset link to dana.whitfield@harborpinetax.com.' });

    fireEvent.click(button(PROFILE_TEXT.resetPassword));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password?' });
    expect(dialog.textContent).toContain('dana.whitfield@harborpinetax.com');
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button(PROFILE_TEXT.resetPassword));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reset your password?' })).getByRole('button', {
        name: 'Send reset link',
      }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'We emailed a password reset link to dana.whitfield@harborpinetax.com.',
      ),
    );
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(authClient.signoutRedirect).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(authClient.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/auth/logout')).toBe(true);
  });

  it('Sign out of all devices asks first, ends every sign-in, then leaves as Log Out does', async () => {
    const success = vi.spyOn(toast, 'success');
    const { authClient } = renderPage();
    await ready();
    routes['POST /api/v1/auth/logout'] = () => jsonResponse({ message: SIGN_OUT_TEXT.signedOut });
    routes['POST /api/v1/auth/logout-everywhere'] = () =>
      jsonResponse({ message: SIGN_OUT_TEXT.signedOutEverywhere });
    expect(screen.getByRole('region', { name: SIGN_OUT_TEXT.heading }).textContent).toContain(
      SIGN_OUT_TEXT.explain,
    );
    fireEvent.click(button(SIGN_OUT_TEXT.button));
    const dialog = await screen.findByRole('dialog', { name: SIGN_OUT_TEXT.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/logout-everywhere'))).toBe(false);

    fireEvent.click(button(SIGN_OUT_TEXT.button));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: SIGN_OUT_TEXT.confirmTitle })).getByRole('button', {
        name: SIGN_OUT_TEXT.button,
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(SIGN_OUT_TEXT.signedOutEverywhere));
    await waitFor(() => expect(authClient.signoutRedirect).toHaveBeenCalledTimes(1));
    const posted = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url]) => String(url));
    expect(posted).toEqual(['/api/v1/auth/logout-everywhere', '/api/v1/auth/logout']);
  });

  it('Sign out of all devices that fails says so and stays signed in', async () => {
    const error = vi.spyOn(toast, 'error');
    const { authClient } = renderPage();
    await ready();
    routes['POST /api/v1/auth/logout-everywhere'] = () =>
      jsonResponse({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' }, 500);
    fireEvent.click(button(SIGN_OUT_TEXT.button));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: SIGN_OUT_TEXT.confirmTitle })).getByRole('button', {
        name: SIGN_OUT_TEXT.button,
      }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith(SIGN_OUT_TEXT.error));
    expect(authClient.signoutRedirect).not.toHaveBeenCalled();
  });

  it("PROF-17 without a server message the toast is 'Password reset successfully.'", async () => {
    const success = vi.spyOn(toast, 'success');
    const { authClient } = renderPage();
    await ready();
    routes['POST /api/v1/auth/logout'] = () => jsonResponse({ message: 'Signed out.' });
    routes[`POST ${BASE}/change-password/`] = () => new Response(null, { status: 204 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button(PROFILE_TEXT.resetPassword));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send reset link' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(PROFILE_TEXT.resetDone));
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(authClient.signoutRedirect).toHaveBeenCalledTimes(1));
  });

  it("PROF-19 a failed reset shows 'Error resetting password. Please try again later.' and stays signed in", async () => {
    const error = vi.spyOn(toast, 'error');
    const { authClient } = renderPage();
    await ready();
    routes[`POST ${BASE}/change-password/`] = () =>
      jsonResponse({ code: 'RATE_LIMITED', message: 'Rate limit exceeded' }, 429);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button(PROFILE_TEXT.resetPassword));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send reset link' }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith(PROFILE_TEXT.resetError));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(authClient.signoutRedirect).not.toHaveBeenCalled();
    expect(button(PROFILE_TEXT.resetPassword).disabled).toBe(false);
  });
});
