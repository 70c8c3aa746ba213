import {
  ACCOUNT_ACTION_TEXT,
  ACCOUNTS_ADMIN_PATHS,
  ACCOUNTS_TEXT,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  CATALOGUE_PATHS,
  type AdminAccount,
  type CataloguePlans,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEDULED_PLAN } from '../../../../../../src/db/seed/demo-catalogue';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { customerToken, staffToken } from '../../../../../helpers/staff';

// The console account's state (CONS-07..09): what is scheduled, the amount overdue, and the
// subscription actions its state allows. States are made through the API, as staff make them.
describe.each(drivers)('console account state API (%s)', (driver) => {
  let ctx: TestContext;
  let finance: string;
  let admin: string;
  let customer: string;
  let accountId: string;
  let key = 0;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    finance = (await staffToken(ctx.database, 'finance')).token;
    admin = (await staffToken(ctx.database, 'admin')).token;
    ({ token: customer, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
  });
  afterAll(() => ctx?.close());

  const page = async () => {
    const res = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${ACCOUNTS_ADMIN_PATHS.account(accountId)}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<AdminAccount>();
  };
  const act = (action: 'change' | 'cancel' | 'reactivate', body: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}/accounts/${accountId}/subscription/${action}`,
      headers: { authorization: `Bearer ${finance}`, 'idempotency-key': `account-state-${++key}` },
      payload: { reason: 'Customer asked by phone', ...body },
    });
  const portal = async <T>(path: string): Promise<T> =>
    (
      await ctx.app.inject({
        url: `${API_ACCOUNT_BASE}${path}`,
        headers: { authorization: `Bearer ${customer}` },
      })
    ).json<T>();
  /** Every row a subscription action could write: the subscription, the audit trail, the activity log. */
  const rows = async () => ({
    subscription: await ctx.database.query(
      'select plan_id, pending_plan_id, cancel_at_period_end, updated_at from subscriptions where account_id = $1',
      [accountId],
    ),
    audit: await ctx.database.query('select count(*)::int as n from staff_audit where account_id = $1', [
      accountId,
    ]),
    activity: await ctx.database.query('select count(*)::int as n from audit_log where account_id = $1', [
      accountId,
    ]),
  });

  it("CONS-08 the amount overdue is the portal's amount due: the open invoices less what was paid", async () => {
    const account = await page();
    const invoices = await portal<{ amount_due: number; invoices: { status: string; amount_due: number }[] }>(
      '/invoices/',
    );
    // The demo's card declines in this period, so the last period close is open and unpaid.
    expect(invoices.invoices.some((i) => i.status === 'open')).toBe(true);
    expect(account.amount_overdue).toBeGreaterThan(0);
    expect(account.amount_overdue).toBe(invoices.amount_due);
    expect(account.subscription.is_delinquent).toBe(true);
  });

  it('CONS-07 a plan change scheduled for the period end and the catalogue price of that plan are in the answer, soonest first', async () => {
    expect((await page()).subscription.scheduled_changes).toEqual([]);
    const change = await act('change', { plan: DEMO_SCHEDULED_PLAN.planId });
    expect(change.statusCode).toBe(200);
    const account = await page();
    // The demo's catalogue schedules Firm at $790 (CAT-01): the console lists it from that instant.
    const catalogue = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${CATALOGUE_PATHS.plans}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const firm = catalogue.json<CataloguePlans>().plans.find((p) => p.id === DEMO_SCHEDULED_PLAN.planId)!;
    const priceFrom = firm.versions.find((v) => v.status === 'scheduled')!.effective_from!;
    expect(account.subscription.scheduled_changes).toEqual([
      {
        kind: 'plan_change',
        at: account.subscription.period_end,
        text: ACCOUNTS_TEXT.scheduled.planChange('Firm monthly'),
      },
      {
        kind: 'price_change',
        at: new Date(priceFrom).toISOString(),
        text: 'Firm monthly at $790.00 per month',
      },
    ]);

    // Changing back to the current plan drops the change; the catalogue's price of Firm is then not the
    // customer's business, so nothing is scheduled.
    const back = await act('change', { plan: 'team-monthly' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: ACCOUNT_ACTION_TEXT.planResumed, pending_plan_id: null });
    expect((await page()).subscription.scheduled_changes).toEqual([]);
  });

  it('CONS-09 a reactivation without a cancellation and a second cancel are refused with 409 and change no row', async () => {
    expect((await act('change', { plan: DEMO_SCHEDULED_PLAN.planId })).statusCode).toBe(200);
    const before = await rows();
    const reactivate = await act('reactivate');
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json()).toEqual({ message: ACCOUNT_ACTION_TEXT.notCancelling, code: 'CONFLICT' });
    expect(await rows()).toEqual(before);

    const cancel = await act('cancel');
    expect(cancel.statusCode).toBe(200);
    const cancelled = await page();
    expect(cancelled.subscription.scheduled_changes).toEqual([
      {
        kind: 'cancellation',
        at: cancelled.subscription.period_end,
        text: ACCOUNTS_TEXT.scheduled.cancellation,
      },
    ]);
    const afterCancel = await rows();
    const again = await act('cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'The subscription is already set to end with this period.',
      code: 'CONFLICT',
    });
    expect(await rows()).toEqual(afterCancel);

    const reactivated = await act('reactivate');
    expect(reactivated.statusCode).toBe(200);
    expect((await page()).subscription.scheduled_changes).toEqual([]);
  });
});
