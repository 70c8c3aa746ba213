import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_DATES, CALLS_BASE } from '../features/call-history/call-history-fixtures';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, testConfig } from '../test/utils';
import { startBoot } from './boot';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>((input) => {
    const url = String(input);
    if (url === '/api/v1/config') return Promise.resolve(jsonResponse(testConfig));
    if (url === '/api/v1/auth/me')
      return Promise.resolve(Response.json({ id: 'u', email: 'a@b.co', is_staff: false }));
    if (url === `${CALLS_BASE}/dates/`) return Promise.resolve(Response.json({ dates: CALL_DATES }));
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
});

describe('Call History opened from the address bar', () => {
  it("asks, before its page exists, for the dates and then the current period's first page, totals and filters", async () => {
    window.history.replaceState(null, '', '/call-history');
    startBoot(createQueryClient(), '/call-history');
    const { start_date: from, end_date: to } = CALL_DATES.current_period;
    await vi.waitFor(() => expect(requested()).toHaveLength(6));
    expect(requested().slice(2).sort()).toEqual(
      [
        `${CALLS_BASE}/dates/`,
        `${CALLS_BASE}/?timestampFrom=${from}&timestampTo=${to}&page=1`,
        `${CALLS_BASE}/totals/?timestampFrom=${from}&timestampTo=${to}`,
        `${CALLS_BASE}/filters/`,
      ].sort(),
    );
  });

  it('asks for the view a bookmarked address holds: its range, page and user', async () => {
    const search = '?preset=custom&from=1773600000&to=1773700000&page=3&user=Ann';
    window.history.replaceState(null, '', `/call-history${search}`);
    startBoot(createQueryClient(), '/call-history');
    await vi.waitFor(() =>
      expect(requested()).toContain(
        `${CALLS_BASE}/?timestampFrom=1773600000&timestampTo=1773700000&page=3&user=Ann`,
      ),
    );
  });
});
