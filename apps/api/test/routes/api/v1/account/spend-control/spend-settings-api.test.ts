import { SPEND_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { drivers, type TestContext } from '../../../../../helpers/app';
import { api, spendControlApp, type Member } from '../../../../../helpers/spend-control';

describe.each(drivers)('spend control settings API (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  let teammate: Member;
  let otherToken: string;
  let otherAccountId: string;
  beforeAll(async () => {
    ({ ctx, admin, teammate } = await spendControlApp(driver));
    const [other] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    otherAccountId = other!.account_id;
    otherToken = (await issueApiToken(ctx.database, other!.id)).token;
  });
  afterAll(() => ctx?.close());

  const settingsRows = async (accountId: string) => ({
    thresholds: await ctx.database.query(
      'select kind, amount::int from spend_thresholds where account_id = $1 order by kind, amount',
      [accountId],
    ),
    cap: await ctx.database.query('select cap_cents::int from spending_caps where account_id = $1', [
      accountId,
    ]),
    limits: await ctx.database.query(
      'select person_id, limit_cc::int from user_credit_limits where account_id = $1',
      [accountId],
    ),
    audit: await ctx.database.query('select action from audit_log where account_id = $1', [accountId]),
  });

  it('SPEND-01 starts every account with the 80% and 100% alerts, waiting, and no cap', async () => {
    const state = await api(ctx, admin.token).state();
    expect(state).toMatchObject({
      can_edit: true,
      is_monthly: true,
      spending_cap: null,
      cap_reached: false,
      banners: [],
      thresholds: [
        { kind: 'plan_percent', value: 80, status: 'waiting', sent_at: null },
        { kind: 'plan_percent', value: 100, status: 'waiting', sent_at: null },
      ],
    });
    expect(state.user_limits.map((u) => [u.full_name, u.is_admin, u.limit])).toEqual([
      ['Lena Fischer', true, null],
      ['Jo Park', false, null],
    ]);
  });

  it('SPEND-02 refuses bad settings with a message naming the field, and changes nothing', async () => {
    const before = await settingsRows(admin.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ percent_thresholds: [0] }, 'percent_thresholds.0'],
      [{ percent_thresholds: [80, 80] }, 'percent_thresholds'],
      [{ overage_thresholds: [12.5] }, 'overage_thresholds.0'],
      [{ overage_thresholds: ['100'] }, 'overage_thresholds.0'],
      [{ spending_cap: -5 }, 'spending_cap'],
      [{ spending_cap: 2_000_000 }, 'spending_cap'],
    ];
    for (const [body, field] of cases) {
      const response = await api(ctx, admin.token).save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        field,
        message: expect.stringMatching(new RegExp(`^${field}: `)),
      });
    }
    const limit = await api(ctx, admin.token).limit(teammate.id, 0);
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toMatchObject({ field: 'monthly_credit_limit' });
    const adminLimit = await api(ctx, admin.token).limit(admin.id, 100);
    expect(adminLimit.statusCode).toBe(400);
    expect(adminLimit.json()).toEqual({
      message: SPEND_TEXT.adminHasNoLimit,
      field: 'monthly_credit_limit',
      code: expect.any(String),
    });
    expect(await settingsRows(admin.accountId)).toEqual(before);
  });

  it('SPEND-10 saves thresholds, the cap and a user limit, each change audited with before and after', async () => {
    const saved = await api(ctx, admin.token).save({
      percent_thresholds: [100, 50],
      overage_thresholds: [100, 25],
      spending_cap: 300,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      spending_cap: 300,
      thresholds: [
        { kind: 'plan_percent', value: 50 },
        { kind: 'plan_percent', value: 100 },
        { kind: 'overage', value: 25 },
        { kind: 'overage', value: 100 },
      ],
    });
    expect((await api(ctx, admin.token).limit(teammate.id, 500)).statusCode).toBe(200);
    const audit = await ctx.database.query<{
      action: string;
      before: unknown;
      after: unknown;
      target_person_id: string | null;
    }>(
      `select action, before, after, target_person_id from audit_log
        where account_id = $1 and action in ('spend_alerts.update', 'spending_cap.update', 'user_limit.update') order by id`,
      [admin.accountId],
    );
    expect(audit).toEqual([
      {
        action: 'spend_alerts.update',
        target_person_id: null,
        before: { percent_thresholds: [80, 100], overage_thresholds: [] },
        after: { percent_thresholds: [50, 100], overage_thresholds: [25, 100] },
      },
      {
        action: 'spending_cap.update',
        target_person_id: null,
        before: { spending_cap: null },
        after: { spending_cap: 300 },
      },
      {
        action: 'user_limit.update',
        target_person_id: teammate.id,
        before: { full_name: 'Jo Park', monthly_credit_limit: null },
        after: { full_name: 'Jo Park', monthly_credit_limit: 500 },
      },
    ]);
    // Saving the same settings again records nothing new.
    await api(ctx, admin.token).save({
      percent_thresholds: [50, 100],
      overage_thresholds: [25, 100],
      spending_cap: 300,
    });
    expect((await settingsRows(admin.accountId)).audit).toHaveLength(3);
  });

  it('SPEND-11 lets only the admin change settings and limits; a sub-account user sees their own use only', async () => {
    const before = await settingsRows(admin.accountId);
    const saved = await api(ctx, teammate.token).save({ spending_cap: 5 });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({ message: SPEND_TEXT.adminOnly });
    const limited = await api(ctx, teammate.token).limit(teammate.id, null);
    expect(limited.statusCode).toBe(403);
    expect(await settingsRows(admin.accountId)).toEqual(before);
    const state = await api(ctx, teammate.token).state();
    expect(state.can_edit).toBe(false);
    expect(state.user_limits).toEqual([
      { person_id: teammate.id, full_name: 'Jo Park', is_admin: false, used: 0, limit: 500 },
    ]);
  });

  it('SPEND-08 a person id in upper case is the same person: one limit, changed in place, audited once', async () => {
    const upper = teammate.id.toUpperCase();
    expect(upper).not.toBe(teammate.id);
    const saved = await api(ctx, admin.token).limit(upper, 700);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settingsRows(admin.accountId)).limits).toEqual([
      { person_id: teammate.id, limit_cc: 70_000 },
    ]);
    const audit = await ctx.database.query<{ target_person_id: string }>(
      `select target_person_id from audit_log where account_id = $1 and action = 'user_limit.update'
        and after->>'monthly_credit_limit' = '700'`,
      [admin.accountId],
    );
    expect(audit).toEqual([{ target_person_id: teammate.id }]);
    // Put back for the tests after.
    expect((await api(ctx, admin.token).limit(teammate.id, 500)).statusCode).toBe(200);
    // Another account's spelling of the same id is still not theirs.
    expect((await api(ctx, otherToken).limit(upper, 1)).statusCode).toBe(404);
  });

  it("SPEND-12 another account never sees nor changes this account's settings, limits or alerts", async () => {
    const mine = await settingsRows(admin.accountId);
    const theirs = await api(ctx, otherToken).state();
    expect(theirs.spending_cap).toBeNull();
    // The demo practice's own alerts (its seed), none of this account's.
    expect(theirs.thresholds.map((t) => `${t.kind}:${t.value}`)).toEqual([
      'plan_percent:50',
      'plan_percent:80',
      'plan_percent:100',
      'overage:100',
      'overage:500',
      'forecast_overage:250',
    ]);
    expect(theirs.user_limits.map((u) => u.person_id)).not.toContain(teammate.id);
    expect((await api(ctx, otherToken).save({ spending_cap: 1 })).statusCode).toBe(200);
    const limit = await api(ctx, otherToken).limit(teammate.id, 1);
    expect(limit.statusCode).toBe(404);
    expect(limit.json()).toMatchObject({ message: SPEND_TEXT.notYourUser });
    // This account's $25 alert fired this period; the other account cannot dismiss its banner.
    await ctx.database.query(
      `insert into spend_alert_firings (account_id, period_id, kind, amount, fired_at)
       select account_id, id, 'overage_cents', 2500, now() from billing_periods
        where account_id = $1 and closed_at is null`,
      [admin.accountId],
    );
    expect((await api(ctx, otherToken).dismiss('overage:25')).statusCode).toBe(404);
    expect((await api(ctx, admin.token).state()).banners.map((b) => b.key)).toEqual(['overage:25']);
    expect(await settingsRows(admin.accountId)).toEqual(mine);
    expect((await settingsRows(otherAccountId)).cap).toEqual([{ cap_cents: 100 }]);
  });
});
