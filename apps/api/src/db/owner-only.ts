import { PGlite } from '@electric-sql/pglite';
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Clears the group and other bits of a directory and everything in it. The embedded database holds
 * password hashes, PINs and tokens' hashes, but PGlite writes its initial files world-readable and
 * writable (mode 666, whatever the umask: it sets modes itself); PostgreSQL's own later files are 600.
 * Symbolic links are left alone (their mode means nothing, and their targets are not ours).
 */
export function keepOwnerOnly(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const entry of readdirSync(path)) keepOwnerOnly(join(path, entry));
}

/** Opens (or creates) the embedded database in `dataDir/pgdata`, its files readable by this user only. */
export async function openPgliteDataDir(dataDir: string): Promise<PGlite> {
  const client = await PGlite.create(join(dataDir, 'pgdata'));
  keepOwnerOnly(dataDir);
  return client;
}
