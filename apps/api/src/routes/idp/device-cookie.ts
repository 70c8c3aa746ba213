import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceIdOf,
  isDeviceCookieValue,
  newDeviceCookieValue,
} from '../../domain/auth';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * On a successful login: the browser's device cookie, set now when it has none (or a malformed one).
 * Answers the device id the ID token will carry.
 */
export function ensureDeviceCookie(req: IncomingMessage, res: ServerResponse, secure: boolean): string {
  const existing = readCookie(req.headers.cookie, DEVICE_COOKIE);
  if (isDeviceCookieValue(existing)) return deviceIdOf(existing);
  const value = newDeviceCookieValue();
  const attributes = [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  res.appendHeader('set-cookie', attributes.join('; '));
  return deviceIdOf(value);
}
