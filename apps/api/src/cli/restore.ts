import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { acquireDataDirLock, DatabaseLockedError } from '../db/lock';
import { keepOwnerOnly } from '../db/owner-only';
import { unpackBackup } from '../db/unpack-backup';

/**
 * `npm run restore -- data-backup-<time>.tar.gz`: puts a backup in place of the embedded database in
 * DATA_DIR, while no server runs (it refuses otherwise). The database it replaces is kept beside it.
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- data-backup-<time>.tar.gz');
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    throw new Error(
      'DATABASE_URL is set: restore a PostgreSQL server with pg_restore or from its base backup (docs/scaling.md).',
    );
  }
  const { dataDir } = config.database;
  const source = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(source)) throw new Error(`No backup file at ${source}.`);

  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    throw new Error(
      `Not restored: a restore replaces the database, so stop the server first. ${error.message}`,
    );
  }
  try {
    // Unpacked and opened beside the live files first: a bad file leaves the current database as it was.
    const staging = join(dataDir, 'pgdata.restoring');
    rmSync(staging, { recursive: true, force: true });
    const backup = new File([readFileSync(source)], basename(source), { type: 'application/x-gzip' });
    const accounts = await unpackBackup(staging, backup);
    const live = join(dataDir, 'pgdata');
    const kept = join(dataDir, `pgdata.before-restore-${new Date().toISOString().replaceAll(':', '-')}`);
    const hadDatabase = existsSync(live);
    if (hadDatabase) renameSync(live, kept);
    renameSync(staging, live);
    keepOwnerOnly(dataDir);
    console.log(`Restored ${source} into ${dataDir} (${accounts} accounts).`);
    if (hadDatabase)
      console.log(`The database it replaced is kept in ${kept}: delete it when you no longer need it.`);
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
