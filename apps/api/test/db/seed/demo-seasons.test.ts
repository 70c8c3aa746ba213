import {
  ADMIN_CANCELLATION_PATHS,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  PAUSE_MAX_MONTHS,
  PAUSE_MIN_MONTHS,
  PAUSE_REFUSAL,
  addPauseMonths,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANCELLED, DEMO_PAUSED, DEMO_SWITCHED } from '../../../src/db/seed/demo-seasons';
import { issueApiTokenForEmail } from '../../../src/domain/auth/api-tokens';
import { authorizeCall } from '../../../src/domain/telephony';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { staffToken } from '../../helpers/staff';

// What `npm start` shows of pausing and cancelling on an empty database: a paused practice with its
// banner and resume date, a cancellation with its reason and an alternative taken, both in the console's
// Cancellations report; each made by the customer's own paths, so each obeys the product's rules.

describe.each(drivers)("the demo's seasons and leavers (%s)", (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  const get = async (base: string, path: string, email: string) => {
    const token = (await issueApiTokenForEmail(ctx.database, email))!.token;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const accountOf = async (email: string) =>
    (
      await ctx.database.query<{ account_id: string }>('select account_id from people where email = $1', [
        email,
      ])
    )[0]!.account_id;

  it('PAUSE-05 Maple Row is paused on its monthly plan: its overview shows the pause and a resume date one to six months after it began', async () => {
    const overview = await get(API_ACCOUNT_BASE, '/', DEMO_PAUSED.email);
    const pause = overview.subscription_info.pause;
    expect(pause).toMatchObject({ state: 'paused', decline_message: null });
    const now = new Date();
    const startsAt = new Date(pause.starts_at);
    const resumeAt = new Date(pause.resume_at);
    expect(startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(resumeAt.getTime()).toBeGreaterThan(now.getTime());
    expect(resumeAt.getTime()).toBeGreaterThanOrEqual(
      addPauseMonths(startsAt, PAUSE_MIN_MONTHS).getTime() - 86_400_000,
    );
    expect(resumeAt.getTime()).toBeLessThanOrEqual(
      addPauseMonths(startsAt, PAUSE_MAX_MONTHS).getTime() + 86_400_000,
    );
    // Asked by its admin (the activity log says so), and every call is refused while it lasts.
    const accountId = await accountOf(DEMO_PAUSED.email);
    const rows = await ctx.database.query<{ plan: string; action: string; pin: string }>(
      `select s.plan_id as plan, (select action from audit_log a where a.account_id = s.account_id
                and a.action like 'pause.%' order by at limit 1) as action,
              (select pin from people where email = $2) as pin
         from subscriptions s where s.account_id = $1`,
      [accountId, DEMO_PAUSED.email],
    );
    expect(rows[0]).toMatchObject({ plan: DEMO_PAUSED.planId, action: 'pause.scheduled' });
    expect(await authorizeCall(ctx.database, rows[0]!.pin)).toEqual({
      allowed: false,
      reason: PAUSE_REFUSAL,
    });
  });

  it.each([DEMO_PAUSED, DEMO_CANCELLED, DEMO_SWITCHED])(
    "$accountName's overview asks for no address: its office is its service and billing address",
    async (customer) => {
      const overview = await get(API_ACCOUNT_BASE, '/', customer.email);
      expect(overview).toMatchObject({
        is_billing_address_required: false,
        is_service_address_required: false,
      });
    },
  );

  it("the console's Cancellations report shows Cedar Hollow's cancellation with its reason and Quarry Lane's cheaper plan taken instead", async () => {
    const staff = await staffToken(ctx.database, 'support');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_ADMIN_BASE}${ADMIN_CANCELLATION_PATHS.report}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { plan: string; reason: string; cancelled: number; accepted: number }[];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ plan: 'Practice annual', reason: 'switching', cancelled: 1, accepted: 0 }),
        expect.objectContaining({ plan: 'Firm monthly', reason: 'too_expensive', cancelled: 0, accepted: 1 }),
      ]),
    );
    // Cedar Hollow's plan runs to its year's end; Quarry Lane's cheaper plan is scheduled for its period's end.
    const cedar = await get(API_ACCOUNT_BASE, '/', DEMO_CANCELLED.email);
    expect(cedar.subscription_info).toMatchObject({ cancel_at_period_end: true });
    const [quarry] = await ctx.database.query<{ plan_id: string; pending_plan_id: string | null }>(
      'select plan_id, pending_plan_id from subscriptions where account_id = $1',
      [await accountOf(DEMO_SWITCHED.email)],
    );
    expect(quarry).toMatchObject({ plan_id: DEMO_SWITCHED.planId });
    expect(quarry!.pending_plan_id).not.toBeNull();
    expect(quarry!.pending_plan_id).not.toBe(DEMO_SWITCHED.planId);
  });
});
