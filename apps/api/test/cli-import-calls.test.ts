import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DEMO_ADMIN } from '../src/db/seed/demo-account';
import { CLI_PROCESS_TIMEOUT_MS, npmRun } from './helpers/npm-run';

describe('npm run import-calls', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enq-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const dataDir = join(dir, 'data');
  const run = (...args: string[]) => npmRun('import-calls', dataDir, ...args);

  it(
    'imports a CSV through the same ingest, reporting bad rows by line, and a second run only finds duplicates',
    async () => {
      // Seed first (the token command migrates and seeds an empty data dir), then read the admin's PIN.
      expect((await npmRun('token', dataDir)).status).toBe(0);
      let database = await openDatabase({ kind: 'pglite', dataDir });
      const [{ pin }] = (await database.query<{ pin: string }>('select pin from people where email = $1', [
        DEMO_ADMIN.email,
      ])) as [{ pin: string }];
      await database.close();

      const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
      const csv = [
        'call_uuid,pin,call_timestamp,destination,caller_id_number,billed_duration',
        `csv-1,${pin},${at},IRS Practitioner Priority Service,+12125550100,300`,
        `csv-2,${pin},${at},IRS Practitioner Priority Service,+12125550100,not-a-number`,
        `csv-3,${pin},${at},California FTB Tax Practitioner Hotline,+12125550101,45`,
      ].join('\n');
      const file = join(dir, 'calls.csv');
      writeFileSync(file, csv);

      const first = await run(file);
      expect(first.status).toBe(2); // some rows were rejected
      expect(first.stdout).toContain('2 calls imported, 0 duplicates skipped, 1 rejected');
      expect(first.stderr).toMatch(/line 3: billed_duration/);
      const again = await run(file);
      expect(again.stdout).toContain('0 calls imported, 2 duplicates skipped, 1 rejected');

      database = await openDatabase({ kind: 'pglite', dataDir });
      const rows = await database.query<{ call_uuid: string }>(
        "select call_uuid from calls where call_uuid like 'csv-%' order by call_uuid",
      );
      await database.close();
      expect(rows.map((r) => r.call_uuid)).toEqual(['csv-1', 'csv-3']);
    },
    3 * CLI_PROCESS_TIMEOUT_MS,
  );
});
