import { ACTIVITY_TEXT, STAFF_ERRORS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { activityPage } from '../../../src/domain/activity/activity-log';
import { runStaffAction, type StaffActor } from '../../../src/domain/staff-actions/staff-actions';
import { listStaffAudit } from '../../../src/domain/staff-actions/staff-audit-repository';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { STAFF_BY_ROLE } from '../../helpers/staff';

describe.each(drivers)('staff actions (%s)', (driver) => {
  let ctx: TestContext;
  let actor: StaffActor;
  let accountId: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [staff] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      STAFF_BY_ROLE.finance.email,
    ]);
    actor = {
      personId: staff!.id,
      email: STAFF_BY_ROLE.finance.email,
      fullName: 'Avery Chen',
      role: 'finance',
    };
    [{ account_id: accountId }] = (await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    )) as [{ account_id: string }];
  });
  afterAll(() => ctx?.close());

  const spec = (key: string, request: Record<string, unknown> = { amount: 5 }) => ({
    action: 'credits.adjust' as const,
    accountId,
    reason: 'Outage on 3 March',
    idempotencyKey: key,
    request,
  });

  it('ADMIN-02 acts once per idempotency key, in the trail and the activity log, and answers a retry with the first answer', async () => {
    let runs = 0;
    const act = async () => {
      runs++;
      return { message: 'Granted 5 credits.', result: { granted: 5 }, after: { credits: 5 } };
    };
    const first = await runStaffAction(ctx.database, actor, spec('key-aaaaaaaa'), act);
    const again = await runStaffAction(ctx.database, actor, spec('key-aaaaaaaa', { amount: 5 }), act);
    expect(runs).toBe(1);
    expect(first).toMatchObject({ message: 'Granted 5 credits.', granted: 5, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    const trail = await listStaffAudit(ctx.database, { accountId, limit: 10 });
    expect(trail.filter((t) => t.action === 'credits.adjust')).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      staff_email: actor.email,
      staff_role: 'finance',
      reason: 'Outage on 3 March',
    });
    const log = await activityPage(ctx.database, { accountId, isAdmin: true }, {}, 1);
    expect(log.entries[0]).toMatchObject({ who: ACTIVITY_TEXT.staff, what: 'Adjusted the credits' });
    expect(log.entries[0]!.changes).toContainEqual({
      field: expect.any(String),
      before: '—',
      after: 'Outage on 3 March',
    });
  });

  it('ADMIN-02 refuses the same key for a different request, and rolls back an action that fails', async () => {
    await expect(
      runStaffAction(ctx.database, actor, spec('key-aaaaaaaa', { amount: 6 }), async () => ({
        message: 'x',
      })),
    ).rejects.toThrow(STAFF_ERRORS.keyReused);
    const before = (await listStaffAudit(ctx.database, { limit: 100 })).length;
    await expect(
      runStaffAction(ctx.database, actor, spec('key-bbbbbbbb'), async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect((await listStaffAudit(ctx.database, { limit: 100 })).length).toBe(before);
  });

  it('ADMIN-03 keeps the trail append-only', async () => {
    await expect(ctx.database.query("update staff_audit set reason = 'edited'")).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.database.query('delete from staff_audit')).rejects.toThrow(/append-only/);
  });
});
