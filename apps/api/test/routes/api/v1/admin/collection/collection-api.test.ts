import {
  API_ADMIN_BASE,
  COLLECTION_PATHS,
  COLLECTION_TEXT,
  type CollectionList,
  type CollectionSettings,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { staffToken } from '../../../../../helpers/staff';

describe.each(drivers)("the console's collection list and retry schedule (%s)", (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const role of ['admin', 'finance', 'support'] as const)
      tokens[role] = (await staffToken(ctx.database, role)).token;
  });
  afterAll(() => ctx?.close());

  const get = async <T>(path: string, role = 'support') => {
    const response = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[role]}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const put = (body: Record<string, unknown>, role: string, key: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${API_ADMIN_BASE}${COLLECTION_PATHS.settings}`,
      headers: { authorization: `Bearer ${tokens[role]}`, 'idempotency-key': key },
      payload: { reason: 'Card networks recover by the weekend', ...body },
    });

  it("lists the demo practice in collection: its open invoice, the card's reason and the next try", async () => {
    const [admin] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    const { entries } = await get<CollectionList>(COLLECTION_PATHS.list);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      account_id: admin!.account_id,
      failures: 3,
      last_reason: 'Your card has insufficient funds.',
    });
    expect(Date.parse(entries[0]!.next_try_at!)).toBeGreaterThan(Date.now());
  });

  it('answers the default schedule (days 1, 3, 5, 7, then calls refused) and the demo plan its own', async () => {
    const { settings, plans } = await get<CollectionSettings>(COLLECTION_PATHS.settings);
    expect(settings).toEqual([
      { plan_id: null, retry_days: [1, 3, 5, 7], after_last: 'refuse' },
      { plan_id: 'team-monthly', retry_days: [3, 10, 21, 28], after_last: 'refuse' },
    ]);
    expect(plans.map((p) => p.id)).toContain('team-monthly');
  });

  it('finance sets a schedule (audited, once per key); support may not; a schedule out of order is refused', async () => {
    expect(
      (await put({ plan_id: null, retry_days: [2, 4], after_last: 'cancel' }, 'support', 'k-support-1'))
        .statusCode,
    ).toBe(403);
    const bad = await put(
      { plan_id: null, retry_days: [4, 2], after_last: 'refuse' },
      'finance',
      'k-finance-bad',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'retry_days',
      message: `retry_days: ${COLLECTION_TEXT.badSchedule}`,
    });
    const saved = await put(
      { plan_id: null, retry_days: [2, 4], after_last: 'cancel' },
      'finance',
      'k-finance-1',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: COLLECTION_TEXT.saved, replayed: false });
    const again = await put(
      { plan_id: null, retry_days: [2, 4], after_last: 'cancel' },
      'finance',
      'k-finance-1',
    );
    expect(again.json()).toMatchObject({ replayed: true });
    const { settings } = await get<CollectionSettings>(COLLECTION_PATHS.settings);
    expect(settings[0]).toEqual({ plan_id: null, retry_days: [2, 4], after_last: 'cancel' });
    const [audit] = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit where action = 'collection.settings'",
    );
    expect(audit!.n).toBe(1);
  });
});
