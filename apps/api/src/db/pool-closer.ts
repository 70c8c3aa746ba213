import type pg from 'pg';

/**
 * What ends the pool and waits until every connection is closed. pg's `end()` resolves once it has
 * asked the connections to close, before they have: a database dropped just then still sees them.
 */
export function poolCloser(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allClosed?.();
  });
  return async () => {
    const closed =
      open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
    await pool.end();
    await closed;
  };
}
