import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { seedDemoData, seedReferenceData } from '../../src/db/seed';
import { drivers, openTestDatabase } from '../helpers/app';

const SCHEMA_SNAPSHOT = `
  select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
   order by table_name, column_name`;
const INDEX_SNAPSHOT = `select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`;
const COUNTS = `select (select count(*) from accounts)::int as accounts, (select count(*) from people)::int as people,
  (select count(*) from plans)::int as plans, (select count(*) from subscriptions)::int as subscriptions`;

describe.each(drivers)('migrations and seed (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database?.close());

  it('applies the migrations on an empty database, and running them again changes nothing', async () => {
    await database.migrate();
    const columns = await database.query(SCHEMA_SNAPSHOT);
    const indexes = await database.query(INDEX_SNAPSHOT);
    const applied = await database.query('select hash from drizzle.__drizzle_migrations order by id');
    expect(columns.length).toBeGreaterThan(20);

    await database.migrate();
    expect(await database.query(SCHEMA_SNAPSHOT)).toEqual(columns);
    expect(await database.query(INDEX_SNAPSHOT)).toEqual(indexes);
    expect(await database.query('select hash from drizzle.__drizzle_migrations order by id')).toEqual(
      applied,
    );
  });

  it('seeds the demo account once: an admin with a PIN, sub-account users and a staff identity', async () => {
    await seedReferenceData(database);
    await seedReferenceData(database);
    expect(await seedDemoData(database)).toBe(true);
    const counts = await database.query(COUNTS);
    expect(await seedDemoData(database)).toBe(false);
    expect(await database.query(COUNTS)).toEqual(counts);

    const people = await database.query<{
      is_admin: boolean;
      is_staff: boolean;
      staff_role: string | null;
      pin: string | null;
      password_hash: string | null;
    }>('select is_admin, is_staff, staff_role, pin, password_hash from people');
    const admin = people.filter((p) => p.is_admin);
    // The practice, the annual-plan bookkeeper, the new team, and the paused, cancelled and switched ones.
    expect(admin).toHaveLength(6);
    expect(admin[0]!.pin).toMatch(/^\d{6}$/);
    expect(admin[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(people.filter((p) => !p.is_admin && !p.is_staff).length).toBeGreaterThanOrEqual(3);
    // One staff member of each console role (issue 25).
    expect(
      people
        .filter((p) => p.is_staff)
        .map((p) => p.staff_role)
        .sort(),
    ).toEqual(['admin', 'finance', 'support']);
    const pins = people.map((p) => p.pin).filter(Boolean);
    expect(new Set(pins).size).toBe(pins.length);
  });
});
