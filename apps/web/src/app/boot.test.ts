import { API_TOKEN_STORAGE_KEY, type CallDates } from '@enq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_DATES } from '../features/call-history/call-history-fixtures';
import { openingView } from '../features/call-history/call-history-state';
import { OVERVIEW_QUERY_KEY } from '../features/overview/api/get-overview';
import { setApiOrigin } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, testConfig, writeConfigIntoPage } from '../test/utils';
import { PORTAL_ROUTES } from '../lib/portal-routes';
import { startBoot } from './boot';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answerConfig: (response: Response) => void;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
const OVERVIEW = { pin: '1234 5678' };

const localApi = 'http://api.local.test:9000';
const mapped = {
  ...testConfig,
  environments: { ...testConfig.environments, local: { api_origin: localApi, oidc_issuer: null } },
};

/** The config answers when the test says so; /auth/me and the overview as the server would for `me`. */
function serve(me?: { is_staff: boolean }) {
  fetchMock = vi.fn<typeof fetch>((input) => {
    const url = String(input);
    if (url === '/api/v1/config') return new Promise<Response>((resolve) => (answerConfig = resolve));
    if (me && url === `${localApi}/api/v1/auth/me`)
      return Promise.resolve(Response.json({ id: 'u1', email: 'a@b.co', is_staff: me.is_staff }));
    if (me && url.startsWith(`${localApi}/api/v1/account/`))
      return Promise.resolve(
        me.is_staff ? Response.json({ message: 'Forbidden.' }, { status: 403 }) : Response.json(OVERVIEW),
      );
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(() => serve());
afterEach(() => setApiOrigin(''));

describe('the boot', () => {
  it("AUTH-10 asks for the config, then who is signed in and the screen's first answer together, at the API the config names", async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient(), '/');
    expect(requested()).toEqual(['/api/v1/config']);
    answerConfig(jsonResponse(mapped));
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(requested()).toEqual([
      '/api/v1/config',
      `${localApi}/api/v1/auth/me`,
      `${localApi}/api/v1/account/`,
    ]);
  });

  it.each([
    ['/invoices', '/api/v1/account/invoices/'],
    ['/subscription', '/api/v1/account/subscription/'],
    ['/call-history', '/api/v1/account/calls/dates/'],
    // Another spelling of a screen's path, which the router shows as that screen.
    ['/SUBSCRIPTION/', '/api/v1/account/subscription/'],
  ])("on %s asks for that screen's first answer beside sign-in: %s", async (path, first) => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient(), path);
    answerConfig(jsonResponse(mapped));
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(requested()).toEqual(['/api/v1/config', `${localApi}/api/v1/auth/me`, `${localApi}${first}`]);
  });

  it('asks nobody else when the config fails: no API is known to ask', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    const client = createQueryClient();
    startBoot(client, '/');
    // A 4xx, which is not retried.
    answerConfig(new Response('gone', { status: 404 }));
    await vi.waitFor(() => expect(client.getQueryState(['public-config'])?.status).toBe('error'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it("keeps the screen's answer for a customer, so the screen asks nothing again", async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    serve({ is_staff: false });
    const client = createQueryClient();
    startBoot(client, '/');
    answerConfig(jsonResponse(mapped));
    await vi.waitFor(() => expect(client.getQueryData(OVERVIEW_QUERY_KEY)).toEqual(OVERVIEW));
    expect(requested().filter((url) => url.endsWith('/api/v1/account/'))).toHaveLength(1);
  });

  it('keeps nothing for a staff identity, whose account paths are refused, and reports no failure', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    serve({ is_staff: true });
    const client = createQueryClient();
    const failures = vi.fn();
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') failures(event.query.queryKey);
    });
    startBoot(client, '/');
    answerConfig(jsonResponse(mapped));
    await vi.waitFor(() => expect(client.getQueryData(['auth', 'me'])).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested()).toContain(`${localApi}/api/v1/account/`);
    expect(client.getQueryCache().find({ queryKey: OVERVIEW_QUERY_KEY })).toBeUndefined();
    expect(failures).not.toHaveBeenCalled();
  });

  it('asks only for the config when nobody is signed in', async () => {
    startBoot(createQueryClient(), '/');
    answerConfig(jsonResponse(mapped));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it('asks only for the config on the sign-in callback, before its code is exchanged', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    startBoot(createQueryClient());
    answerConfig(jsonResponse(mapped));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested()).toEqual(['/api/v1/config']);
  });
});

/** A page the server wrote its config into, opened by someone signed in. */
function signInOnServedPage() {
  writeConfigIntoPage(mapped);
  window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
}

