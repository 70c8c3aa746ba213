import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const OLD = '00000000-0000-4000-8000-000000000025';
const PERSON = '00000000-0000-4000-8000-000000000026';
const PERIOD = '00000000-0000-4000-8000-000000000027';

describe.each(drivers)('migration 0025: spend alerts and caps (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0025_spend_control');
    await database.query("insert into accounts (id, name) values ($1, 'Practice before 0025')", [OLD]);
    await database.query(
      "insert into plans (id, name, period, price_cents, credits) values ('test-monthly', 'Test', 'mo', 9900, 1000)",
    );
    await database.query(
      `insert into people (id, account_id, full_name, email, pin) values ($2, $1, 'Jo Park', 'jo@example.com', '55501234')`,
      [OLD, PERSON],
    );
    await database.query(
      `insert into billing_periods (id, account_id, plan_id, starts_at, ends_at)
       values ($2, $1, 'test-monthly', '2026-11-01', '2026-12-01')`,
      [OLD, PERIOD],
    );
    await insertCall('before-0025', 1234);
    await database.migrate();
  });
  afterAll(() => database?.close());

  const insertCall = (uuid: string, creditsCc: number) =>
    database.query(
      `insert into calls (account_id, call_uuid, person_id, user_name, call_timestamp, destination, caller_id_number,
                          billed_seconds, billing_rate, credits_used, period_id)
       values ($1, $2, $3, 'Jo Park', '2026-11-05T15:00:00Z', 'IRS', '', 60, 3000, $4, $5)`,
      [OLD, uuid, PERSON, creditsCc, PERIOD],
    );
  const usage = () =>
    database.query<{ credits_cc: number }>(
      'select credits_cc::int from user_period_usage where account_id = $1 and period_id = $2 and person_id = $3',
      [OLD, PERIOD, PERSON],
    );

  it("SPEND-08 counts an open period's calls made before it per person, and every call booked after it", async () => {
    expect(await usage()).toEqual([{ credits_cc: 1234 }]);
    await insertCall('after-0025-a', 1000);
    await insertCall('after-0025-b', 66);
    expect(await usage()).toEqual([{ credits_cc: 2300 }]);
  });

  const thresholds = (accountId: string) =>
    database.query<{ kind: string; amount: number }>(
      'select kind, amount::int as amount from spend_thresholds where account_id = $1 order by amount',
      [accountId],
    );

  it('SPEND-01 gives an account that existed before it the 80% and 100% alerts', async () => {
    expect(await thresholds(OLD)).toEqual([
      { kind: 'plan_percent', amount: 80 },
      { kind: 'plan_percent', amount: 100 },
    ]);
  });

  it('SPEND-01 gives an account created after it the 80% and 100% alerts', async () => {
    const [fresh] = await database.query<{ id: string }>(
      "insert into accounts (name) values ('Practice after 0025') returning id",
    );
    expect(await thresholds(fresh!.id)).toEqual([
      { kind: 'plan_percent', amount: 80 },
      { kind: 'plan_percent', amount: 100 },
    ]);
  });

  it('refuses an unknown kind, a zero amount, a zero cap, and a second firing of one threshold in one period', async () => {
    await expect(
      database.query("insert into spend_thresholds (account_id, kind, amount) values ($1, 'dollars', 5)", [
        OLD,
      ]),
    ).rejects.toThrow(/spend_thresholds_kind_check/);
    await expect(
      database.query(
        "insert into spend_thresholds (account_id, kind, amount) values ($1, 'overage_cents', 0)",
        [OLD],
      ),
    ).rejects.toThrow(/spend_thresholds_amount_check/);
    await expect(
      database.query('insert into spending_caps (account_id, cap_cents) values ($1, 0)', [OLD]),
    ).rejects.toThrow(/spending_caps_cap_check/);
    const [period] = await database.query<{ id: string }>(
      `insert into billing_periods (account_id, plan_id, starts_at, ends_at)
       values ($1, $2, '2026-12-01', '2027-01-01') returning id`,
      [OLD, 'test-monthly'],
    );
    const fire = () =>
      database.query(
        `insert into spend_alert_firings (account_id, period_id, kind, amount, fired_at)
         values ($1, $2, 'plan_percent', 80, now())`,
        [OLD, period!.id],
      );
    await fire();
    await expect(fire()).rejects.toThrow(/spend_alert_firings_pk/);
  });
});
