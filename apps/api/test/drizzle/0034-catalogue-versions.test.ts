import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { findPlan } from '../../src/domain/billing-engine/plans-repository';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

describe.each(drivers)('migration 0034: catalogue versions (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0034_catalogue_versions');
    await database.query(
      `insert into plans (id, name, period, price_cents, credits, save)
       values ('old-annual', 'Old', 'yr', 99000, 90000, 'Save 10%')`,
    );
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('CAT-01 makes each stored plan its first version, in force since -infinity, so every period keeps its price', async () => {
    const versions = await database.query<{ effective_from: string; price_cents: number; save: string }>(
      "select effective_from::text as effective_from, price_cents, save from plan_versions where plan_id = 'old-annual'",
    );
    expect(versions).toEqual([{ effective_from: '-infinity', price_cents: 99000, save: 'Save 10%' }]);
    const plan = await findPlan(database, 'old-annual', new Date('2020-01-01T00:00:00Z'));
    expect(plan).toMatchObject({ priceCents: 99000, creditsCc: 9_000_000, save: 'Save 10%' });
  });

  it('CAT-03 starts the rate table at revision 0, with one row only', async () => {
    expect(await database.query('select id, revision from rate_revision')).toEqual([
      { id: true, revision: 0 },
    ]);
    await expect(
      database.query('insert into rate_revision (id, revision) values (false, 1)'),
    ).rejects.toThrow();
  });
});
