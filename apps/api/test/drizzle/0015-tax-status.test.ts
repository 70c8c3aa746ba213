import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

/** Tax statuses as free text held them before migration 0015, and what each becomes. */
const FOUND = [
  ['Taxable', 'taxable'],
  ['Exempt', 'exempt'],
  [' EXEMPT ', 'exempt'],
  ['exempt', 'exempt'],
  ['Non-exempt', 'taxable'],
  ['Tax exempt', 'taxable'],
  ['', 'taxable'],
] as const;

const accountId = (i: number) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`;

describe.each(drivers)('migration 0015: tax status is taxable or exempt (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0015_tax_status');
    for (const [i, [status]] of FOUND.entries())
      await database.query('insert into accounts (id, name, tax_status) values ($1, $2, $3)', [
        accountId(i),
        `Practice ${i}`,
        status,
      ]);
    await database.migrate();
  });
  afterAll(() => database?.close());

  it("maps exactly 'exempt' (any case) to exempt and everything else, 'Non-exempt' too, to taxable", async () => {
    const rows = await database.query<{ id: string; tax_status: string; tax_exemption_reference: null }>(
      'select id, tax_status, tax_exemption_reference from accounts order by id',
    );
    expect(rows).toEqual(
      FOUND.map(([, status], i) => ({ id: accountId(i), tax_status: status, tax_exemption_reference: null })),
    );
  });

  it("refuses a value outside the set, so 'Non-exempt' can no longer be stored", async () => {
    for (const status of ['Non-exempt', 'Exempt', 'Taxable', ''])
      await expect(
        database.query('update accounts set tax_status = $2 where id = $1', [accountId(0), status]),
      ).rejects.toThrow(/accounts_tax_status_check/);
    await expect(
      database.query("insert into accounts (name, tax_status) values ('New practice', 'non-exempt')"),
    ).rejects.toThrow(/accounts_tax_status_check/);
    const [fresh] = await database.query<{ tax_status: string }>(
      "insert into accounts (name) values ('Default practice') returning tax_status",
    );
    expect(fresh).toEqual({ tax_status: 'taxable' });
  });

  it('keeps an exemption reference only on an exempt account, and never a blank one', async () => {
    await database.query("update accounts set tax_exemption_reference = 'EX-1' where id = $1", [
      accountId(1),
    ]);
    await expect(
      database.query("update accounts set tax_exemption_reference = 'EX-2' where id = $1", [accountId(0)]),
    ).rejects.toThrow(/accounts_tax_exemption_reference_check/);
    await expect(
      database.query("update accounts set tax_exemption_reference = '  ' where id = $1", [accountId(2)]),
    ).rejects.toThrow(/accounts_tax_exemption_reference_check/);
    await expect(
      database.query("update accounts set tax_status = 'taxable' where id = $1", [accountId(1)]),
    ).rejects.toThrow(/accounts_tax_exemption_reference_check/);
  });
});
