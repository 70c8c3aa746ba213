import { API_TOKEN_STORAGE_KEY, MESSAGES, type MeResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, jsonResponse, TestServices } from '../test/utils';
import { AuthGate } from './auth-gate';

const customer: MeResponse = {
  person_id: 'p1',
  account_id: 'a1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  is_staff: false,
  is_admin: true,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

function renderGate(authClient = fakeAuthClient()) {
  render(
    <TestServices authClient={authClient}>
      <AuthGate>
        <p>the portal</p>
      </AuthGate>
    </TestServices>,
  );
  return authClient;
}

describe('AuthGate', () => {
  it('AUTH-03 a visitor back from the provider sees a loading indicator until the API token comes, then the portal', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    let answerSession: (response: Response) => void = () => {};
    fetchMock.mockImplementation((url) =>
      String(url) === '/api/v1/auth/session'
        ? new Promise<Response>((resolve) => (answerSession = resolve))
        : Promise.resolve(jsonResponse(customer)),
    );
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockResolvedValue({
      id_token: 'id.jwt.sig',
      state: {},
    } as unknown as User);
    renderGate(authClient);
    // Signed in at the provider, the ID token in hand, the exchange not answered: the loader, nothing else.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/session', expect.anything()));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    answerSession(jsonResponse({ token: 'api-tok', expires_at: '2030-01-01T00:00:00Z', new_device: false }));
    expect(await screen.findByText('the portal')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('AUTH-01 AUTH-02 without a token it signs in, keeping the current path, and shows no portal', async () => {
    window.history.replaceState(null, '', '/call-history?page=2#top');
    const authClient = renderGate();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await waitFor(() => expect(authClient.signinRedirect).toHaveBeenCalledTimes(1));
    expect(authClient.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/call-history?page=2#top' },
    });
    expect(screen.queryByText('the portal')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('AUTH-04 a staff identity sees only the admin authentication page', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    window.history.replaceState(null, '', '/billing');
    fetchMock.mockResolvedValue(jsonResponse({ ...customer, is_staff: true }));
    renderGate();
    expect(await screen.findByRole('heading', { name: MESSAGES.adminAuthTitle })).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/auth/me');
  });

  it('AUTH-04 a customer gets the portal once me has loaded', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockResolvedValue(jsonResponse(customer));
    renderGate();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByText('the portal')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.adminAuthTitle)).toBeNull();
  });

  it('AUTH-07 the callback exchanges the ID token, stores apiToken and returns to the kept path', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/v1/auth/session'
        ? jsonResponse({ token: 'api-tok', expires_at: '2030-01-01T00:00:00Z' })
        : jsonResponse(customer),
    );
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockResolvedValue({
      id_token: 'id.jwt.sig',
      state: { returnTo: '/invoices?x=1' },
    } as unknown as User);
    renderGate(authClient);

    expect(await screen.findByText('the portal')).toBeTruthy();
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBe('api-tok');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/invoices?x=1');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/auth/session') ?? [];
    expect(init?.body).toBe(JSON.stringify({ id_token: 'id.jwt.sig' }));
  });

  it('AUTH-02 a return target that leaves the site falls back to /', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/v1/auth/session'
        ? jsonResponse({ token: 't', expires_at: 'x' })
        : jsonResponse(customer),
    );
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockResolvedValue({
      id_token: 'id',
      state: { returnTo: '//evil.example/steal' },
    } as unknown as User);
    renderGate(authClient);
    await screen.findByText('the portal');
    expect(window.location.pathname).toBe('/');
  });

  it('AUTH-14 a failed exchange is only logged; after two redirects in a minute sign-in waits for a click, with no message', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'bad token', code: 'UNAUTHORIZED' }, 401));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockResolvedValue({ id_token: 'id', state: {} } as unknown as User);
    // Two redirects were already made in the last minute: the guard must stop a third.
    window.sessionStorage.setItem('enq.signInAttempts', JSON.stringify([Date.now(), Date.now()]));
    renderGate(authClient);

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    expect(authClient.signinRedirect).not.toHaveBeenCalled();
    // No message: the visitor is offered to sign in again, with nothing said about the failure.
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(MESSAGES.genericError)).toBeNull();
    expect(document.body.textContent).toBe('enQenQ account portalSign in');

    fireEvent.click(signIn);
    await waitFor(() => expect(authClient.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } }));
  });

  it('AUTH-14 the first failure retries sign-in without showing any message', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockRejectedValue(new Error('No matching state found in storage'));
    renderGate(authClient);
    await waitFor(() => expect(authClient.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
