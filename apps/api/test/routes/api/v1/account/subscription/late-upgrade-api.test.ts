import {
  ACTIVITY_PATHS,
  ADMIN_STAFF_PATHS,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  INVOICE_TEXT,
  PLAN_PATHS,
  PLAN_TEXT,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';
import { staffToken } from '../../../../../helpers/staff';

// June 1 2026 in New York: a 30-day monthly period to July 1, its close an hour after (the grace window).
const START = '2026-06-01T16:00:00Z';
const DAY_13 = '2026-06-13T17:00:00Z';
const AFTER_CLOSE = '2026-07-01T18:00:00Z';

describe.each(drivers)(
  'Upgrade now confirmed after its period closed, as a client sees it (%s)',
  (driver) => {
    let ctx: TestContext;
    const clock = new TestClock(new Date(START));
    beforeAll(async () => {
      ctx = await createTestApp(driver, { PAYMENT_TIMEOUT_SECONDS: '0.5' }, { clock });
    });
    afterAll(() => ctx?.close());

    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    it('PLAN-13 the late confirmation is refused with the credit note; the invoices, the Activity view and the staff trail name enQ billing', async () => {
      // Card …0408: the processor charges it and its answer never comes back.
      const { id, token } = await planAccount(ctx, clock, START, { card: '4000000000000408' });
      clock.set(DAY_13);
      const preview = await call(
        token,
        'GET',
        `${API_ACCOUNT_BASE}${PLAN_PATHS.upgradePreview}?plan=team-monthly`,
      );
      const total = preview.json().total_cents as number;
      const confirm = () =>
        call(token, 'POST', `${API_ACCOUNT_BASE}${PLAN_PATHS.upgrade}`, {
          plan: 'team-monthly',
          total_cents: total,
        });
      // The sandbox's own payment_intent.succeeded is held back: here the answer comes only after the close.
      ctx.app.sandboxEvents!.delivery = { lateMs: 600_000 };
      const first = await confirm();
      expect(first.json()).toMatchObject({ message: INVOICE_TEXT.paymentPending });

      // The period closes (on a good card) before the processor's answer is asked again.
      await ctx.database.query('update payment_methods set id = $2, last4 = $3 where account_id = $1', [
        id,
        `pm_sbx_4242424242424242_122030_${id.slice(0, 8)}`,
        '4242',
      ]);
      clock.set(AFTER_CLOSE);
      expect(await ctx.app.billing.closeDuePeriods(id)).toBeGreaterThan(0);
      const [invoice] = await ctx.database.query<{ id: string; number: string }>(
        "select id, number from invoices where account_id = $1 and summary = 'Upgrade'",
        [id],
      );
      const creditNote = `${invoice!.number}-CN1`;
      const late = await confirm();
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: PLAN_TEXT.lateUpgradeRefunded(creditNote) });

      const subscription = await call(token, 'GET', `${API_ACCOUNT_BASE}/subscription/`);
      expect(subscription.json().current_plan.price_id).toBe('practice-monthly');
      const invoices = (await call(token, 'GET', `${API_ACCOUNT_BASE}/invoices/`)).json().invoices as {
        id: string;
        status: string;
        has_refund: boolean;
      }[];
      expect(invoices.find((i) => i.id === invoice!.id)).toMatchObject({
        status: 'refunded',
        has_refund: true,
      });
      const activity = await call(token, 'GET', `${API_ACCOUNT_BASE}${ACTIVITY_PATHS.list}`);
      expect(activity.json().entries[0]).toMatchObject({ who: 'enQ billing', what: 'Refunded a payment' });

      const staff = await staffToken(ctx.database, 'admin');
      const trail = await call(
        staff.token,
        'GET',
        `${API_ADMIN_BASE}${ADMIN_STAFF_PATHS.audit}?account_id=${id}`,
      );
      expect(trail.statusCode).toBe(200);
      expect(trail.json().entries).toEqual([
        expect.objectContaining({
          staff_person_id: null,
          staff_email: null,
          staff_name: 'enQ billing',
          staff_role: 'system',
          action: 'refund',
          reason: PLAN_TEXT.lateUpgradeReason,
        }),
      ]);
    });
  },
);
