import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, apiRequestAbsolute, setApiOrigin } from './api-client';
import { askEarly } from './early-answers';
import { setApiToken } from './token-storage';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const serve = () => {
  let n = 0;
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ answer: ++n })));
  vi.stubGlobal('fetch', fetchMock);
};
afterEach(() => setApiOrigin(''));

describe('answers asked before the app has loaded', () => {
  it('are taken by the first GET of the same URL and token, with the headers api-client would send', async () => {
    serve();
    setApiToken('tok');
    askEarly('/api/v1/account/', 'tok');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(init?.credentials).toBe('omit');
    expect(await apiRequest('/')).toEqual({ answer: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once: the next request asks the server.
    expect(await apiRequest('/')).toEqual({ answer: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not taken by another token, a POST, or a request with a query', async () => {
    serve();
    askEarly('/api/v1/account/', 'old');
    setApiToken('new');
    expect(await apiRequest('/')).toEqual({ answer: 2 });
    setApiToken('old');
    await apiRequest('/', { method: 'POST', body: {} });
    await apiRequest('/', { query: { page: 2 } });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await apiRequest('/')).toEqual({ answer: 1 });
  });

  it("fail as the request would: a network failure is FETCH_ERROR, the caller's abort passes through", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline'))),
    );
    setApiToken('tok');
    askEarly('/api/v1/auth/me', 'tok');
    await expect(apiRequestAbsolute('/api/v1/auth/me')).rejects.toMatchObject({ code: 'FETCH_ERROR' });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
    );
    askEarly('/api/v1/auth/me', 'tok');
    const controller = new AbortController();
    const asked = apiRequestAbsolute('/api/v1/auth/me', { signal: controller.signal });
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });
});
