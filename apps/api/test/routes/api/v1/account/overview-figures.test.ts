import {
  API_ACCOUNT_BASE,
  BILLING_PATHS,
  SUBSCRIPTION_PATHS,
  type OverviewResponse,
  overviewBannerFlagsSchema,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../src/domain/auth/api-tokens';
import { drivers, type TestContext } from '../../../../helpers/app';
import { postCalls, spendControlApp, type Member } from '../../../../helpers/spend-control';

/** The flags the account banners are decided from: the overview's and the billing page's alike. */
const bannerFlags = Object.keys(
  overviewBannerFlagsSchema.shape,
) as (keyof typeof overviewBannerFlagsSchema.shape)[];

/**
 * The overview reads the subscription summary, the billing flags and the person's basics in one
 * statement of its own; the subscription and billing pages read theirs apart. Any figure the overview's
 * statement got wrong shows as a difference from those pages, or from the calls and ledger themselves.
 */
describe.each(drivers)('overview figures (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ ctx, admin } = await spendControlApp(driver));
    tokens[admin.email] = admin.token;
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [email]);
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
    }
  });
  afterAll(() => ctx?.close());

  const get = async (path: string, email: string) => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** The overview of `email`'s account, checked against the subscription and billing pages. */
  async function overviewAsPagesSay(email: string): Promise<OverviewResponse> {
    const body = (await get('/', email)) as OverviewResponse;
    const subscription = await get(SUBSCRIPTION_PATHS.root, email);
    for (const [key, value] of Object.entries(body.subscription_info))
      expect(subscription[key], `${email} ${key}`).toEqual(value);
    const billing = await get(BILLING_PATHS.root, email);
    for (const key of bannerFlags) expect(body[key], `${email} ${key}`).toEqual(billing[key]);
    return body;
  }

  /** The current period's calls and credits used, read from the calls and the ledger. */
  async function periodFromTheBooks() {
    const [row] = await ctx.database.query<{ overage_calls: number; used: string }>(
      `select (select count(*)::int from calls c
                where c.account_id = p.account_id and c.period_id = p.id and c.overage_credits > 0) as overage_calls,
              (select coalesce(-sum(amount), 0)::text from credit_ledger l
                where l.account_id = p.account_id and l.period_id = p.id and l.kind = 'use') as used
         from billing_periods p where p.account_id = $1 and p.closed_at is null`,
      [admin.accountId],
    );
    return { overageCalls: row!.overage_calls, creditsUsed: Number(row!.used) / 100 };
  }

  it('every demo account shows what its subscription and billing pages show', async () => {
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, admin.email]) await overviewAsPagesSay(email);
  });

  it('calls into overage, a new price, a scheduled change and a cancellation move the same figures', async () => {
    const before = await overviewAsPagesSay(admin.email);
    // Past the plan's credits: some calls are overage, billed at the period's end.
    await postCalls(ctx, admin.pin, [86_400, 86_400, 86_400, 600, 600]);
    const after = await overviewAsPagesSay(admin.email);
    const books = await periodFromTheBooks();
    expect(books.overageCalls).toBeGreaterThan(0);
    expect(after.subscription_info.billable_calls).toBe(books.overageCalls);
    expect(after.subscription_info.total_credits_used).toBeCloseTo(books.creditsUsed, 2);
    expect(after.subscription_info.total_credits_used).toBeGreaterThan(
      before.subscription_info.total_credits_used,
    );
    expect(after.subscription_info.overage_credits_used).toBeGreaterThan(0);

    // A new price from today: the next period's, not the current one's.
    await ctx.database.query(
      `insert into plan_versions (plan_id, effective_from, price_cents, credits, save)
       select plan_id, now(), price_cents + 1000, credits, null from plan_versions
        where plan_id = (select plan_id from subscriptions where account_id = $1)
        order by effective_from desc limit 1`,
      [admin.accountId],
    );
    const priced = await overviewAsPagesSay(admin.email);
    expect(priced.subscription_info.next_payment_amount).toBe(
      after.subscription_info.next_payment_amount! + 10,
    );
    expect(priced.subscription_info.current_plan).toEqual(after.subscription_info.current_plan);

    await ctx.database.query(
      `update subscriptions set pending_plan_id = (select id from plans where id <> plan_id order by sort limit 1)
        where account_id = $1`,
      [admin.accountId],
    );
    expect((await overviewAsPagesSay(admin.email)).subscription_info.pending_plan_id).not.toBeNull();
    await ctx.database.query(
      'update subscriptions set pending_plan_id = null, cancel_at_period_end = true where account_id = $1',
      [admin.accountId],
    );
    expect((await overviewAsPagesSay(admin.email)).subscription_info.cancel_at_period_end).toBe(true);
  });
});
