import { createWriteStream, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { askRunningServer } from '../control/ask-server';
import { backupFileName } from '../control/control-file';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DatabaseLockedError } from '../db/lock';

/**
 * The running server writes the dump: it alone holds the embedded database. Its pid, or null when none
 * runs (askRunningServer).
 */
async function fromServer(dataDir: string, partial: string): Promise<number | null> {
  const asked = await askRunningServer(dataDir, '/backup', { method: 'POST' });
  if (!asked) return null;
  const { response, pid } = asked;
  if (response.status !== 200 || !response.body) {
    throw new Error(`The running server (process ${pid}) refused the backup: ${response.status}.`);
  }
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(partial));
  return pid;
}

/** No server runs: this process takes the database's lock and dumps it itself. */
async function directly(dataDir: string, partial: string): Promise<void> {
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    // A server answers backups once it is ready; a CLI holds the database until it ends.
    throw new Error(
      `Not backed up: ${error.message} A server that is still starting answers once it is ready.`,
    );
  }
  try {
    const blob = await database.dumpDataDir!();
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup -- [file]`: a consistent copy of the embedded database as one .tar.gz, while the
 * server runs (through it) or not. Prints the file's path last.
 */
async function main() {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    throw new Error(
      'DATABASE_URL is set: back up a PostgreSQL server with pg_dump, or a base backup with WAL archiving (docs/scaling.md).',
    );
  }
  const { dataDir } = config.database;
  if (!existsSync(join(dataDir, 'pgdata'))) {
    throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  }
  // npm runs scripts from the repository root; a relative path means where the command was typed.
  const target = resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ?? backupFileName(new Date()),
  );
  const partial = `${target}.partial`;
  try {
    const pid = await fromServer(dataDir, partial);
    if (pid !== null) {
      console.error(
        `Backed up the embedded database in ${dataDir} through the running server (process ${pid}).`,
      );
    } else {
      await directly(dataDir, partial);
      console.error(`Backed up the embedded database in ${dataDir} (no server was running).`);
    }
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  console.log(target);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
