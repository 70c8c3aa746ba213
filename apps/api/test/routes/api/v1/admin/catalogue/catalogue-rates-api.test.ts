import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  CATALOGUE_PATHS,
  CATALOGUE_TEXT,
  SERVICE_KEY_HEADER,
  TELEPHONY_CALLS_PATH,
  type CatalogueRates,
  type RatesResponse,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { staffToken } from '../../../../../helpers/staff';

const KEY = 'svc_test_key_that_is_long_enough_123';
const LINE = 'IRS Practitioner Priority Service';
const HOUR = 3_600_000;

describe.each(drivers)('catalogue rates with effective dates (%s)', (driver) => {
  let ctx: TestContext;
  let clock: TestClock;
  let admin = '';
  let pin = '';
  let customer = '';
  const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  beforeAll(async () => {
    clock = new TestClock(t0);
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY }, { clock });
    admin = (await staffToken(ctx.database, 'admin')).token;
    const [person] = await ctx.database.query<{ id: string; pin: string }>(
      'select id, pin from people where email = $1',
      [DEMO_ADMIN.email],
    );
    pin = person!.pin;
    customer = (await issueApiToken(ctx.database, person!.id)).token;
  });
  afterAll(() => ctx?.close());

  const change = (body: Record<string, unknown>, key: string, token = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}${CATALOGUE_PATHS.rates}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { reason: 'Agency queues got longer', line: LINE, ...body },
    });
  const call = async (uuid: string, at: Date) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: TELEPHONY_CALLS_PATH,
      headers: { [SERVICE_KEY_HEADER]: KEY },
      payload: {
        calls: [
          {
            call_uuid: uuid,
            pin,
            call_timestamp: at.toISOString(),
            destination: LINE,
            caller_id_number: '+12125550100',
            billed_duration: 120,
          },
        ],
      },
    });
    expect(response.json()).toMatchObject({ accepted: 1 });
  };
  const stored = async (uuid: string) =>
    (
      await ctx.database.query<{ billing_rate: number; credits_used: number }>(
        'select billing_rate::int as billing_rate, credits_used::int as credits_used from calls where call_uuid = $1',
        [uuid],
      )
    )[0]!;
  const rateRows = async () =>
    (await ctx.database.query<{ n: number }>('select count(*)::int as n from rates'))[0]!.n;
  const portalRate = async () => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}/rates/`,
      headers: { authorization: `Bearer ${customer}` },
    });
    const point = response.json<RatesResponse>().data.find((p) => p.slot_start_minute === 0)!;
    return point[LINE];
  };

  it('CAT-03 a rate change with an effective date rates new calls at the new price and leaves old calls as they were', async () => {
    await call('before-change', new Date(t0.getTime() - HOUR));
    const before = await stored('before-change');
    const oldRate = Number(before.billing_rate);
    expect(oldRate).toBeGreaterThan(0);
    const oldPortalRate = await portalRate();

    const from = new Date(t0.getTime() + 2 * HOUR);
    const answer = await change(
      { slot_start_minute: null, credits_per_minute: 77.25, effective_from: from.toISOString() },
      'rate-change-1',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: `${LINE}: 77.25 credits/min in all 48 half hours, from ${from.toISOString()}.`,
      replayed: false,
    });
    const [audit] = await ctx.database.query<{ action: string; account_id: string | null; reason: string }>(
      "select action, account_id, reason from staff_audit where action = 'catalogue.rate'",
    );
    expect(audit).toEqual({ action: 'catalogue.rate', account_id: null, reason: 'Agency queues got longer' });

    // Listed as scheduled; the portal still shows the rate in force now.
    const listed = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${CATALOGUE_PATHS.lineRates(LINE)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const slot = listed.json<CatalogueRates>().slots[0]!;
    expect(slot.scheduled).toEqual([{ effective_from: from.toISOString(), credits_per_minute: 77.25 }]);
    expect(slot.now).toBe(oldPortalRate);
    expect(await portalRate()).toBe(oldPortalRate);

    // A retry with the same key answers the first answer and changes nothing.
    const rows = await rateRows();
    const retry = await change(
      { slot_start_minute: null, credits_per_minute: 77.25, effective_from: from.toISOString() },
      'rate-change-1',
    );
    expect(retry.json()).toMatchObject({
      replayed: true,
      audit_id: answer.json<{ audit_id: number }>().audit_id,
    });
    expect(await rateRows()).toBe(rows);

    // Past the effective date: a new call takes the new price, a late record of an earlier call the old
    // one, and the call stored before keeps its credits.
    clock.set(new Date(t0.getTime() + 3 * HOUR));
    await call('after-change', new Date(t0.getTime() + 2.5 * HOUR));
    await call('late-before', new Date(t0.getTime() + 1.5 * HOUR));
    expect(await stored('after-change')).toEqual({ billing_rate: 7725, credits_used: 15450 });
    expect(Number((await stored('late-before')).billing_rate)).not.toBe(7725);
    expect(await stored('before-change')).toEqual(before);
    expect(await portalRate()).toBe(77.25);
  });

  it('CAT-03 refuses a date in the past, a bad half hour, an unknown line and a bad rate, naming the field; nothing changes', async () => {
    const rows = await rateRows();
    const past = await change(
      {
        slot_start_minute: 600,
        credits_per_minute: 30,
        effective_from: new Date(clock.now().getTime() - 60_000).toISOString(),
      },
      'bad-key-1',
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: CATALOGUE_TEXT.pastDate, field: 'effective_from' });
    const slot = await change({ slot_start_minute: 615, credits_per_minute: 30 }, 'bad-key-2');
    expect(slot.statusCode).toBe(400);
    expect(slot.json().message).toContain(CATALOGUE_TEXT.badSlot);
    const line = await change(
      { line: 'IRS Nowhere', slot_start_minute: 600, credits_per_minute: 30 },
      'bad-key-3',
    );
    expect(line.statusCode).toBe(400);
    expect(line.json()).toMatchObject({ message: CATALOGUE_TEXT.noLine('IRS Nowhere'), field: 'line' });
    const rate = await change({ slot_start_minute: 600, credits_per_minute: 0 }, 'bad-key-4');
    expect(rate.statusCode).toBe(400);
    expect(rate.json().message).toContain(CATALOGUE_TEXT.badRate);
    const noReason = await change(
      { reason: ' ', slot_start_minute: 600, credits_per_minute: 30 },
      'bad-key-5',
    );
    expect(noReason.statusCode).toBe(400);
    expect(await rateRows()).toBe(rows);
  });

  it('CAT-04 the same key with another request is refused; support and finance cannot change rates', async () => {
    const rows = await rateRows();
    const reused = await change({ slot_start_minute: 600, credits_per_minute: 31 }, 'rate-change-1');
    expect(reused.statusCode).toBe(409);
    for (const role of ['support', 'finance'] as const) {
      const { token } = await staffToken(ctx.database, role);
      const refused = await change({ slot_start_minute: 600, credits_per_minute: 31 }, `role-${role}`, token);
      expect(refused.statusCode).toBe(403);
    }
    expect(await rateRows()).toBe(rows);
  });
});
