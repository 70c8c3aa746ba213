import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { countHit, deleteLapsedHits, readHits } from '../../src/domain/rate-limits/hit-counts-repository';
import { drivers, openTestDatabase } from '../helpers/app';
import { waitFor } from '../helpers/portal-database';

describe.each(drivers)('shared rate-limit counts (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('counts hits of one key in its window, every key apart, and reads without counting', async () => {
    expect((await countHit(database, 'route|a', 60_000)).hits).toBe(1);
    const second = await countHit(database, 'route|a', 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(50_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await countHit(database, 'route|b', 60_000)).hits).toBe(1);
    expect((await readHits(database, 'route|a')).hits).toBe(2);
    expect((await readHits(database, 'route|a')).hits).toBe(2);
    expect(await readHits(database, 'route|none')).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('counts simultaneous hits exactly once each', async () => {
    await Promise.all(Array.from({ length: 20 }, () => countHit(database, 'route|together', 60_000)));
    expect((await readHits(database, 'route|together')).hits).toBe(20);
  });

  it('starts a new window once the last one lapsed, and forgets lapsed windows', async () => {
    const lapsed = (key: string) => async () => (await readHits(database, key)).hits === 0;
    await countHit(database, 'route|short', 1);
    await countHit(database, 'route|short', 1);
    await waitFor('a 1 ms window lapses', 5_000, lapsed('route|short'));
    expect((await countHit(database, 'route|short', 60_000)).hits).toBe(1);
    expect((await readHits(database, 'route|short')).hits).toBe(1);

    await countHit(database, 'route|lapsing', 1);
    await waitFor('a 1 ms window lapses', 5_000, lapsed('route|lapsing'));
    await deleteLapsedHits(database);
    const keys = (await database.query<{ key: string }>('select key from rate_limit_hits')).map((k) => k.key);
    expect(keys).not.toContain('route|lapsing');
    expect(keys).toEqual(expect.arrayContaining(['route|a', 'route|b', 'route|short']));
  });

  it('a window ending at this very instant is lapsed for the count, the read and the clean-up alike', async () => {
    // One transaction reads one now(): the window ends exactly then, as PGlite's clock can see it.
    const left = await database.transaction(async (tx) => {
      await tx.query(
        "insert into rate_limit_hits (key, hits, window_ends_at) values ('route|instant', 3, now())",
      );
      expect(await readHits(tx, 'route|instant')).toEqual({ hits: 0, ttlMs: 0 });
      await deleteLapsedHits(tx);
      return tx.query("select key from rate_limit_hits where key = 'route|instant'");
    });
    expect(left).toEqual([]);
  });
});
