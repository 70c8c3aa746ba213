import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const OLD = '00000000-0000-4000-8000-000000000035';

describe.each(drivers)('migration 0035: console notices and view-as tokens (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0030_staff_console');
    await database.query("insert into accounts (id, name) values ($1, 'Practice before 0035')", [OLD]);
    await database.query(
      "insert into notifications (account_id, title, text) values ($1, 'Own notice', 'x'), (null, 'Global notice', 'y')",
      [OLD],
    );
    await database.query(
      `insert into people (account_id, full_name, email, is_admin) values ($1, 'Pat Old', 'pat@old.example', true)`,
      [OLD],
    );
    await database.query(
      `insert into api_tokens (token_hash, account_id, person_id, expires_at)
       select 'hash-before-0035', account_id, id, now() + interval '1 hour' from people where account_id = $1`,
      [OLD],
    );
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('NOTICE-01 keeps the notices written before it for their account and for all, live and by nobody', async () => {
    const rows = await database.query(
      'select title, account_id, plan_id, withdrawn_at, created_by from notifications order by title',
    );
    expect(rows).toEqual([
      { title: 'Global notice', account_id: null, plan_id: null, withdrawn_at: null, created_by: null },
      { title: 'Own notice', account_id: OLD, plan_id: null, withdrawn_at: null, created_by: null },
    ]);
  });

  it('STAFF-07 keeps the tokens issued before it as full, non-view-as sessions', async () => {
    const [token] = await database.query(
      'select read_only, issued_to_staff from api_tokens where token_hash = $1',
      ['hash-before-0035'],
    );
    expect(token).toEqual({ read_only: false, issued_to_staff: null });
  });

  it('refuses a notice addressed both to a plan and to one account', async () => {
    const [plan] = await database.query<{ id: string }>('select id from plans limit 1');
    if (!plan)
      await database.query(
        "insert into plans (id, name, period, price_cents, credits) values ('p', 'P', 'mo', 1, 1)",
      );
    const planId = plan?.id ?? 'p';
    await expect(
      database.query(
        "insert into notifications (account_id, plan_id, title, text) values ($1, $2, 't', 'x')",
        [OLD, planId],
      ),
    ).rejects.toThrow(/notifications_one_audience_check/);
  });
});
