import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Database } from '../../src/db/client';
import { statementName } from '../../src/db/pglite-statements';
import { drivers, openTestDatabase } from '../helpers/app';

describe.each(drivers)('named statements on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('answer exactly what the plain statement answers, for awkward strings too', async () => {
    const sql = 'select $1::text as t, $2::int as n, $3::boolean as b, $4::text as z';
    for (const value of ["it's", 'back\\slash', "'); drop table people; --", '']) {
      const params = [value, 42, true, null];
      const plain = await database.query(sql, params);
      expect(await database.query(sql, params, { prepare: true })).toEqual(plain);
      expect(plain).toEqual([{ t: value, n: 42, b: true, z: null }]);
    }
  });

  it('take values they cannot inline (dates, arrays) through the plain statement', async () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const rows = await database.query<{ at: Date; ids: number[] }>(
      'select $1::timestamptz as at, $2::int[] as ids',
      [at, [1, 2]],
      { prepare: true },
    );
    expect(new Date(rows[0]!.at).toISOString()).toBe(at.toISOString());
    expect(rows[0]!.ids).toEqual([1, 2]);
  });

  it('serve concurrent first uses of one name', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => database.query<{ n: number }>('select $1::int as n', [n], { prepare: true })),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4]);
  });

  it('are used inside a transaction too, with the answers of the plain statement, dates included', async () => {
    const sql = 'select $1::text as t, $2::timestamptz as at, $3::int as n /* in a transaction */';
    const at = new Date('2026-11-22T10:00:00.123Z');
    const rows = await database.transaction(async (tx) => {
      const prepared = await tx.query<{ t: string; at: Date; n: number | null }>(sql, ["it's", at, null], {
        prepare: true,
      });
      const named = await tx.query('select 1 from pg_prepared_statements where name = $1', [
        statementName(sql),
      ]);
      return { prepared, plain: await tx.query(sql, ["it's", at, null]), named: named.length };
    });
    expect(rows.prepared).toEqual(rows.plain);
    expect(new Date(rows.prepared[0]!.at).toISOString()).toBe(at.toISOString());
    expect(rows.named).toBe(1);
  });

  it('prepared first inside a transaction that rolls back, serve later statements inside and out', async () => {
    const sql = 'select $1::int + 1 as n /* rolled back */';
    await expect(
      database.transaction(async (tx) => {
        await tx.query(sql, [1], { prepare: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.query(sql, [2], { prepare: true })).toEqual([{ n: 3 }]);
    expect(await database.transaction((tx) => tx.query(sql, [3], { prepare: true }))).toEqual([{ n: 4 }]);
  });

  it('answer a first use inside a transaction while another caller prepares the same one outside', async () => {
    const sql = 'select $1::int * 2 as n /* both at once */';
    const answers = await Promise.all([
      database.query<{ n: number }>(sql, [1], { prepare: true }),
      database.transaction((tx) => tx.query<{ n: number }>(sql, [2], { prepare: true })),
      database.query<{ n: number }>(sql, [3], { prepare: true }),
      database.transaction((tx) => tx.query<{ n: number }>(sql, [4], { prepare: true })),
    ]);
    expect(answers.map((rows) => rows[0]!.n)).toEqual([2, 4, 6, 8]);
  });
});

describe.each(drivers)('transactions on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.query('create table notes (body text not null)');
  });
  afterAll(() => database.close());
  const notes = async () =>
    (await database.query<{ body: string }>('select body from notes order by body')).map((r) => r.body);

  it("take part in the caller's when opened inside one: both commit, or neither", async () => {
    await database.transaction(async (tx) => {
      await tx.query(`insert into notes values ('caller')`);
      await tx.transaction((inner) => inner.query(`insert into notes values ('engine')`));
    });
    expect(await notes()).toEqual(['caller', 'engine']);

    await expect(
      database.transaction(async (tx) => {
        await tx.transaction((inner) => inner.query(`insert into notes values ('engine 2')`));
        throw new Error('the caller fails after the engine call');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await notes()).toEqual(['caller', 'engine']);
  });

  it('roll back only their own writes when they fail and the caller goes on', async () => {
    await database.transaction(async (tx) => {
      await tx.query(`insert into notes values ('kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.query(`insert into notes values ('undone')`);
          await inner.query('select 1 / 0');
        }),
      ).rejects.toThrow();
      await tx.query(`insert into notes values ('kept too')`);
    });
    expect(await notes()).toEqual(['caller', 'engine', 'kept', 'kept too']);
  });
});

describe.runIf(drivers.includes('postgres'))('connections on postgres', () => {
  it('one the server drops while idle is reported, and the next query opens a new one', async () => {
    const dropped: Error[] = [];
    const database = await openTestDatabase('postgres', (error) => dropped.push(error));
    try {
      const pidNow = async () =>
        (await database.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
      const pid = await pidNow();
      // What a server restart or an administrator's terminate does to a pooled connection.
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await killer.end();
      await expect.poll(() => dropped.length, { timeout: 10_000 }).toBe(1);
      expect((dropped[0] as Error & { code?: string }).code).toBe('57P01');
      expect(await pidNow()).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});
