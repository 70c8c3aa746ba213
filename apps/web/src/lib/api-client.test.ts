import { API_TOKEN_STORAGE_KEY, MESSAGES } from '@enq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubLocation } from '../test/utils';
import {
  ApiError,
  apiDownload,
  apiRequest,
  apiRequestAbsolute,
  filenameFromContentDisposition,
} from './api-client';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
});

function sentRequest(index = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('API-01 prefixes account calls with /api/v1/account and encodes the query', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/calls/', { query: { timestampFrom: 10, timestampTo: 20, page: 1, skip: undefined } });
    expect(sentRequest().url).toBe('/api/v1/account/calls/?timestampFrom=10&timestampTo=20&page=1');
  });

  it('AUTH-08 sends the bearer token when one is stored', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok-123');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/billing/');
    expect(sentRequest().headers.Authorization).toBe('Bearer tok-123');
  });

  it('AUTH-08 sends no cookies: the token alone says who asks', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok-123');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({})));
    await apiRequest('/billing/', { method: 'PUT', body: {} });
    await apiRequestAbsolute('/api/v1/auth/me');
    expect([sentRequest(0).init.credentials, sentRequest(1).init.credentials]).toEqual(['omit', 'omit']);
  });

  it('AUTH-08 sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/billing/');
    expect(sentRequest().headers).not.toHaveProperty('Authorization');
  });

  it('sends a JSON body with its content type and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ service_address: { city: 'Austin' } }));
    const answer = await apiRequest<{ service_address: { city: string } }>('/billing/address', {
      method: 'PUT',
      body: { sameBilling: true },
    });
    const { init, headers } = sentRequest();
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"sameBilling":true}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(answer.service_address.city).toBe('Austin');
  });

  it('AUTH-09 a 401 removes the stored token and reloads the page', async () => {
    const { reload } = stubLocation();
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'expired');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Token expired', code: 'UNAUTHORIZED' }, 401));
    const error = await caught(apiRequest('/billing/'));
    expect(error.status).toBe(401);
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('AUTH-09 a 401 on an auth path (me) also drops the token and reloads', async () => {
    const { reload } = stubLocation();
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'expired');
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await caught(apiRequestAbsolute('/api/v1/auth/me'));
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('a 403 keeps the token and does not reload', async () => {
    const { reload } = stubLocation();
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'staff');
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'Staff only see the admin page', code: 'FORBIDDEN' }, 403),
    );
    await caught(apiRequest('/billing/'));
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBe('staff');
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the server error envelope: status, code, message and field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'Postal code required', code: 'BAD_REQUEST', field: 'postal_code' }, 400),
    );
    const error = await caught(apiRequest('/billing/address', { method: 'PUT', body: {} }));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Postal code required',
      field: 'postal_code',
    });
  });

  it('API-22 a network failure becomes FETCH_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(apiRequest('/billing/'));
    expect(error.code).toBe('FETCH_ERROR');
    expect(error.message).toBe(MESSAGES.genericError);
  });

  it('API-22 an answer that is not JSON becomes PARSING_ERROR', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 200 }));
    expect((await caught(apiRequest('/billing/'))).code).toBe('PARSING_ERROR');
  });

  it('API-22 an error answer that is not JSON becomes PARSING_ERROR with its status', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    expect(await caught(apiRequest('/billing/'))).toMatchObject({ code: 'PARSING_ERROR', status: 502 });
  });

  it('API-22 a call that outlives the timeout becomes TIMEOUT_ERROR', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = caught(apiRequest('/billing/', { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1001);
    expect((await pending).code).toBe('TIMEOUT_ERROR');
  });

  it("passes the caller's own abort through unchanged", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/billing/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('downloads', () => {
  it('API-15 takes the file name from content-disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('a,b\n1,2\n', {
        headers: { 'Content-Disposition': 'attachment; filename="calls-2024-05.csv"' },
      }),
    );
    const file = await apiDownload('/calls/download/', 'call-history.csv', {
      query: { invoice_id: 'inv_1' },
    });
    expect(sentRequest().url).toBe('/api/v1/account/calls/download/?invoice_id=inv_1');
    expect(file.filename).toBe('calls-2024-05.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
  });

  it('API-15 falls back to the default name without content-disposition', async () => {
    fetchMock.mockResolvedValue(new Response('a,b\n'));
    expect((await apiDownload('/calls/download/', 'call-history.csv')).filename).toBe('call-history.csv');
  });

  it('reads RFC 5987 names and strips path separators', () => {
    expect(
      filenameFromContentDisposition("attachment; filename*=UTF-8''invoice%20%231.pdf", 'invoice.pdf'),
    ).toBe('invoice #1.pdf');
    expect(filenameFromContentDisposition('attachment; filename=../../etc.pdf', 'invoice.pdf')).toBe(
      '.._.._etc.pdf',
    );
    expect(filenameFromContentDisposition('attachment', 'invoice.pdf')).toBe('invoice.pdf');
  });
});
