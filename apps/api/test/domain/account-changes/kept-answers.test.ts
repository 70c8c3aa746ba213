import { API_ACCOUNT_BASE, type BillingData, type OverviewResponse } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { openDatabase, type Database } from '../../../src/db/client';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { loadOverview } from '../../../src/domain/overview/overview';
import { pruneAccountChanges } from '../../../src/domain/account-changes/account-changes-repository';
import { KeptAnswers } from '../../../src/domain/account-changes/kept-answers';
import { loadBillingData } from '../../../src/domain/billing';
import { createTestApp, drivers, seededDatabaseCopy, testConfig, type TestContext } from '../../helpers/app';

/**
 * Each process keeps what it read for the overview and the billing page and answers from that copy
 * while nothing of the account has changed (bench/overview.ts and bench/billing.ts measure why).
 * Whoever writes, and however, the next answer must be the one the database gives now: these tests
 * write to every table those answers read.
 */
describe.each(drivers)('the overview and billing page answered from kept copies (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  let admin: { id: string; account_id: string };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    admin = (
      await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [DEMO_ADMIN.email],
      )
    )[0]!;
    token = (await issueApiToken(ctx.database, admin.id)).token;
  });
  afterAll(() => ctx?.close());

  const get = async <T>(path: string) => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as T;
  };
  const overview = () => get<OverviewResponse>('/');
  const billing = () => get<BillingData>('/billing/');
  /** The answers as the database gives them now, with no copy. */
  const fromDatabase = async () => ({
    overview: await loadOverview(ctx.database, new KeptAnswers(), admin.account_id, admin.id, new Date()),
    billing: await loadBillingData(
      ctx.database,
      new KeptAnswers(),
      admin.account_id,
      new Date(),
      ctx.app.payments.publishableKey,
    ),
  });

  // One write per table the overview's statement reads, each changing what the admin sees.
  const writes: [table: string, sql: string][] = [
    ['accounts', `update accounts set billing_address = null where id = $1`],
    [
      'people',
      `update people set pin = left(pin, length(pin) - 4) || '0429' where id = $2 and account_id = $1`,
    ],
    ['subscriptions', `update subscriptions set cancel_at_period_end = true where account_id = $1`],
    [
      'billing_periods',
      `update billing_periods set ends_at = ends_at + interval '3 days'
        where account_id = $1 and closed_at is null`,
    ],
    [
      'credit_ledger',
      `insert into credit_ledger (account_id, period_id, bucket, kind, amount, note, at)
       select $1, id, 'plan', 'use', -150000, 'kept-copy test', now() from billing_periods
        where account_id = $1 and closed_at is null`,
    ],
    [
      'calls',
      `insert into calls (account_id, period_id, call_uuid, user_name, call_timestamp, destination,
                          caller_id_number, billed_seconds, billing_rate, credits_used, overage_credits)
       select $1, id, 'kept-copy-test', 'Dana', now(), 'IRS PPS', '+12025550100', 60, 2750, 2750, 2750
         from billing_periods where account_id = $1 and closed_at is null`,
    ],
    ['payment_methods', `update payment_methods set last4 = '0005' where account_id = $1 and is_default`],
    [
      'payments',
      `insert into payments (id, account_id, invoice_id, idempotency_key, amount_cents, status, attempt,
                             failure_message)
       select 'pay_kept_copy_test', $1, invoice_id, 'kept-copy-test', amount_cents, 'failed', attempt + 100,
              'Your card was declined.'
         from payments where account_id = $1 order by created_at desc limit 1`,
    ],
    [
      'invoices',
      `update invoices set status = 'void'
        where id = (select id from invoices where account_id = $1 and status <> 'void'
                     order by issued_at desc, number desc limit 1)`,
    ],
    [
      'notifications',
      `insert into notifications (account_id, title, text, dismissible, priority, starts_at)
       values (null, 'For every account: kept-copy test', 'Details.', true, 1, now() - interval '1 minute')`,
    ],
    [
      'notification_dismissals',
      `insert into notification_dismissals (account_id, person_id, notification_key, dismissed_at)
       select $1, $2, id::text, now() from notifications where title = 'For every account: kept-copy test'`,
    ],
    [
      'plan_pauses',
      `insert into plan_pauses (account_id, plan_id, starts_at, resume_at)
       select $1, plan_id, current_period_end, current_period_end + interval '2 months'
         from subscriptions where account_id = $1`,
    ],
    [
      'plans',
      `update plans set name = 'Team (kept-copy test)' where id = (select plan_id from subscriptions where account_id = $1)`,
    ],
    [
      'plan_versions',
      `update plan_versions set credits = credits + 1000
        where plan_id = (select plan_id from subscriptions where account_id = $1)`,
    ],
  ];

  it.each(writes)('answers anew once %s is written to', async (_table, sql) => {
    const before = await overview();
    expect(await overview()).toEqual(before);
    await billing();
    // $1 the account, $2 its admin: a statement is given the parameters it names.
    await ctx.database.query(
      sql,
      [admin.account_id, admin.id].slice(0, sql.includes('$2') ? 2 : sql.includes('$1') ? 1 : 0),
    );
    const after = { overview: await overview(), billing: await billing() };
    expect(after.overview).not.toEqual(before);
    expect(after).toEqual(await fromDatabase());
  });

  it('answers anew after the changes it was checked against were pruned', async () => {
    const before = await overview();
    await billing();
    await ctx.database.query(`update accounts set service_address = null where id = $1`, [admin.account_id]);
    await pruneAccountChanges(ctx.database);
    // Every row below the new horizon is gone (on a shared server, transactions of other databases
    // still running may hold the horizon below the newest rows).
    expect(
      await ctx.database.query<{ n: number }>(
        'select count(*)::int as n from account_changes where xid < (select horizon from account_changes_horizon)',
      ),
    ).toEqual([{ n: 0 }]);
    if (driver === 'pglite')
      expect(await ctx.database.query('select account_id from account_changes')).toEqual([]);
    const after = { overview: await overview(), billing: await billing() };
    expect(after.overview.is_service_address_required).toBe(true);
    expect(before.is_service_address_required).toBe(false);
    expect(after).toEqual(await fromDatabase());
  });

  it('decides at each answer which notices have started or ended, from a copy read before', async () => {
    const kept = new KeptAnswers();
    const now = Date.now();
    const hour = 3_600_000;
    await ctx.database.query(
      `insert into notifications (account_id, title, text, dismissible, priority, starts_at, ends_at)
       values ($1, 'Starts in an hour', 'Details.', true, 1, $2, null),
              ($1, 'Ends in an hour', 'Details.', true, 1, $3, $2)`,
      [admin.account_id, new Date(now + hour), new Date(now - hour)],
    );
    const titles = async (at: number) =>
      (
        await loadOverview(ctx.database, kept, admin.account_id, admin.id, new Date(at))
      ).common_notifications.map((n) => n.title);
    const first = await titles(now);
    expect(first).toContain('Ends in an hour');
    expect(first).not.toContain('Starts in an hour');
    const later = await titles(now + 2 * hour);
    expect(later).toContain('Starts in an hour');
    expect(later).not.toContain('Ends in an hour');
    // A time before the copy's is read from the database, not from the copy.
    expect(await titles(now)).toEqual(first);
  });
});