describe('the boot on a page the server wrote its config into', () => {
  it('asks no config: who is signed in and the screen first answer go out at once, to the API it names', async () => {
    signInOnServedPage();
    startBoot(createQueryClient(), '/');
    await vi.waitFor(() => expect(requested()).toHaveLength(2));
    expect(requested()).toEqual([`${localApi}/api/v1/auth/me`, `${localApi}/api/v1/account/`]);
  });

  it.each([
    ['/USERS/', '/users/'],
    ['/Call-History', '/calls/dates/'],
    ['/%69nvoices/', '/invoices/'],
  ])(
    'on %s, another spelling of a screen the router shows, asks what it asks for that screen',
    async (path, first) => {
      signInOnServedPage();
      startBoot(createQueryClient(), path);
      await vi.waitFor(() => expect(requested()).toHaveLength(2));
      expect(requested()).toEqual([`${localApi}/api/v1/auth/me`, `${localApi}/api/v1/account${first}`]);
    },
  );

  it.each(PORTAL_ROUTES.map(({ path }) => path))(
    "on %s asks sign-in once and the screen's first answer (where it has one) once, and keeps it for the screen",
    async (path) => {
      signInOnServedPage();
      serve({ is_staff: false });
      const client = createQueryClient();
      await startBoot(client, path);
      expect(client.getQueryData(['auth', 'me'])).toBeDefined();
      const account = () => requested().filter((url) => url.startsWith(`${localApi}/api/v1/account/`));
      if (!['/', '/users', '/invoices', '/subscription', '/call-history'].includes(path)) {
        await vi.waitFor(() => expect(client.isFetching()).toBe(0));
        expect(account()).toEqual([]);
        return;
      }
      // Everything the boot asked has come back (Call History's follow-up too).
      await vi.waitFor(() => expect(client.isFetching()).toBe(0));
      const first = account()[0]!;
      const kept = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success' && query.queryKey[0] !== 'public-config');
      // Sign-in and the screen's first answer at least.
      expect(kept.length).toBeGreaterThanOrEqual(2);
      expect(requested().filter((url) => url === `${localApi}/api/v1/auth/me`)).toHaveLength(1);
      expect(account().filter((url) => url === first)).toHaveLength(1);
    },
  );
});

describe("Call History's follow-up, asked by the boot once the dates are in", () => {
  const calls = (query: string) => `${localApi}/api/v1/account/calls/${query}`;
  const { start_date: from, end_date: to } = CALL_DATES.current_period;
  const periodCalls = calls(`?timestampFrom=${from}&timestampTo=${to}&page=1`);
  const periodTotals = calls(`totals/?timestampFrom=${from}&timestampTo=${to}`);

  /** Sign-in and the calls' answers as the server gives them; `dates` for GET /calls/dates/. */
  function serveCalls(dates: CallDates) {
    fetchMock = vi.fn<typeof fetch>((input) => {
      const url = String(input);
      if (url === `${localApi}/api/v1/auth/me`)
        return Promise.resolve(Response.json({ id: 'u1', email: 'a@b.co', is_staff: false }));
      if (url === calls('dates/')) return Promise.resolve(Response.json({ dates }));
      if (url.startsWith(calls('totals/')))
        return Promise.resolve(Response.json({ calls: 0, billed_seconds: 0, credits: 0 }));
      if (url === calls('filters/')) return Promise.resolve(Response.json({ users: [], destinations: [] }));
      if (url.startsWith(calls('?'))) return Promise.resolve(Response.json({ calls: [], count: 0 }));
      return new Promise<Response>(() => undefined);
    });
    vi.stubGlobal('fetch', fetchMock);
  }

  /** The boot on /call-history with `search`: what it asked once it has asked the calls. */
  async function visit(search = '') {
    signInOnServedPage();
    window.history.replaceState(null, '', `/call-history${search}`);
    startBoot(createQueryClient(), '/call-history');
    await vi.waitFor(() => expect(requested()).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return requested();
  }

  afterEach(() => window.history.replaceState(null, '', '/'));

  it("asks the current period's calls, totals and the filters, each once", async () => {
    serveCalls(CALL_DATES);
    const asked = await visit();
    expect(asked.slice(0, 2)).toEqual([`${localApi}/api/v1/auth/me`, calls('dates/')]);
    expect(asked.slice(2).sort()).toEqual([calls('filters/'), periodCalls, periodTotals].sort());
  });

  it('asks the view a bookmarked address names: its range and page', async () => {
    serveCalls(CALL_DATES);
    const asked = await visit('?preset=custom&from=100&to=200&page=2');
    expect(asked.slice(2).sort()).toEqual(
      [
        calls('?timestampFrom=100&timestampTo=200&page=2'),
        calls('totals/?timestampFrom=100&timestampTo=200'),
        calls('filters/'),
      ].sort(),
    );
  });

  it("brings a bookmarked relative preset up to today, as the page will, rather than asking the address's old range", async () => {
    serveCalls(CALL_DATES);
    const search = '?preset=last-30-days&from=100&to=200&page=1';
    const asked = await visit(search);
    const today = openingView(new URLSearchParams(search), CALL_DATES);
    expect(today.from).not.toBe(100);
    expect(asked.slice(2).sort()).toEqual(
      [
        calls(`?timestampFrom=${today.from}&timestampTo=${today.to}&page=1`),
        calls(`totals/?timestampFrom=${today.from}&timestampTo=${today.to}`),
        calls('filters/'),
      ].sort(),
    );
  });
});
