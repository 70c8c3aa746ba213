import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';

describe.each(drivers)('a transaction handle (%s)', (driver) => {
  let database: Database;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await database?.close();
  });

  it('runs statements sent at once one after another, in the order sent, each with its own answer', async () => {
    const order = await database.transaction(async (tx) => {
      await tx.query('create temporary table sent (n int) on commit drop');
      const sent = Array.from({ length: 8 }, (_, n) =>
        tx.query<{ n: number }>(
          // The first waits a little: were they run at once, the later ones would be written first.
          `insert into sent (n) select $1::int from (select pg_sleep(case when $1::int = 0 then 0.05 else 0 end)) s
           returning n`,
          [n],
        ),
      );
      expect((await Promise.all(sent)).map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      return tx.query<{ n: number }>('select n from sent order by ctid');
    });
    expect(order.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // pg deprecates a second query on a busy connection (and pg@9 refuses it).
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });

  it('a failed statement fails the transaction: the statements behind it fail, and so does the commit', async () => {
    const settled: string[] = [];
    const outcome = await database
      .transaction(async (tx) => {
        await tx.query('create temporary table kept (n int)');
        for (const result of await Promise.allSettled([
          tx.query('select 1 / 0'),
          tx.query('insert into kept values (1)'),
        ]))
          settled.push(result.status);
        return 'committed';
      })
      .catch((error: Error) => error.message);
    expect(settled).toEqual(['rejected', 'rejected']);
    // Work that went on after a failure was rolled back: the caller is told so, on both drivers.
    expect(outcome).toBe('Transaction was rolled back instead of committed');
  });
});
