import { API_ACCOUNT_BASE, PLAN_PATHS, SPEND_TEXT, type ForecastResponse } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { drivers, type TestContext } from '../../../../../helpers/app';
import {
  TEAM_CC,
  api,
  postCalls,
  spendControlApp,
  spendEmails,
  type Member,
} from '../../../../../helpers/spend-control';

// The forecast alert (SPEND-13..15) on the demo's new team account: a monthly plan three days in, so a
// few hours of calls project overage at the period's end.

describe.each(drivers)('forecast alerts through the API (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  let teammate: Member;
  let target = 0;
  /** The demo practice (its own forecast alert at $250) before anything here ran. */
  let other: { accountId: string; token: string };
  let otherBefore: { rows: unknown[]; emails: unknown[]; state: unknown };
  const tokenOf = async (email: string) => {
    const [person] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [email],
    );
    return { accountId: person!.account_id, token: (await issueApiToken(ctx.database, person!.id)).token };
  };
  beforeAll(async () => {
    ({ ctx, admin, teammate } = await spendControlApp(driver));
    other = await tokenOf(DEMO_ADMIN.email);
    otherBefore = {
      rows: await forecastRows(other.accountId),
      emails: await spendEmails(ctx, other.accountId),
      state: (await api(ctx, other.token).state()).thresholds,
    };
  });
  afterAll(() => ctx?.close());

  /** The overage the overview's forecast card projects at the period's end, in dollars. */
  const projected = async () => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${PLAN_PATHS.forecast}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ForecastResponse).forecast!.projected_overage;
  };
  const forecastRows = (accountId: string) =>
    ctx.database.query<{ kind: string; amount: number }>(
      `select kind, amount::int from spend_thresholds where account_id = $1 and kind = 'forecast_overage_cents'
       union all
       select 'fired', amount::int from spend_alert_firings where account_id = $1 and kind = 'forecast_overage_cents'
       order by 1, 2`,
      [accountId],
    );

  it('SPEND-13 refuses bad forecast thresholds with a message naming the field, and changes nothing', async () => {
    const before = await forecastRows(admin.accountId);
    const cases: [unknown, string][] = [
      [[0], 'forecast_thresholds.0'],
      [[12.5], 'forecast_thresholds.0'],
      [['100'], 'forecast_thresholds.0'],
      [[100, 100], 'forecast_thresholds'],
      [[2_000_000], 'forecast_thresholds.0'],
    ];
    for (const [list, field] of cases) {
      const response = await api(ctx, admin.token).save({ forecast_thresholds: list });
      expect(response.statusCode, JSON.stringify(list)).toBe(400);
      expect(response.json()).toMatchObject({
        field,
        message: expect.stringMatching(new RegExp(`^${field}: `)),
      });
    }
    expect(await forecastRows(admin.accountId)).toEqual(before);
  });

  it('SPEND-13 an annual plan, which has no overage, is refused a forecast threshold naming the field', async () => {
    const annual = await tokenOf(DEMO_ANNUAL.email);
    const response = await api(ctx, annual.token).save({ forecast_thresholds: [50] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: SPEND_TEXT.forecastMonthlyOnly,
      field: 'forecast_thresholds',
      code: expect.any(String),
    });
    expect(await forecastRows(annual.accountId)).toEqual([]);
  });

  it('SPEND-14 SPEND-15 fires once when a batch takes the projection past it, never for one already passed; audited', async () => {
    for (let i = 0; (await projected()) < 30; i++) {
      if (i > 40) throw new Error('no overage projected');
      await postCalls(ctx, admin.pin, [3_600, 3_600]);
    }
    const now = await projected();
    const passed = Math.floor(now) - 10;
    target = Math.ceil(now) + 25;
    const saved = await api(ctx, admin.token).save({ forecast_thresholds: [target, passed] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().thresholds.filter((t: { kind: string }) => t.kind === 'forecast_overage')).toEqual([
      { kind: 'forecast_overage', value: passed, status: 'passed', sent_at: null },
      { kind: 'forecast_overage', value: target, status: 'waiting', sent_at: null },
    ]);
    const [audit] = await ctx.database.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where account_id = $1 and action = 'spend_alerts.update'
        order by id desc limit 1`,
      [admin.accountId],
    );
    expect(audit).toEqual({
      before: { percent_thresholds: [80, 100], overage_thresholds: [], forecast_thresholds: [] },
      after: { percent_thresholds: [80, 100], overage_thresholds: [], forecast_thresholds: [passed, target] },
    });

    const forecastMails = async () =>
      (await spendEmails(ctx, admin.accountId)).filter((e) => e.text.startsWith('At this pace'));
    // Batch by batch: no email while the card's projection stays below the target, two once it passes.
    for (let i = 0; ; i++) {
      if (i > 60) throw new Error('target never projected');
      await postCalls(ctx, admin.pin, [1_200]);
      if ((await projected()) < target) expect(await forecastMails()).toEqual([]);
      else break;
    }
    const alert = SPEND_TEXT.forecastAlert(target);
    expect(alert).toBe(
      `At this pace, overage this period is projected to pass $${target.toLocaleString('en-US')}.`,
    );
    expect(await forecastMails()).toEqual([
      {
        to: admin.email,
        subject: SPEND_TEXT.alertSubject(alert),
        kind: 'spend_alert',
        text: expect.stringContaining(alert),
      },
      {
        to: TEAM_CC,
        subject: SPEND_TEXT.alertSubject(alert),
        kind: 'spend_alert',
        text: expect.stringContaining(alert),
      },
    ]);
    const state = await api(ctx, admin.token).state();
    expect(state.banners).toContainEqual({
      key: `forecast:${target}`,
      variant: 'warning',
      message: alert,
      action: null,
    });
    expect(state.thresholds.filter((t) => t.kind === 'forecast_overage').map((t) => t.status)).toEqual([
      'passed',
      'sent',
    ]);
    // A later batch, the projection still above it, sends nothing more; the passed one never fired.
    await postCalls(ctx, admin.pin, [1_200]);
    expect(await forecastMails()).toHaveLength(2);
    expect(await forecastRows(admin.accountId)).toEqual([
      { kind: 'fired', amount: target * 100 },
      { kind: 'forecast_overage_cents', amount: passed * 100 },
      { kind: 'forecast_overage_cents', amount: target * 100 },
    ]);
    // Its banner is dismissed like the others, for that person only.
    expect((await api(ctx, admin.token).dismiss(`forecast:${target}`)).statusCode).toBe(204);
    expect((await api(ctx, admin.token).state()).banners.map((b) => b.key)).not.toContain(
      `forecast:${target}`,
    );
    expect((await api(ctx, teammate.token).state()).banners.map((b) => b.key)).toContain(
      `forecast:${target}`,
    );
  });

  it('SPEND-12 SPEND-14 another account sees none of it: its thresholds, firings and emails are as they were', async () => {
    expect(target).toBeGreaterThan(0);
    expect(await forecastRows(other.accountId)).toEqual(otherBefore.rows);
    expect(await spendEmails(ctx, other.accountId)).toEqual(otherBefore.emails);
    const state = await api(ctx, other.token).state();
    expect(state.thresholds).toEqual(otherBefore.state);
    expect(state.banners.map((b) => b.key)).not.toContain(`forecast:${target}`);
    expect((await api(ctx, other.token).dismiss(`forecast:${target}`)).statusCode).toBe(404);
  });
  it('SPEND-13 an ended subscription projects nothing: its last period, open until settled, shows no forecast threshold passed', async () => {
    const statuses = async () =>
      (await api(ctx, admin.token).state()).thresholds
        .filter((t) => t.kind === 'forecast_overage')
        .map((t) => t.status);
    expect(await statuses()).toEqual(['passed', 'sent']);
    const setStatus = (status: string) =>
      ctx.database.query('update subscriptions set status = $2 where account_id = $1', [
        admin.accountId,
        status,
      ]);
    await setStatus('inactive');
    try {
      expect(await statuses()).toEqual(['waiting', 'sent']);
    } finally {
      await setStatus('active');
    }
    expect(await statuses()).toEqual(['passed', 'sent']);
  });
});
