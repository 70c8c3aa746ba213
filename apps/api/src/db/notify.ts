import type { Transactional } from './handle';

/** Sends `payload` to every connection listening on `channel` (Database.listen), once committed. */
export async function notify(q: Transactional, channel: string, payload: string): Promise<void> {
  await q.query('select pg_notify($1, $2)', [channel, payload]);
}
