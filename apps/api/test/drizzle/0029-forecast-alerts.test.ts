import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const OLD = '00000000-0000-4000-8000-000000000029';

describe.each(drivers)('migration 0029: forecast alerts (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0029_forecast_alerts');
    await database.query("insert into accounts (id, name) values ($1, 'Practice before 0029')", [OLD]);
    await database.query(
      "insert into spend_thresholds (account_id, kind, amount) values ($1, 'overage_cents', 5000)",
      [OLD],
    );
    await database.migrate();
  });
  afterAll(() => database?.close());

  const thresholds = () =>
    database.query<{ kind: string; amount: number }>(
      'select kind, amount::int as amount from spend_thresholds where account_id = $1 order by kind, amount',
      [OLD],
    );

  it('SPEND-13 keeps the thresholds stored before it and takes a forecast threshold in cents', async () => {
    await database.query(
      "insert into spend_thresholds (account_id, kind, amount) values ($1, 'forecast_overage_cents', 10000)",
      [OLD],
    );
    expect(await thresholds()).toEqual([
      { kind: 'forecast_overage_cents', amount: 10000 },
      { kind: 'overage_cents', amount: 5000 },
      { kind: 'plan_percent', amount: 80 },
      { kind: 'plan_percent', amount: 100 },
    ]);
  });

  it('still refuses an unknown kind and a zero forecast amount', async () => {
    await expect(
      database.query("insert into spend_thresholds (account_id, kind, amount) values ($1, 'forecast', 5)", [
        OLD,
      ]),
    ).rejects.toThrow(/spend_thresholds_kind_check/);
    await expect(
      database.query(
        "insert into spend_thresholds (account_id, kind, amount) values ($1, 'forecast_overage_cents', 0)",
        [OLD],
      ),
    ).rejects.toThrow(/spend_thresholds_amount_check/);
  });
});
