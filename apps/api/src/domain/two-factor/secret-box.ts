import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { loadOrCreateSecret } from '../auth';

/**
 * Authenticator keys are kept encrypted (AES-256-GCM) with a key the server makes once and keeps
 * beside its other secrets (server_secrets), so a copy of the two_factor table alone gives nothing.
 */
async function boxKey(database: Transactional): Promise<Buffer> {
  const { key } = await loadOrCreateSecret(database, 'two-factor', async () => ({
    key: randomBytes(32).toString('base64'),
  }));
  return Buffer.from(key, 'base64');
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export async function sealSecret(database: Transactional, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await boxKey(database), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function openSecret(database: Transactional, stored: string): Promise<string> {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', await boxKey(database), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
