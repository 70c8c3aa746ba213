import pg from 'pg';

/** Gives a slot back; calling it again does nothing. */
export type SlotRelease = () => void;

/**
 * At most `limit` holders of one key at a time (the concurrent exports of one account). `take` answers
 * null when every slot is held.
 */
export interface Slots {
  take(key: string, limit: number): Promise<SlotRelease | null>;
  close(): Promise<void>;
}

/** PGlite is one process: a counter per key in its memory holds every slot there is. */
export function memorySlots(): Slots {
  const held = new Map<string, number>();
  return {
    async take(key, limit) {
      const count = held.get(key) ?? 0;
      if (count >= limit) return null;
      held.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    async close() {},
  };
}

/** Connections set aside for held slots, apart from the request pool, which a held slot never drains. */
const SLOT_CONNECTIONS = 16;

/**
 * PostgreSQL, shared by every process: slot i of a key is the session advisory lock
 * (hashtext(key), i) on a connection of the slots' own pool, set aside while the slot is held. If the
 * process dies, the server ends the session and the lock with it. Two-int keys never meet the
 * one-bigint locks of migrations and start-up. With every slot connection held, `take` answers null
 * at once (busy), rather than waiting.
 */
export function advisorySlots(url: string, onIdleError: (error: Error) => void): Slots {
  const pool = new pg.Pool({ connectionString: url, max: SLOT_CONNECTIONS });
  pool.on('error', onIdleError);
  return {
    async take(key, limit) {
      if (pool.totalCount >= SLOT_CONNECTIONS && pool.idleCount === 0) return null;
      const client = await pool.connect();
      // An error on a held, idle connection has no query to fail: heard here, the connection is dropped.
      let broken = false;
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const giveBack = (destroy: boolean) => {
        client.removeListener('error', onError);
        client.release(destroy || broken);
      };
      try {
        for (let slot = 0; slot < limit; slot++) {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtext($1), $2) as locked',
            [key, slot],
          );
          if (!rows[0]?.locked) continue;
          let released = false;
          return () => {
            if (released) return;
            released = true;
            client
              .query('select pg_advisory_unlock(hashtext($1), $2)', [key, slot])
              .then(() => giveBack(false))
              // A connection that could not unlock must not go back to the pool still holding the lock.
              .catch(() => giveBack(true));
          };
        }
      } catch (error) {
        giveBack(true);
        throw error;
      }
      giveBack(false);
      return null;
    },
    close: () => pool.end(),
  };
}
