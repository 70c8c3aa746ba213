import type { PublicConfig } from '@enq/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig } from '../test/utils';
import { apiDownload, apiRequest } from './api-client';
import { loadPublicConfig } from './config';
import { endpointsHere, isValidEmailHere } from './environment';
import { exchangeIdToken } from './session';

// Three environments, three APIs; dev signs in through a provider of its own.
const mapped: PublicConfig = {
  ...testConfig,
  environments: {
    local: { api_origin: 'http://localhost:8080', oidc_issuer: null },
    dev: { api_origin: 'https://api.enqueue-dev.test', oidc_issuer: 'https://id.enqueue-dev.test' },
    production: { api_origin: 'https://api.enq.test', oidc_issuer: null },
  },
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input) === '/api/v1/config' ? jsonResponse(mapped) : jsonResponse({ token: 't' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

/** The page served from `origin`: its config loaded, then one call of each kind. */
async function callsFrom(origin: string) {
  const { hostname } = new URL(origin);
  vi.stubGlobal('location', { ...window.location, hostname, origin });
  await loadPublicConfig();
  await apiRequest('/billing/');
  await exchangeIdToken('id-token');
  await apiDownload('/lines/pdf', 'enq-phone-numbers.pdf');
  return requested();
}

describe('the API each host talks to', () => {
  it('AUTH-10 a page on localhost (any port, any spelling) calls the local API', async () => {
    for (const origin of ['http://localhost:5173', 'http://localhost.:5173']) {
      fetchMock.mockClear();
      expect(await callsFrom(origin)).toEqual([
        '/api/v1/config',
        'http://localhost:8080/api/v1/account/billing/',
        'http://localhost:8080/api/v1/auth/session',
        'http://localhost:8080/api/v1/account/lines/pdf',
      ]);
    }
    expect(endpointsHere(mapped, window.location).issuer).toBe(testConfig.oidc.issuer);
  });

  it("AUTH-11 a page on a host containing 'enqueue' calls the dev API and signs in at dev's provider", async () => {
    expect(await callsFrom('https://portal.enqueue.example')).toEqual([
      '/api/v1/config',
      'https://api.enqueue-dev.test/api/v1/account/billing/',
      'https://api.enqueue-dev.test/api/v1/auth/session',
      'https://api.enqueue-dev.test/api/v1/account/lines/pdf',
    ]);
    expect(endpointsHere(mapped, window.location).issuer).toBe('https://id.enqueue-dev.test');
  });

  it('AUTH-12 a page on any other host calls the production API', async () => {
    expect(await callsFrom('https://portal.enq.example')).toEqual([
      '/api/v1/config',
      'https://api.enq.test/api/v1/account/billing/',
      'https://api.enq.test/api/v1/auth/session',
      'https://api.enq.test/api/v1/account/lines/pdf',
    ]);
  });

  it('the config comes from the server that served the page, without the API token', async () => {
    window.localStorage.setItem('apiToken', 'secret');
    await callsFrom('https://portal.enq.example');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.headers).not.toHaveProperty('Authorization');
    const [, billing] = fetchMock.mock.calls[1]!;
    expect(billing?.headers).toHaveProperty('Authorization', 'Bearer secret');
  });

  it("with no API named, or the page's own origin, calls stay on the page's server", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/config' ? jsonResponse(testConfig) : jsonResponse({}),
    );
    expect(await callsFrom('https://portal.enq.example')).toContain('/api/v1/account/billing/');
    const own = { ...mapped.environments.local, api_origin: 'http://localhost:5173' };
    const here = { hostname: 'localhost', origin: 'http://localhost:5173' };
    expect(endpointsHere({ ...mapped, environments: { ...mapped.environments, local: own } }, here)).toEqual({
      environment: 'local',
      apiOrigin: '',
      issuer: testConfig.oidc.issuer,
    });
  });
});

describe('the email rule of the environment', () => {
  it('allows a plus sign on dev and local hosts, not on production', () => {
    expect(isValidEmailHere('dana+1@harborpinetax.com', 'portal.enqueue.dev')).toBe(true);
    expect(isValidEmailHere('dana+1@harborpinetax.com', 'localhost')).toBe(true);
    expect(isValidEmailHere('dana+1@harborpinetax.com', 'portal.enq.com')).toBe(false);
  });
});
