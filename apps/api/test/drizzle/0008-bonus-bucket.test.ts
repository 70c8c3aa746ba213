import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '../../src/domain/billing-engine/subscription-periods-repository';
import { periodUsage } from '../../src/domain/billing-engine/ledger-repository';
import { createAccount, createWorld, type World } from '../helpers/billing-harness';

const MIGRATION = readFileSync(new URL('../../drizzle/0008_bonus_bucket.sql', import.meta.url), 'utf8');
// The data part of the migration (the column already exists once the test database is migrated).
const DATA_STATEMENTS = MIGRATION.split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => !/^(--[^\n]*\n)*ALTER TABLE/.test(s));

describe('migration 0008: bonus credits move out of the rollover bucket (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', '2026-01-15T15:00:00Z');
  });
  afterAll(() => world?.close());

  // 0008 ran before the ledger became append-only (0014); replayed here on a database migrated to the
  // end, it may move the old-style rows with that guard lifted for the replay alone.
  const runDataMigration = () =>
    world.database.transaction(async (tx) => {
      await tx.query('alter table credit_ledger disable trigger credit_ledger_unchanged');
      for (const statement of DATA_STATEMENTS) await tx.query(statement);
      await tx.query('alter table credit_ledger enable trigger credit_ledger_unchanged');
    });

  it('has calls.bonus_credits defaulting to 0', async () => {
    const [column] = await world.database.query<{ column_default: string; is_nullable: string }>(
      "select column_default, is_nullable from information_schema.columns where table_name = 'calls' and column_name = 'bonus_credits'",
    );
    expect(column).toEqual({ column_default: '0', is_nullable: 'NO' });
  });

  it('moves an old-style bonus row to the bonus bucket and re-splits what was drawn as rollover', async () => {
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const period = (await currentPeriod(world.database, accountId))!;
    // Before 0008: 200 credits carried in and a 1,000 credit bonus, both booked as rollover; after the
    // plan's 30,000, two calls drew 300 and 500 credits of "rollover".
    const ledger = async (bucket: string, kind: string, amount: number) =>
      world.database.query(
        `insert into credit_ledger (account_id, period_id, bucket, kind, amount, at) values ($1, $2, $3, $4, $5, now())`,
        [accountId, period.id, bucket, kind, amount],
      );
    await ledger('rollover', 'carry_in', 20_000);
    await ledger('rollover', 'bonus', 100_000);
    await ledger('plan', 'use', -3_000_000);
    await ledger('rollover', 'use', -80_000);
    for (const [uuid, minute, plan, rollover] of [
      ['old-1', 0, 3_000_000, 0],
      ['old-2', 1, 0, 30_000],
      ['old-3', 2, 0, 50_000],
    ] as const) {
      await world.database.query(
        `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number, billed_seconds,
                            billing_rate, credits_used, plan_credits, rollover_credits, period_id)
         values ($1, $2, 'Alex Admin', $3, 'IRS', '+12125550100', 60, 1, $4, $5, $6, $7)`,
        [
          accountId,
          uuid,
          new Date(Date.UTC(2026, 0, 16, 15, minute)),
          plan + rollover,
          plan,
          rollover,
          period.id,
        ],
      );
    }

    await runDataMigration();
    const usage = await periodUsage(world.database, accountId, period.id);
    expect(usage.used).toMatchObject({ plan: 3_000_000, rollover: 20_000, bonus: 60_000 });
    expect(usage.left).toEqual({ plan: 0, rollover: 0, bonus: 40_000 });
    const calls = await world.database.query<{ call_uuid: string; rollover: string; bonus: string }>(
      `select call_uuid, rollover_credits::text as rollover, bonus_credits::text as bonus from calls
        where account_id = $1 order by call_uuid`,
      [accountId],
    );
    expect(calls).toEqual([
      { call_uuid: 'old-1', rollover: '0', bonus: '0' },
      { call_uuid: 'old-2', rollover: '20000', bonus: '10000' },
      { call_uuid: 'old-3', rollover: '0', bonus: '50000' },
    ]);

    // Running it again changes nothing.
    await runDataMigration();
    expect(await periodUsage(world.database, accountId, period.id)).toEqual(usage);
  });
});
