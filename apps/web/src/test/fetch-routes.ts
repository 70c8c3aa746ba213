import { vi } from 'vitest';

/** Answers one request: its init (method, body, headers) and URL. */
export type RouteHandler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/**
 * Stubs `fetch` with a table keyed `METHOD /path` (a test may add or change entries later): a request
 * that no entry names fails the test. The mock is returned, with the keys asked in order (`requested`).
 */
export function stubFetchRoutes(routes: Record<string, RouteHandler>) {
  const requested: string[] = [];
  const mock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    requested.push(key);
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', mock);
  return Object.assign(mock, { requested });
}
