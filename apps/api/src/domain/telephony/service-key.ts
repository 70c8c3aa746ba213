import { randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';

/**
 * The key the telephony service sends with its calls: the configured one, else one generated once and
 * kept, so the local telephony side (and `npm run import-calls`) can use it.
 */
export async function telephonyServiceKey(q: Transactional, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await q.query("insert into server_secrets (name, value) values ('telephony', $1) on conflict do nothing", [
    JSON.stringify({ key: `svc_${randomBytes(24).toString('base64url')}` }),
  ]);
  const [row] = await q.query<{ value: { key: string } }>(
    "select value from server_secrets where name = 'telephony'",
  );
  return row!.value.key;
}
