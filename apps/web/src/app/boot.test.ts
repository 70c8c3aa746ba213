import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERVIEW_QUERY_KEY } from '../features/overview/api/get-overview';
import { createQueryClient } from '../lib/query-client';
import { startBoot } from './boot';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
const OVERVIEW = { pin: '1234 5678' };

beforeEach(() => {
  // Nothing answers: what counts is what was asked for before any answer came.
  fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});

/** /auth/me answers as the given person; the overview answers as the server would for them. */
function answerAs(me: { is_staff: boolean }) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/v1/auth/me')
      return Promise.resolve(Response.json({ id: 'u1', email: 'a@b.co', is_staff: me.is_staff }));
    if (url === '/api/v1/account/')
      return Promise.resolve(
        me.is_staff ? Response.json({ message: 'Forbidden.' }, { status: 403 }) : Response.json(OVERVIEW),
      );
    return new Promise<Response>(() => undefined);
  });
}

describe('the boot', () => {
  it("asks for the config, who is signed in and the screen's first answer together, none waiting for another", async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient(), '/');
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(requested()).toEqual(['/api/v1/config', '/api/v1/auth/me', '/api/v1/account/']);
  });

  it.each([
    ['/users', '/api/v1/account/users/'],
    ['/invoices', '/api/v1/account/invoices/'],
    ['/subscription', '/api/v1/account/subscription/'],
    ['/call-history', '/api/v1/account/calls/dates/'],
  ])("on %s asks for that screen's first answer beside sign-in: %s", async (path, first) => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient(), path);
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(requested()).toEqual(['/api/v1/config', '/api/v1/auth/me', first]);
  });

  it("keeps the screen's answer for a customer, so the screen asks nothing again", async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    answerAs({ is_staff: false });
    const client = createQueryClient();
    startBoot(client, '/');
    await vi.waitFor(() => expect(client.getQueryData(OVERVIEW_QUERY_KEY)).toEqual(OVERVIEW));
    expect(requested().filter((url) => url === '/api/v1/account/')).toHaveLength(1);
  });

  it('keeps nothing for a staff identity, whose account paths are refused, and reports no failure', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    answerAs({ is_staff: true });
    const client = createQueryClient();
    const failures = vi.fn();
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') failures(event.query.queryKey);
    });
    startBoot(client, '/');
    await vi.waitFor(() => expect(client.getQueryData(['auth', 'me'])).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested()).toContain('/api/v1/account/');
    expect(client.getQueryCache().find({ queryKey: OVERVIEW_QUERY_KEY })).toBeUndefined();
    expect(failures).not.toHaveBeenCalled();
  });

  it('asks only for the config when nobody is signed in', () => {
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it('asks only for the config on the sign-in callback, before its code is exchanged', () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
  });
});
