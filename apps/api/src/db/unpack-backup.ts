import { PGlite } from '@electric-sql/pglite';

/**
 * Unpacks a backup (a gzip dump of a PGlite data dir) into `staging` and answers how many accounts it
 * holds: the file opens as a portal database before it takes the live one's place.
 */
export async function unpackBackup(staging: string, backup: File): Promise<number> {
  const restored = await PGlite.create(staging, { loadDataDir: backup });
  try {
    const { rows } = await restored.query<{ n: number }>('select count(*)::int as n from accounts');
    return rows[0]!.n;
  } finally {
    await restored.close();
  }
}
