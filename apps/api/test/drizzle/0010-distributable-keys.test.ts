// Migration 0010 on existing data: the demo account as the seed writes it today, copied into a database
// at migration 0009 (where staff have no account and child rows no account column), then migrated, must
// come out row for row as the seed writes it on the new schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import type { Transactional } from '../../src/db/handle';
import { STAFF_ACCOUNT_ID } from '../../src/db/schema';
import { seedDemoData, seedReferenceData } from '../../src/db/seed';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const tablesOf = async (q: Transactional) =>
  (
    await q.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.table_name);

/** Every row of a table as JSON, in a stable order. */
async function rowsOf(q: Transactional, table: string): Promise<Record<string, unknown>[]> {
  const [row] = await q.query<{ rows: Record<string, unknown>[] }>(
    `select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]') as rows from "${table}" x`,
  );
  return row!.rows;
}

// Tables the demo fills, so the comparison is not over empty tables.
const NON_EMPTY = [
  'people',
  'profiles',
  'calls',
  'credit_ledger',
  'invoices',
  'invoice_lines',
  'payments',
  'refunds',
  'pins',
  'sign_in_emails',
  'identity_subjects',
  'invoice_numbers',
  'notifications',
];

/** The database error behind a failed query (drivers may wrap it). */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  while (e && !e.code && e.cause) e = e.cause as typeof e;
  return e ?? {};
}

/** The staff account's row is made by the migration, so only its creation time differs. */
const withoutStaffCreatedAt = (rows: Record<string, unknown>[]) =>
  rows.map((r) => (r.id === STAFF_ACCOUNT_ID ? { ...r, created_at: null } : r));

/**
 * What a later migration derives for rows it finds rather than copies: 0013 gives a payment made before
 * it its provider id from its own id and its settling time from its creation (0009's rows lack both);
 * 0024 gives calls found their places in the table's order and leaves invoices issued before it without
 * the last call they cover (they list their whole period); 0012 makes emails found due at once; 0030
 * makes every staff member it finds an admin of the console (0009 had no roles); 0035's notice columns
 * (audience plan, author, withdrawal) have nothing to copy from; 0046 finds every payment made at the
 * page (off_session false: it cannot tell a close's charge from a Pay now).
 */
const withoutDerived = (table: string, rows: Record<string, unknown>[]) => {
  if (table === 'payments')
    return rows.map(({ provider_payment_id: _p, resolved_at: _r, off_session: _o, ...rest }) => rest);
  if (table === 'calls') return rows.map(({ billed_seq: _s, ...rest }) => rest);
  if (table === 'invoices') return rows.map(({ calls_through: _c, ...rest }) => rest);
  // 0012 makes an email found in the outbox due when it runs (the demo's spend alerts, 0025).
  if (table === 'outbox') return rows.map(({ next_attempt_at: _n, ...rest }) => rest);
  if (table === 'people') return rows.map(({ staff_role: _r, ...rest }) => rest);
  // 0035's audiences and withdrawals: the seed's plan notice and withdrawn notice are 0035's own.
  if (table === 'notifications')
    return rows.map(
      ({ plan_id: _p, created_by: _c, withdrawn_at: _w, withdraw_reason: _r, ...rest }) => rest,
    );
  return rows;
};

describe.each(drivers)('migration 0010: the demo account becomes distributable by account (%s)', (driver) => {
  let seeded: Database;
  let migrated: Database;
  let tables: string[];
  /** The tables as they stood at 0010: the ones whose rows were copied in. */
  let old: Set<string>;
  beforeAll(async () => {
    seeded = await openTestDatabase(driver);
    await seeded.migrate();
    await seedReferenceData(seeded);
    expect(await seedDemoData(seeded)).toBe(true);
    tables = await tablesOf(seeded);

    migrated = await openTestDatabase(driver);
    await migrateUpTo(migrated, '0010_distributable_by_account');
    old = new Set(await tablesOf(migrated));
    // Copied as the tables stood at 0009: columns 0009 lacks are dropped by jsonb_populate_recordset,
    // staff go back to having no account, and triggers and foreign keys rest while rows go in.
    await migrated.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      for (const table of tables.filter((t) => old.has(t))) {
        let rows = await rowsOf(seeded, table);
        if (table === 'accounts') rows = rows.filter((r) => r.id !== STAFF_ACCOUNT_ID);
        if (table === 'people')
          rows = rows.map((r) => (r.account_id === STAFF_ACCOUNT_ID ? { ...r, account_id: null } : r));
        await tx.query(
          `insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)`,
          [JSON.stringify(rows)],
        );
      }
    });
    const [staff] = await migrated.query<{ n: number }>(
      'select count(*)::int as n from people where account_id is null',
    );
    expect(staff!.n).toBe(3); // the seeded staff, one of each console role
    await migrated.migrate();
  }, 180_000);
  afterAll(async () => {
    await seeded?.close();
    await migrated?.close();
  });

  it('keeps every row of every table, with the account copied onto the rows that now carry it', async () => {
    expect(await tablesOf(migrated)).toEqual(tables);
    for (const table of tables.filter((t) => old.has(t))) {
      const expected = withoutDerived(table, withoutStaffCreatedAt(await rowsOf(seeded, table)));
      if (NON_EMPTY.includes(table)) expect(expected.length, table).toBeGreaterThan(0);
      expect(withoutDerived(table, withoutStaffCreatedAt(await rowsOf(migrated, table))), table).toEqual(
        expected,
      );
    }
  });

  it('deleting a user keeps their calls under the account, and a PIN stays unique across accounts', async () => {
    const [user] = await migrated.query<{ id: string; account_id: string; pin: string; calls: number }>(
      `select p.id, p.account_id, p.pin, count(*)::int as calls from people p join calls c on c.person_id = p.id
        where not p.is_admin group by p.id, p.account_id, p.pin order by calls desc limit 1`,
    );
    expect(user!.calls).toBeGreaterThan(0);
    await migrated.query('delete from people where id = $1', [user!.id]);
    const [kept] = await migrated.query<{ n: number }>(
      'select count(*)::int as n from calls where account_id = $1 and person_id is null',
      [user!.account_id],
    );
    expect(kept!.n).toBeGreaterThanOrEqual(user!.calls);
    expect(await migrated.query('select 1 from pins where pin = $1', [user!.pin])).toEqual([]);

    const [admin] = await migrated.query<{ pin: string }>(
      'select pin from people where is_admin and pin is not null limit 1',
    );
    const other = await migrated.query<{ id: string }>(
      "insert into accounts (name) values ('Other Practice') returning id",
    );
    const clash = await migrated
      .query(
        "insert into people (account_id, full_name, email, pin) values ($1, 'Pat', 'pat@x.example', $2)",
        [other[0]!.id, admin!.pin],
      )
      .then(() => null, databaseError);
    expect(clash).toMatchObject({ code: '23505', constraint: 'people_pin_key' });
  });
});
