import { API_TOKEN_STORAGE_KEY, MESSAGES, type MeResponse } from '@enq/contract';
import { render, screen, waitFor } from '@testing-library/react';
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
let newDevice: boolean;
let newDeviceAnswer: () => Response;
let me: MeResponse;

beforeEach(() => {
  newDevice = false;
  newDeviceAnswer = () => jsonResponse({ notified: true });
  me = customer;
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    const path = String(url);
    if (path === '/api/v1/auth/session')
      return jsonResponse({ token: 'api-tok', expires_at: '2030-01-01T00:00:00Z', new_device: newDevice });
    if (path === '/api/v1/account/new-device') return newDeviceAnswer();
    if (path === '/api/v1/auth/me') return jsonResponse(me);
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
});

async function signIn(user: Record<string, unknown> = { id_token: 'id' }) {
  const authClient = fakeAuthClient();
  authClient.signinRedirectCallback.mockResolvedValue({ state: {}, ...user } as unknown as User);
  render(
    <TestServices authClient={authClient}>
      <AuthGate>
        <p>the portal</p>
      </AuthGate>
    </TestServices>,
  );
  expect(await screen.findByText('the portal')).toBeTruthy();
}
const newDeviceCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/account/new-device');

describe('sign-in callback', () => {
  it('AUTH-13 API-02 a sign-in the server calls new makes one POST /new-device, with no payload and the new token', async () => {
    newDevice = true;
    await signIn();
    expect(newDeviceCalls()).toHaveLength(1);
    const [, init] = newDeviceCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer api-tok');
  });

  // An external provider's risk assessment (Auth0's riskAssessment, in an ID token claim) is read by
  // the server from the token it verified; the page hands the token over as it came and follows the
  // exchange's answer.
  const lowConfidenceProfile = {
    sub: 'p1',
    risk_assessment: {
      confidence: 'low',
      assessments: { ImpossibleTravel: { confidence: 'low' }, NewDevice: { confidence: 'low' } },
    },
  };
  const externalIdToken = 'eyJhbGciOiJSUzI1NiJ9.eyJyaXNrX2Fzc2Vzc21lbnQiOnt9fQ.c2ln';

  it("AUTH-13 an external provider's low-confidence sign-in: its ID token goes to the exchange untouched, and the call follows", async () => {
    newDevice = true; // what the server answers for low confidence in impossible travel or new device
    await signIn({ id_token: externalIdToken, profile: lowConfidenceProfile });
    const [, exchange] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/auth/session')!;
    expect(JSON.parse(String(exchange?.body))).toEqual({ id_token: externalIdToken });
    expect(newDeviceCalls()).toHaveLength(1);
  });

  it('AUTH-13 claims the server did not vouch for never make the call on their own', async () => {
    await signIn({ id_token: externalIdToken, profile: lowConfidenceProfile });
    expect(newDeviceCalls()).toHaveLength(0);
  });

  it('AUTH-13 a sign-in from a known device makes no extra call', async () => {
    await signIn();
    expect(newDeviceCalls()).toHaveLength(0);
  });

  it('AUTH-13 a failed new-device call is only logged: the person still gets the portal, signed in', async () => {
    newDevice = true;
    newDeviceAnswer = () => new Response('down', { status: 503 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await signIn();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBe('api-tok');
  });

  it('a staff identity signing in from a new device makes no POST /new-device (an account path, refused to staff)', async () => {
    newDevice = true;
    me = { ...customer, is_staff: true, is_admin: false };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const authClient = fakeAuthClient();
    authClient.signinRedirectCallback.mockResolvedValue({ id_token: 'id', state: {} } as unknown as User);
    render(
      <TestServices authClient={authClient}>
        <AuthGate>
          <p>the portal</p>
        </AuthGate>
      </TestServices>,
    );
    expect(await screen.findByRole('heading', { name: MESSAGES.adminAuthTitle })).toBeTruthy();
    expect(newDeviceCalls()).toHaveLength(0);
    expect(logged).not.toHaveBeenCalled();
  });
});
