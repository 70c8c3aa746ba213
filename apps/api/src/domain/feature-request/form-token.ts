import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { loadOrCreateSecret } from '../auth';
import { recordSpentToken } from './spent-form-tokens-repository';

/** The hidden field a token-protected site form carries. */
export const FORM_TOKEN_FIELD = 'form_token';
/** Long enough to write a detailed request, short enough that a copied token soon stops working. */
export const FORM_TOKEN_LIFETIME_S = 2 * 60 * 60;

/**
 * The key site-form tokens are signed with: generated on first start and kept in the database, so
 * every process behind a load balancer (and a restarted one) accepts the tokens the others issued.
 */
export async function loadFormTokenKey(q: Transactional): Promise<Buffer> {
  const secret = await loadOrCreateSecret(q, 'site-forms', async () => ({
    key: randomBytes(32).toString('base64url'),
  }));
  return Buffer.from(secret.key, 'base64url');
}

export interface FormTokenScope {
  /** Which form the token is for: a token of one form is worth nothing on another. */
  form: string;
  /**
   * The address the form page was sent to. The form is public, so anyone may fetch a token; bound to
   * the address, a token fetched by another site's server cannot be handed to a visitor's browser.
   */
  client: string;
}

const signature = (key: Buffer, { form, client }: FormTokenScope, expires: number, nonce: string) =>
  createHmac('sha256', key).update(`${form}\n${client}\n${expires}\n${nonce}`).digest('base64url');

/**
 * `<expiry in unix seconds>.<random nonce>.<HMAC-SHA256 of form, client, expiry and nonce>`. The
 * nonce makes every page's token its own, so spending one (spendFormToken) never spends another.
 */
export function issueFormToken(key: Buffer, scope: FormTokenScope, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FORM_TOKEN_LIFETIME_S;
  const nonce = randomBytes(16).toString('base64url');
  return `${expires}.${nonce}.${signature(key, scope, expires, nonce)}`;
}

export function isValidFormToken(key: Buffer, scope: FormTokenScope, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now.getTime() / 1000 || expires > now.getTime() / 1000 + FORM_TOKEN_LIFETIME_S) return false;
  const expected = Buffer.from(signature(key, scope, expires, match[2]!));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Spends a valid token: true the first time, false ever after (kept until it would have expired, when
 * it is refused anyway). The insert is what makes two simultaneous posts of one token send one form.
 */
export async function spendFormToken(q: Transactional, token: string, now: Date): Promise<boolean> {
  const expires = new Date(Number(token.slice(0, token.indexOf('.'))) * 1000);
  return recordSpentToken(q, createHash('sha256').update(token).digest('hex'), expires, now);
}
