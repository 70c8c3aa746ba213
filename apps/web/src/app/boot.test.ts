import { API_TOKEN_STORAGE_KEY, type CallDates } from '@enq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_DATES } from '../features/call-history/call-history-fixtures';
import { OVERVIEW_QUERY_KEY } from '../features/overview/api/get-overview';
import { setApiOrigin } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, testConfig, writeConfigIntoPage } from '../test/utils';
import { startBoot } from './boot';
import { SCREEN_FIRST_PATHS, startEarlyBoot } from './early-boot';

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
    'on %s, another spelling of a screen the router shows, the early boot asks what it asks for that screen',
    (path, first) => {
      signInOnServedPage();
      startEarlyBoot(path);
      expect(requested().slice(0, 2)).toEqual([
        `${localApi}/api/v1/auth/me`,
        `${localApi}/api/v1/account${first}`,
      ]);
    },
  );

  it.each(Object.entries(SCREEN_FIRST_PATHS))(
    "on %s the early boot asks first and the boot takes its answers: each of sign-in and the screen's first answer asked once",
    async (path, first) => {
      signInOnServedPage();
      serve({ is_staff: false });
      startEarlyBoot(path);
      const early = [`${localApi}/api/v1/auth/me`, `${localApi}/api/v1/account${first}`];
      // Before the app's code (and the query client) exists (Call History's filters too, below).
      expect(requested().slice(0, 2)).toEqual(early);
      const client = createQueryClient();
      const booted = startBoot(client, path);
      await vi.waitFor(() => expect(client.getQueryData(['auth', 'me'])).toBeDefined());
      // The screen's first query has its answer: the one asked early.
      await vi.waitFor(
        () =>
          expect(
            client
              .getQueryCache()
              .getAll()
              .filter((query) => query.state.status === 'success')
              .map((query) => query.queryKey[0]).length,
          ).toBeGreaterThanOrEqual(3), // the config, sign-in, the first answer (and Call History's next)
      );
      expect(requested().filter((url) => early.includes(url))).toEqual(early);
      // Call History's follow-up too: left running, it would ask in a later test, through its fetch.
      await booted;
    },
  );
});

describe("Call History's follow-up, asked by the early boot", () => {
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

  /** The early boot, then the app's boot once "its code has arrived"; what was asked, in order. */
  async function visit(search = '') {
    signInOnServedPage();
    window.history.replaceState(null, '', `/call-history${search}`);
    startEarlyBoot('/call-history');
    await vi.waitFor(() => expect(requested().length).toBeGreaterThanOrEqual(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const early = requested();
    await startBoot(createQueryClient(), '/call-history');
    return { early, all: requested() };
  }

  afterEach(() => window.history.replaceState(null, '', '/'));

  it("asks the filters at once and, once the dates are in, the current period's calls and totals, which the boot then takes instead of asking again", async () => {
    serveCalls(CALL_DATES);
    const { early, all } = await visit();
    const each = [calls('filters/'), periodCalls, periodTotals];
    expect(early).toEqual([`${localApi}/api/v1/auth/me`, calls('dates/'), ...each]);
    // Each asked once: the boot asked nothing of its own.
    expect(all).toEqual(early);
  });

  it('asks only the filters early for a view the address names; the boot asks that view', async () => {
    serveCalls(CALL_DATES);
    const { early, all } = await visit('?preset=custom&from=100&to=200&page=2');
    expect(early).toEqual([`${localApi}/api/v1/auth/me`, calls('dates/'), calls('filters/')]);
    expect(all.slice(early.length).sort()).toEqual([
      calls('?timestampFrom=100&timestampTo=200&page=2'),
      calls('totals/?timestampFrom=100&timestampTo=200'),
    ]);
  });

  it('asks only the filters early without a current period: today needs the clock, and the boot asks it', async () => {
    serveCalls({ current_period: null, previous_period: null });
    const { early, all } = await visit();
    expect(early).toEqual([`${localApi}/api/v1/auth/me`, calls('dates/'), calls('filters/')]);
    const asked = all.slice(early.length);
    expect(asked).toHaveLength(2);
    expect(asked.some((url) => url.startsWith(calls('?timestampFrom=')))).toBe(true);
    expect(all.filter((url) => url === calls('filters/'))).toHaveLength(1);
  });
});
