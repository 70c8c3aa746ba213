import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';

/** Every file and directory under `root` that its group or anyone else may read, write or enter. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path.slice(root.length)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}

describe('the embedded database on disk', () => {
  const parent = mkdtempSync(join(tmpdir(), 'enq-modes-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates DATA_DIR and every file in it owner-only, and keeps them so across writes and restarts', async () => {
    const dataDir = join(parent, 'data');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      await first.migrate();
      await first.query("insert into server_secrets (name, value) values ('modes-test', '{}')");
      await first.query('checkpoint');
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await again.close();
    }
    expect(readdirSync(join(dataDir, 'pgdata')).length).toBeGreaterThan(10);
  });
});
