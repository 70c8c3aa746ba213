import { API_CREDENTIALS, apiHeaders } from './api-headers';

/**
 * Answers to GETs asked before the app's code has arrived (app/early-boot.ts). The first request for
 * the same URL with the same token takes its answer instead of asking again (lib/api-client.ts);
 * a later one asks the server, as it would have anyway.
 */
const early = new Map<string, Promise<Response>>();
const keyOf = (url: string, token: string) => `${token} ${url}`;

/** Asks now, as api-client would later: a GET with the API's headers. The answer is the boot's to read. */
export function askEarly(url: string, token: string): Promise<Response> {
  const answer = fetch(url, { headers: apiHeaders(token), credentials: API_CREDENTIALS, priority: 'high' });
  // Taken later or never; a failure is for whoever takes it to see.
  answer.catch(() => undefined);
  early.set(keyOf(url, token), answer);
  return answer;
}

/** The answer asked early for this URL and token, once. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = keyOf(url, token);
  const answer = early.get(key);
  early.delete(key);
  return answer;
}

/** `answer`, unless `signal` aborts first (a timeout or the caller's own abort). */
export function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
