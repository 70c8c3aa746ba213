import { ACCOUNTS_ADMIN_PATHS, API_ADMIN_BASE, SPEND_TEXT } from '@enq/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../../../../helpers/app';
import {
  api,
  ledgerSpend,
  postCalls,
  spendControlApp,
  type Member,
} from '../../../../../helpers/spend-control';
import { staffToken } from '../../../../../helpers/staff';

// Credits the console adds (a goodwill adjustment, in the bonus bucket) are part of the period's credits on
// the overview, so the percent alerts count them too: 80% means 80% of plan and added credits together.
describe.each(drivers)('percent alerts after a console credit adjustment (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  beforeAll(async () => {
    ({ ctx, admin } = await spendControlApp(driver));
  });
  afterAll(() => ctx?.close());

  it('SPEND-04 the 80% alert waits for 80% of the plan and the added credits, and the section says the same percent', async () => {
    const { token } = await staffToken(ctx.database, 'finance');
    const before = await ledgerSpend(ctx, admin.accountId);
    // As many credits again as the plan holds: 80% of the plan alone is now 40% of what the period has.
    const added = await ctx.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}${ACCOUNTS_ADMIN_PATHS.account(admin.accountId)}/credit-adjustments`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: { credits: before.granted / 100, reason: 'Goodwill for the outage' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const spend = await ledgerSpend(ctx, admin.accountId);
    expect(spend.granted).toBe(before.granted * 2);

    // 20-minute calls until the plan's own credits are 80% used (under half of all the period holds).
    for (let i = 0; spend.included < before.granted * 0.8; i++) {
      expect(i).toBeLessThan(60);
      await postCalls(ctx, admin.pin, [1_200]);
      Object.assign(spend, await ledgerSpend(ctx, admin.accountId));
    }
    const state = await api(ctx, admin.token).state();
    expect(state.plan_percent_used).toBe(Math.floor((spend.included * 1000) / spend.granted) / 10);
    expect(state.plan_percent_used).toBeLessThan(80);
    expect(state.thresholds.find((t) => t.value === 80)).toMatchObject({ status: 'waiting', sent_at: null });
    expect(state.banners.map((b) => b.message)).not.toContain(SPEND_TEXT.percentAlert(80));
  });
});
