import type { Transactional } from './handle';

/** Resolves once the database answers a statement; throws what the driver threw otherwise. */
export async function ping(q: Transactional): Promise<void> {
  await q.query('select 1');
}