// PGlite has one process: two apps on one database need a PostgreSQL server.
describe.each(drivers.filter((d) => d === 'postgres'))(
  'answers kept by two apps on one database (%s)',
  () => {
    let copy: Awaited<ReturnType<typeof seededDatabaseCopy>>;
    const apps: { app: App; database: Database }[] = [];
    let token: string;
    let admin: { id: string; account_id: string };

    beforeAll(async () => {
      copy = await seededDatabaseCopy('postgres');
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ kind: 'postgres', url: copy.env.DATABASE_URL!, poolSize: 4 });
        const app = await buildApp({ config: testConfig(), database, logger: false, scheduleJobs: false });
        await app.ready();
        apps.push({ app, database });
      }
      admin = (
        await apps[0]!.database.query<{ id: string; account_id: string }>(
          'select id, account_id from people where email = $1',
          [DEMO_ADMIN.email],
        )
      )[0]!;
      token = (await issueApiToken(apps[0]!.database, admin.id)).token;
    });
    afterAll(async () => {
      for (const { app, database } of apps) {
        await app.close();
        await database.close();
      }
      await copy?.drop();
    });

    const request = async (which: number, method: 'GET' | 'POST', path: string) => {
      const response = await apps[which]!.app.inject({
        method,
        url: `${API_ACCOUNT_BASE}${path}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBeLessThan(300);
      return method === 'GET' ? response.json() : null;
    };

    it("answers with the other app's write at once: a notice dismissed there is gone here", async () => {
      const before = (await request(0, 'GET', '/')) as OverviewResponse;
      const notice = before.common_notifications.find((n) => n.dismissible)!;
      expect(notice).toBeDefined();
      await request(1, 'POST', `/notifications/${notice.id}/dismiss`);
      const after = (await request(0, 'GET', '/')) as OverviewResponse;
      expect(after.common_notifications.map((n) => n.id)).not.toContain(notice.id);
    });

    it('sees a write that was under way while its copy was read, once that write commits', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      // The other app's transaction writes and stays open while this app reads and keeps its copy.
      const writer = apps[1]!.database.transaction(async (tx) => {
        await tx.query('update accounts set billing_address = null where id = $1', [admin.account_id]);
        written();
        await held;
      });
      await wrote;
      // Any committed write makes this app read again, now in a snapshot the open write is not part of.
      await apps[1]!.database.query('update people set full_name = full_name where id = $1', [admin.id]);
      const during = (await request(0, 'GET', '/')) as OverviewResponse;
      expect(during.is_billing_address_required).toBe(false);
      release();
      await writer;
      const after = (await request(0, 'GET', '/')) as OverviewResponse;
      expect(after.is_billing_address_required).toBe(true);
    });
  },
);
