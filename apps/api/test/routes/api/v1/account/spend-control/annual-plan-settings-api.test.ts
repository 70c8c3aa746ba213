import { SPEND_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { drivers, type TestContext } from '../../../../../helpers/app';
import { api, spendControlApp } from '../../../../../helpers/spend-control';

// MONEY-04: the demo's annual bookkeeper stops at zero credits, so overage alerts and a spending cap
// cannot apply to the plan; the API refuses them, naming the field, and changes nothing.

describe.each(drivers)('alerts and limits on an annual plan (%s)', (driver) => {
  let ctx: TestContext;
  let annual: { accountId: string; token: string };
  beforeAll(async () => {
    ({ ctx } = await spendControlApp(driver));
    const [person] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    annual = { accountId: person!.account_id, token: (await issueApiToken(ctx.database, person!.id)).token };
  });
  afterAll(() => ctx?.close());

  const rows = async () => ({
    thresholds: await ctx.database.query(
      'select kind, amount::int from spend_thresholds where account_id = $1 order by kind, amount',
      [annual.accountId],
    ),
    cap: await ctx.database.query('select cap_cents::int from spending_caps where account_id = $1', [
      annual.accountId,
    ]),
    audit: await ctx.database.query('select action from audit_log where account_id = $1 order by id', [
      annual.accountId,
    ]),
  });

  it('MONEY-04 the annual account is on a yearly plan, which the section reads as not monthly', async () => {
    expect(DEMO_ANNUAL.email).toBe('sam.ortiz@lakesidebooks.com');
    expect((await api(ctx, annual.token).state()).is_monthly).toBe(false);
  });

  it('MONEY-04 refuses an overage alert or a spending cap with a message naming the field, and changes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ overage_thresholds: [100] }, 'overage_thresholds', SPEND_TEXT.overageMonthlyOnly],
      [
        { percent_thresholds: [50, 80, 100], overage_thresholds: [25] },
        'overage_thresholds',
        SPEND_TEXT.overageMonthlyOnly,
      ],
      [{ spending_cap: 200 }, 'spending_cap', SPEND_TEXT.capMonthlyOnly],
    ];
    for (const [body, field, message] of cases) {
      const response = await api(ctx, annual.token).save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message, field, code: expect.any(String) });
    }
    expect(await rows()).toEqual(before);
  });

  it('MONEY-04 still saves the percent alerts, which apply to an annual plan', async () => {
    const response = await api(ctx, annual.token).save({ percent_thresholds: [50, 100] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await rows()).thresholds).toEqual([
      { kind: 'plan_percent', amount: 50 },
      { kind: 'plan_percent', amount: 100 },
    ]);
  });
});
