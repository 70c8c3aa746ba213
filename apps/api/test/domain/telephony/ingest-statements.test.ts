import { SPEND_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transactional } from '../../../src/db/handle';
import { ingestCalls } from '../../../src/domain/telephony/ingest';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, DESTINATION, type World } from '../../helpers/billing-harness';

/** The database, with every statement sent through it (or a transaction of it) written down. */
function recording(db: Transactional, texts: string[]): Transactional {
  return {
    query: (text, params, options) => {
      texts.push(text);
      return db.query(text, params, options);
    },
    transaction: (work) => db.transaction((tx) => work(recording(tx, texts))),
  };
}

// The telephony hot path (SPEND-05): a batch's alerts, cap and users' limits are weighed by one statement,
// so an account without user limits pays nothing for them, and one with limits still gets its email.
describe.each(drivers)('the statements of a telephony batch (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
  });
  afterAll(() => world?.close());

  const post = async (pin: string, prefix: string, count: number, seconds: number) => {
    const texts: string[] = [];
    const calls = Array.from({ length: count }, (_, i) => ({
      call_uuid: `${prefix}-${i}`,
      pin,
      call_timestamp: new Date(world.clock.now().getTime() - (count - i) * 60_000).toISOString(),
      destination: DESTINATION,
      caller_id_number: '+12125550100',
      billed_duration: seconds,
    }));
    const result = await ingestCalls(
      {
        database: recording(world.database, texts),
        rates: world.rates,
        engine: world.engine,
        now: world.clock.now(),
      },
      calls,
    );
    expect(result).toMatchObject({ accepted: count, rejected: [] });
    return texts;
  };
  /** The statements that read users' limits, and whether each is the thresholds' own. */
  const limitStatements = (texts: string[]) =>
    texts
      .filter((t) => t.includes('user_credit_limits'))
      .map((t) => ({ withThresholds: t.includes('spend_alert_firings') }));

  it('SPEND-05 SPEND-16 a batch of an account without user limits runs no statement of its own for them', async () => {
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    world.clock.set('2026-03-03T15:00:00Z');
    expect(limitStatements(await post(pin, `no-limits-${accountId}`, 3, 120))).toEqual([
      { withThresholds: true },
    ]);
  });

  it('SPEND-16 a user reaching their limit in a batch is recorded once and emailed once, from the same statement', async () => {
    world.clock.set('2026-03-02T15:00:00Z');
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const [user] = await world.database.query<{ id: string; pin: string }>(
      `insert into people (account_id, full_name, email, pin) values ($1, 'Jo Park', $2, '73920' || lpad((floor(random() * 1000))::int::text, 3, '0'))
       returning id, pin`,
      [accountId, `jo-${accountId}@example.com`],
    );
    await world.database.query(
      'insert into user_credit_limits (account_id, person_id, limit_cc) values ($1, $2, $3)',
      [accountId, user!.id, 100 * 100],
    );
    world.clock.set('2026-03-03T15:00:00Z');
    // 3 calls of 20 minutes: past 100 credits in the batch.
    expect(limitStatements(await post(user!.pin, `limit-${accountId}`, 3, 1200))).toEqual([
      { withThresholds: true },
    ]);
    await post(user!.pin, `limit-again-${accountId}`, 1, 60);
    const emails = await world.database.query<{ to: string; subject: string }>(
      `select "to", subject from outbox where account_id = $1 and kind = 'user_limit'`,
      [accountId],
    );
    expect(emails).toEqual([
      { to: `admin-${accountId}@example.com`, subject: SPEND_TEXT.userLimitSubject('Jo Park') },
    ]);
    expect(
      await world.database.query('select limit_cc::int from user_limit_firings where account_id = $1', [
        accountId,
      ]),
    ).toEqual([{ limit_cc: 10000 }]);
  });
});
