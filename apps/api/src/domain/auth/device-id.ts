import { createHash, randomBytes } from 'node:crypto';

/**
 * How the embedded provider knows a browser again (AUTH-13): a long-lived httpOnly
 * cookie holding a random id. The ID token carries only the id's SHA-256, so a script that reads the
 * token in the page learns nothing it could put back into a cookie to pass as a known device.
 */
export const DEVICE_COOKIE = 'enq_device';
export const DEVICE_ID_CLAIM = 'device_id';
/** Browsers cap cookie lifetimes at 400 days. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const COOKIE_SHAPE = /^[\w-]{43}$/;

export const newDeviceCookieValue = () => randomBytes(32).toString('base64url');

export const isDeviceCookieValue = (value: string | undefined): value is string =>
  value !== undefined && COOKIE_SHAPE.test(value);

/** The device id the ID token and the database know: the cookie value's SHA-256, base64url. */
export const deviceIdOf = (cookieValue: string) =>
  createHash('sha256').update(cookieValue).digest('base64url');
