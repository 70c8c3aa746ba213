import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { CLI_PROCESS_TIMEOUT_MS, npmRun, npmRunWithEnv, seededDataDir } from '../helpers/npm-run';

describe('npm run import-calls', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enq-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const seeded = seededDataDir();

  const run = (...args: string[]) => npmRun('import-calls', seeded.path, ...args);

  it(
    'imports a CSV through the same ingest, reporting bad rows by line, and a second run only finds duplicates',
    async () => {
      let database = await openDatabase({ kind: 'pglite', dataDir: seeded.path });
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

      database = await openDatabase({ kind: 'pglite', dataDir: seeded.path });
      const rows = await database.query<{ call_uuid: string }>(
        "select call_uuid from calls where call_uuid like 'csv-%' order by call_uuid",
      );
      await database.close();
      expect(rows.map((r) => r.call_uuid)).toEqual(['csv-1', 'csv-3']);
    },
    3 * CLI_PROCESS_TIMEOUT_MS,
  );

  it(
    "an imported call's invoice carries the configured seller (SELLER_*) and tax (TAX_RATE_PERCENT)",
    async () => {
      // The data dir the demo seller's first start left: only the import runs with the settings.
      let database = await openDatabase({ kind: 'pglite', dataDir: seeded.path });
      const [{ pin, account_id }] = (await database.query<{ pin: string; account_id: string }>(
        'select pin, account_id from people where email = $1',
        [DEMO_ADMIN.email],
      )) as [{ pin: string; account_id: string }];
      const before = await database.query<{ id: string }>('select id from invoices');
      await database.close();

      // Five calls of a day each: far past the plan's credits and the $300 high-water mark.
      const at = new Date(Date.now() - 3_600_000).toISOString();
      const rows = [1, 2, 3, 4, 5].map(
        (i) => `long-${i},${pin},${at},IRS Practitioner Priority Service,+12125550100,86400`,
      );
      const file = join(dir, 'long-calls.csv');
      writeFileSync(
        file,
        ['call_uuid,pin,call_timestamp,destination,caller_id_number,billed_duration', ...rows].join('\n'),
      );
      const imported = await npmRunWithEnv(
        {
          SELLER_NAME: 'Gulf Coast Phone Access LLC',
          SELLER_ADDRESS: '500 Water Street; Corpus Christi, TX 78401',
          SELLER_EMAIL: 'receivables@gulfcoast.example',
          SELLER_TAX_ID: 'EIN 74-1234567',
          TAX_RATE_PERCENT: '8.25',
        },
        'import-calls',
        seeded.path,
        file,
      );
      expect(imported.stdout, imported.stderr).toContain('5 calls imported');

      database = await openDatabase({ kind: 'pglite', dataDir: seeded.path });
      const issued = await database.query<{
        kind: string;
        seller: unknown;
        subtotal_cents: number;
        tax_rate_bp: number;
        tax_cents: number;
      }>(
        'select kind, seller, subtotal_cents, tax_rate_bp, tax_cents from invoices where account_id = $1 and id <> all($2)',
        [account_id, before.map((b) => b.id)],
      );
      await database.close();
      expect(issued.length).toBeGreaterThan(0);
      for (const invoice of issued) {
        expect(invoice.kind).toBe('interim');
        expect(invoice.seller).toEqual({
          name: 'Gulf Coast Phone Access LLC',
          address: ['500 Water Street', 'Corpus Christi, TX 78401'],
          email: 'receivables@gulfcoast.example',
          tax_id: 'EIN 74-1234567',
        });
        expect(invoice.tax_rate_bp).toBe(825);
        expect(invoice.tax_cents).toBe(Math.floor((invoice.subtotal_cents * 825) / 10_000 + 0.5));
        expect(invoice.tax_cents).toBeGreaterThan(0);
      }
    },
    2 * CLI_PROCESS_TIMEOUT_MS,
  );
});
