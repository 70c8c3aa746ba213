import type { Transactional } from '../../db/handle';

/**
 * A secret the server makes once and keeps (the embedded provider's keys, the telephony key): the stored
 * value, else `make()` stored now. Two processes starting at once on PostgreSQL: the first insert wins
 * and both use its value.
 */
export async function loadOrCreateSecret<T>(
  q: Transactional,
  name: string,
  make: () => Promise<T>,
): Promise<T> {
  const read = () => q.query<{ value: T }>('select value from server_secrets where name = $1', [name]);
  const [existing] = await read();
  if (existing) return existing.value;
  await q.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    JSON.stringify(await make()),
  ]);
  const [stored] = await read();
  return stored!.value;
}
