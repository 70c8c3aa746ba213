import pg from 'pg';
import type { Database, IdleConnectionError } from './database';
import { CONNECT_TIMEOUT_MS } from './postgres-timeouts';

/** How soon a lost LISTEN connection is tried again (the portal recovers within 5 s of a restart). */
const LISTEN_RETRY_MS = 500;

/** Keeps one LISTEN connection open for as long as the database is, reopening it whenever it drops. */
export function listener(url: string, onIdleError: IdleConnectionError) {
  const stops = new Set<() => Promise<void>>();
  const listen: NonNullable<Database['listen']> = (channel, onMessage, onState) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let listening = false;
    const lost = (error?: Error) => {
      if (!client) return;
      // Said once when the connection goes, not again for every attempt while the server is down.
      if (error && listening) onIdleError(error);
      listening = false;
      const dropped = client;
      client = undefined;
      onState(false);
      dropped.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
    };
    const connect = () => {
      const attempt = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client = attempt;
      attempt.on('error', lost);
      attempt.on('end', () => client === attempt && lost());
      attempt.on('notification', (message) => onMessage(message.payload ?? ''));
      attempt
        .connect()
        .then(() => attempt.query(`listen ${pg.escapeIdentifier(channel)}`))
        .then(() => {
          if (client !== attempt || stopped) return;
          listening = true;
          onState(true);
        })
        .catch((error: Error) => client === attempt && lost(error));
    };
    connect();
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    };
    stops.add(stop);
    return async () => {
      stops.delete(stop);
      await stop();
    };
  };
  return { listen, stopAll: () => Promise.all([...stops].map((stop) => stop())) };
}
