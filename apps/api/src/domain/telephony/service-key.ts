import { randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { loadOrCreateSecret } from '../auth';

/**
 * The key the telephony service sends with its calls: the configured one, else one generated once and
 * kept, so the local telephony side (and `npm run import-calls`) can use it.
 */
export async function telephonyServiceKey(q: Transactional, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const secret = await loadOrCreateSecret(q, 'telephony', async () => ({
    key: `svc_${randomBytes(24).toString('base64url')}`,
  }));
  return secret.key;
}
