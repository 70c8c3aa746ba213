import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../api/src/db/client';
import { prepareDatabase } from '../../../api/src/startup/prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory migrated and demo-seeded once for the run; each journey's server runs on a copy. */
    seededDataDir: string;
  }
}

/**
 * The journeys' global set-up. Migrating and seeding the demo account takes a server's first start
 * 5-10 s on a busy two-core machine, and no journey is about that start (the API's startup tests
 * are): the run does it once, and each journey copies the result.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'enq-e2e-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await prepareDatabase(database, { seedDemo: true });
  } finally {
    await database.close();
  }
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
