import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, testConfig } from '../test/utils';
import { startBoot } from './boot';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answerConfig: (response: Response) => void;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  // Only the config answers, when the test says so: what counts is what was asked for, and when.
  fetchMock = vi.fn<typeof fetch>((input) =>
    String(input) === '/api/v1/config'
      ? new Promise<Response>((resolve) => (answerConfig = resolve))
      : new Promise<Response>(() => undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => setApiOrigin(''));

const localApi = 'http://api.local.test:9000';
const mapped = {
  ...testConfig,
  environments: { ...testConfig.environments, local: { api_origin: localApi, oidc_issuer: null } },
};

describe('the boot', () => {
  it('AUTH-10 asks for the config, then who is signed in at the API the config names for this host', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
    answerConfig(jsonResponse(mapped));
    await vi.waitFor(() => expect(requested()).toEqual(['/api/v1/config', `${localApi}/api/v1/auth/me`]));
  });

  it('asks nobody else when the config fails: no API is known to ask', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    const client = createQueryClient();
    startBoot(client);
    // A 4xx, which is not retried.
    answerConfig(new Response('gone', { status: 404 }));
    await vi.waitFor(() => expect(client.getQueryState(['public-config'])?.status).toBe('error'));
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it('asks only for the config when nobody is signed in', async () => {
    startBoot(createQueryClient());
    answerConfig(jsonResponse(mapped));
    await Promise.resolve();
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it('asks only for the config on the sign-in callback, before its code is exchanged', () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
  });
});
