import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const OLD = '00000000-0000-4000-8000-000000000031';
const OTHER = '00000000-0000-4000-8000-000000000131';
const PERSON = '00000000-0000-4000-8000-000000000231';

describe.each(drivers)('migration 0031: two-factor sign-in (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0030_staff_console');
    await database.query("insert into accounts (id, name) values ($1, 'Before 0031'), ($2, 'Another')", [
      OLD,
      OTHER,
    ]);
    await database.query(
      `insert into people (id, account_id, full_name, email, pin) values ($2, $1, 'Jo Park', 'jo@example.com', '55503131')`,
      [OLD, PERSON],
    );
    await database.query(
      `insert into api_tokens (token_hash, account_id, person_id, expires_at) values ('h-0031', $1, $2, now() + interval '1 hour')`,
      [OLD, PERSON],
    );
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('TOTP-04 a token issued before it counts as issued without a second factor', async () => {
    expect(await database.query("select second_factor from api_tokens where token_hash = 'h-0031'")).toEqual([
      { second_factor: false },
    ]);
  });

  it("keeps a person's key and recovery codes in the person's own account, and drops them with the person", async () => {
    await expect(
      database.query("insert into two_factor (account_id, person_id, secret) values ($1, $2, 'v1.x')", [
        OTHER,
        PERSON,
      ]),
    ).rejects.toThrow(/two_factor_person_fk/);
    await database.query("insert into two_factor (account_id, person_id, secret) values ($1, $2, 'v1.x')", [
      OLD,
      PERSON,
    ]);
    await database.query(
      "insert into two_factor_recovery_codes (account_id, person_id, code_hash) values ($1, $2, 'a')",
      [OLD, PERSON],
    );
    await database.query('delete from api_tokens where person_id = $1', [PERSON]);
    await database.query('delete from people where id = $1', [PERSON]);
    expect(await database.query('select 1 from two_factor')).toEqual([]);
    expect(await database.query('select 1 from two_factor_recovery_codes')).toEqual([]);
  });
});
