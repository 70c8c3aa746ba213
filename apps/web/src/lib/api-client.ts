import { API_ACCOUNT_BASE, MESSAGES } from '@enq/contract';
import { API_CREDENTIALS, apiHeaders } from './api-headers';
import { withQuery, type QueryValue } from './url-query';
import { clearApiToken, getApiToken } from './token-storage';

/** Client-side fetch failures that never reached a JSON answer (API-22). */
export const CLIENT_ERRORS = ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERRORS)[number];
/** A call that has not answered after this long fails with TIMEOUT_ERROR. */
export const API_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Logout sends a token that may already be dead; a 401 there must not reload the page. */
  ignoreUnauthorized?: boolean;
}

/** What only `pageRequest` sets: the page's own server gets no API token. */
interface SendOptions extends RequestOptions {
  anonymous?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

function clientError(code: ClientErrorCode, status = 0): ApiError {
  return new ApiError(status, code, MESSAGES.genericError);
}

/**
 * The origin every API call goes to: the API of the environment this page's host names (AUTH-10..12),
 * set once the config is in (lib/config.ts). Empty is the page's own origin, the default, so a call
 * made before then (none is, but tests make many) stays on the server that served the page.
 */
let apiOrigin = '';

export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}

/** An absolute API path (`/api/v1/...`) at the environment's API. */
export function apiUrl(path: string): string {
  return `${apiOrigin}${path}`;
}

export function accountPath(path: string): string {
  return apiUrl(`${API_ACCOUNT_BASE}${path.startsWith('/') ? path : `/${path}`}`);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw clientError('PARSING_ERROR', response.status);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    return clientError('PARSING_ERROR', response.status);
  }
  // The schema (and zod) load on the first error only: they stay out of the first load of every page.
  const { errorEnvelopeSchema } = await import('@enq/contract/error-envelope');
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, field } = envelope.data;
    return new ApiError(response.status, code, message, field);
  }
  return new ApiError(response.status, 'HTTP_ERROR', MESSAGES.genericError);
}

/**
 * Runs `work` (fetch plus reading the body) under one timeout, so a stalled body also times out.
 * A caller's own abort is passed through untouched: TanStack Query treats it as a cancellation.
 */
async function send<T>(
  url: string,
  options: SendOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    timeoutMs = API_TIMEOUT_MS,
    headers = {},
    ignoreUnauthorized,
    anonymous,
  } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const token = anonymous ? null : getApiToken();
  const requestHeaders = apiHeaders(token, headers);
  if (body !== undefined) requestHeaders['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await fetch(withQuery(url, query), {
        method,
        headers: requestHeaders,
        credentials: API_CREDENTIALS,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw clientError('TIMEOUT_ERROR');
      if (signal?.aborted) throw error;
      throw clientError('FETCH_ERROR');
    }

    if (response.status === 401 && !ignoreUnauthorized) {
      // The token is dead: dropping it and reloading sends the visitor through sign-in again.
      clearApiToken();
      window.location.reload();
    }
    if (!response.ok) throw await toApiError(response);
    return await read(response);
  } catch (error) {
    if (timedOut && !(error instanceof ApiError)) throw clientError('TIMEOUT_ERROR');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** A JSON call to an absolute API path (the /api/v1/auth and /api/v1/payments endpoints). */
export function apiRequestAbsolute<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return send(apiUrl(url), options, (response) => readJson(response) as Promise<T>);
}

/**
 * A JSON call to the server that served the page, whatever the environment's API: the config, which
 * says where that API is. It carries no token, which belongs to the API.
 */
export function pageRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return send(url, { ...options, anonymous: true }, (response) => readJson(response) as Promise<T>);
}

/** A JSON call below the account base path, e.g. `apiRequest('/billing/')`. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send(accountPath(path), options, (response) => readJson(response) as Promise<T>);
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Takes the name from `filename*=` (RFC 5987) or `filename=`, else the fallback. */
export function filenameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''))) || fallback;
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return (name && sanitizeFilename(name)) || fallback;
}

// The name becomes a local file name; path separators would be meaningless or worse.
function sanitizeFilename(name: string): string {
  return name.replace(/[\\/]/g, '_').trim();
}

/** A binary download below the account base path (PDFs, CSVs, contact cards). */
export function apiDownload(
  path: string,
  defaultFilename: string,
  options: RequestOptions = {},
): Promise<DownloadedFile> {
  return send(
    accountPath(path),
    { ...options, headers: { Accept: '*/*', ...options.headers } },
    async (response) => ({
      blob: await response.blob(),
      filename: filenameFromContentDisposition(response.headers.get('content-disposition'), defaultFilename),
    }),
  );
}
