import { API_ADMIN_BASE, type AdminMe } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestAbsolute, type RequestOptions } from './api-client';

/** A JSON call below /api/v1/admin, e.g. `adminRequest('/accounts?q=harbor')`. */
export function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequestAbsolute<T>(`${API_ADMIN_BASE}${path.startsWith('/') ? path : `/${path}`}`, options);
}

/**
 * A console action (POST/PUT/DELETE) with its Idempotency-Key: the caller keeps one key per dialog
 * opening (`newActionKey`), so a double click or a retry after a lost answer acts once.
 */
export function adminAction<T>(
  path: string,
  body: object,
  idempotencyKey: string,
  method: 'POST' | 'PUT' | 'DELETE' = 'POST',
): Promise<T> {
  return adminRequest<T>(path, { method, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const newActionKey = () => crypto.randomUUID();

export const ADMIN_QUERY_KEY = ['admin'] as const;

export const adminMeQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'me'],
  queryFn: () => adminRequest<AdminMe>('/me'),
  staleTime: 5 * 60_000,
});
