import { PAUSE_TEXT, addPauseMonths, newYorkDate } from '@enq/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/errors';
import { requestPause, resumeNow, type PauseActor } from '../../../src/domain/pause';
import { drivers } from '../../helpers/app';
import { answerLost, createAccount, createWorld, type World } from '../../helpers/billing-harness';

// A resume whose charge was made but whose answer was lost (a timeout, or the process killed before its
// write) is completed later by the payments' reconcile, which asks the provider. The activity log still
// records that resume once, naming who asked and why: it is written with the resume itself, whichever
// request or job completes it.

const MINUTE = 60_000;

const resumedEntries = (world: World, accountId: string) =>
  world.database.query<{ actor_person_id: string | null; before: unknown; after: unknown }>(
    "select actor_person_id, before, after from audit_log where account_id = $1 and action = 'pause.resumed'",
    [accountId],
  );
const stateOf = async (world: World, accountId: string) => {
  const [row] = await world.database.query<{ status: string; pauses: string[] }>(
    `select s.status, array(select p.status from plan_pauses p where p.account_id = s.account_id
                             order by p.starts_at) as pauses
       from subscriptions s where s.account_id = $1`,
    [accountId],
  );
  return row;
};

/** A team-monthly plan paused from its first period's end until two months later. */
async function pausedAccount(world: World) {
  const { accountId } = await createAccount(world);
  const [admin] = await world.database.query<{ id: string }>('select id from people where account_id = $1', [
    accountId,
  ]);
  expect((await world.engine.startSubscription(accountId, 'team-monthly')).outcome.state).toBe('paid');
  const [sub] = await world.database.query<{ current_period_end: Date }>(
    'select current_period_end from subscriptions where account_id = $1',
    [accountId],
  );
  const end = new Date(sub!.current_period_end);
  const resumeOn = newYorkDate(addPauseMonths(end, 2));
  await requestPause(
    world.database,
    accountId,
    { resume_on: resumeOn },
    { personId: null },
    world.clock.now(),
  );
  world.clock.set(new Date(end.getTime() + 2 * 60 * MINUTE));
  await world.engine.closeDuePeriods(accountId);
  expect(await stateOf(world, accountId)).toEqual({ status: 'paused', pauses: ['paused'] });
  return { accountId, adminId: admin!.id, resumeOn };
}

describe.each(drivers)('a resume completed after its answer was lost (%s)', (driver) => {
  let world: World;
  afterEach(() => world?.close());

  it.each<[string, (adminId: string) => PauseActor, (adminId: string) => object]>([
    ['the account holder', (adminId) => ({ personId: adminId }), (adminId) => ({ actor_person_id: adminId })],
    [
      'staff with a reason',
      () => ({ personId: null, reason: 'Customer phoned: busy season came early' }),
      () => ({ actor_person_id: null }),
    ],
  ])(
    'PAUSE-06 PAUSE-07 the reconcile resumes the plan and the activity log records it once, naming %s',
    async (_who, actorOf, expectedActor) => {
      world = await createWorld(driver, '2027-01-04T15:00:00Z');
      const { accountId, adminId, resumeOn } = await pausedAccount(world);
      const actor = actorOf(adminId);
      world.clock.set(new Date(world.clock.now().getTime() + 24 * 60 * MINUTE));
      const askedAt = world.clock.now();

      const lost = await resumeNow(world.database, answerLost(world), accountId, actor, askedAt).catch(
        (err: unknown) => err,
      );
      expect(lost).toBeInstanceOf(DomainError);
      expect((lost as DomainError).kind).toBe('payment-pending');
      expect(await stateOf(world, accountId)).toEqual({ status: 'paused', pauses: ['paused'] });
      expect(await resumedEntries(world, accountId)).toEqual([]);

      // Nobody asks again: the payments' reconcile finds the charge at the provider and settles it.
      world.clock.set(new Date(askedAt.getTime() + 2 * MINUTE));
      expect(await world.engine.payments.reconcile()).toBe(1);
      expect(await stateOf(world, accountId)).toEqual({ status: 'active', pauses: ['resumed'] });
      expect(world.sandbox.store.succeeded()).toBe(2);
      const note = actor.reason ? { reason: actor.reason } : {};
      expect(await resumedEntries(world, accountId)).toEqual([
        {
          ...expectedActor(adminId),
          before: { resume_on: resumeOn },
          after: { resumed_on: newYorkDate(askedAt), ...note },
        },
      ]);

      // A Resume now after that finds nothing paused, and records nothing more.
      await expect(
        resumeNow(world.database, world.engine, accountId, actor, world.clock.now()),
      ).rejects.toThrow(PAUSE_TEXT.notPaused);
      expect(await resumedEntries(world, accountId)).toHaveLength(1);
    },
  );
});
