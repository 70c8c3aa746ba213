import {
  IDLE_CONNECTION_CLOSED,
  type Database,
  type DatabaseOptions,
  type IdleConnectionError,
} from './database';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

// What opening a database takes and gives, written in database.ts, is imported from here with it.
export { IDLE_CONNECTION_CLOSED, type Database, type DatabaseOptions, type IdleConnectionError };

const reportToStderr: IdleConnectionError = (error) =>
  console.error(`${IDLE_CONNECTION_CLOSED} (${error.message})`);

/** Opens the database `options` names: a PostgreSQL server, or PGlite on a data dir or in memory. */
export async function openDatabase(
  options: DatabaseOptions,
  onIdleError: IdleConnectionError = reportToStderr,
): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options, onIdleError);
  return openPglite(options);
}
