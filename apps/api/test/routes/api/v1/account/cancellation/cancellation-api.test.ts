import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  ADMIN_CANCELLATION_PATHS,
  CANCELLATION_PATHS,
  CANCELLATION_TEXT,
  KEEP_LINK_PARAM,
  SUBSCRIPTION_TEXT,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { QUEUES } from '../../../../../../src/jobs/job-queue';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { staffToken } from '../../../../../helpers/staff';
import { waitFor } from '../../../../../helpers/portal-database';
import { startSmtp, type LocalSmtp } from '../../../../../helpers/smtp-server';

describe.each(drivers)('cancellation that asks why (%s)', (driver) => {
  let ctx: TestContext;
  let smtp: LocalSmtp;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp(driver, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOB_POLL_SECONDS: '0.5',
      // Every cancellation of the demo's month-long period is inside the reminder's window at once.
      CANCEL_REMINDER_DAYS: '60',
    });
    const [p] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    accountId = p!.account_id;
    token = (await issueApiToken(ctx.database, p!.id)).token;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const rows = () =>
    ctx.database.query<{ reason: string; words: string | null; outcome: string; period_end: Date }>(
      'select reason, words, outcome, period_end from cancellations where account_id = $1 order by created_at',
      [accountId],
    );
  const subscription = async () =>
    (
      await ctx.database.query<{ cancel_at_period_end: boolean; current_period_end: Date }>(
        'select cancel_at_period_end, current_period_end from subscriptions where account_id = $1',
        [accountId],
      )
    )[0]!;
  const money = () =>
    ctx.database.query(
      `select (select count(*)::int from invoices where account_id = $1) as invoices,
              (select count(*)::int from payments where account_id = $1) as payments,
              (select count(*)::int from sandbox_charges) as charges`,
      [accountId],
    );

  it('refuses a cancellation without one of the reasons, or with words over the limit, naming the field, and changes nothing', async () => {
    const none = await call('POST', '/subscription/cancel/', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      field: 'reason',
      message: `reason: ${CANCELLATION_TEXT.reasonRequired}`,
    });
    const unknown = await call('POST', '/subscription/cancel/', { reason: 'bored' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'reason' });
    const long = await call('POST', '/subscription/cancel/', { reason: 'other', words: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      field: 'words',
      message: 'words: Your words can be at most 1,000 characters.',
    });
    expect(await rows()).toEqual([]);
    expect((await subscription()).cancel_at_period_end).toBe(false);
  });

  it("offers the plan advisor's cheaper plan for 'too expensive', with the advisor's own figures", async () => {
    const offer = await call('GET', `${CANCELLATION_PATHS.offer}?reason=too_expensive`);
    expect(offer.statusCode).toBe(200);
    const { advisor } = (await call('GET', '/subscription/forecast/')).json();
    const cheaper =
      advisor.cheapest.price_id !== 'team-monthly' && advisor.cheapest.cost < advisor.current_cost;
    expect(offer.json()).toEqual({
      reason: 'too_expensive',
      offer: cheaper
        ? {
            kind: 'cheaper_plan',
            plan: { price_id: advisor.cheapest.price_id, name: advisor.cheapest.name, period: 'mo' },
            cost: advisor.cheapest.cost,
            current_cost: advisor.current_cost,
            periods_compared: advisor.periods_compared,
          }
        : null,
    });
    expect((await call('GET', `${CANCELLATION_PATHS.offer}?reason=missing_feature`)).json().offer).toEqual({
      kind: 'feature_request',
    });
    expect((await call('GET', `${CANCELLATION_PATHS.offer}?reason=other`)).json().offer).toBeNull();
    expect((await call('GET', `${CANCELLATION_PATHS.offer}?reason=nope`)).statusCode).toBe(400);
  });

  it('records an alternative taken instead of cancelling, and keeps the plan as it is', async () => {
    const taken = await call('POST', CANCELLATION_PATHS.alternative, {
      reason: 'missing_feature',
      words: 'QuickBooks export',
      alternative: 'feature_request',
    });
    expect(taken.statusCode).toBe(200);
    expect(await rows()).toEqual([
      expect.objectContaining({
        reason: 'missing_feature',
        words: 'QuickBooks export',
        outcome: 'feature_request',
      }),
    ]);
    expect((await subscription()).cancel_at_period_end).toBe(false);
  });

  it('stores the reason and the words once with the cancellation, and the activity log names the reason', async () => {
    await ctx.database.query('delete from cancellations where account_id = $1', [accountId]);
    const cancelled = await call('POST', '/subscription/cancel/', {
      reason: 'too_expensive',
      words: '  Too pricey  ',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: SUBSCRIPTION_TEXT.cancelled,
      cancel_at_period_end: true,
    });
    const again = await call('POST', '/subscription/cancel/', { reason: 'other' });
    expect(again.statusCode).toBe(409);
    const sub = await subscription();
    expect(await rows()).toEqual([
      {
        reason: 'too_expensive',
        words: 'Too pricey',
        outcome: 'cancelled',
        period_end: sub.current_period_end,
      },
    ]);
    const [logged] = await ctx.database.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where account_id = $1 and action = 'subscription.cancel'
        order by at desc limit 1`,
      [accountId],
    );
    expect(logged!.after).toMatchObject({ ends_with_period: true, cancel_reason: 'Too expensive' });
  });

  /** Runs the reminder job and answers the reminder it delivered by SMTP, parsed by mailparser. */
  async function reminderEmail(count: number) {
    await ctx.app.jobQueue!.send(QUEUES.cancellationReminders, {});
    const reminders = () => smtp.received.filter((m) => m.subject?.startsWith('Your enQ plan ends on '));
    await waitFor('the reminder delivered', 20_000, async () => reminders().length >= count);
    return reminders()[count - 1]!;
  }
  const linkToken = (text: string) => {
    const link = /Keep this plan: (\S+)/.exec(text)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe('/subscription');
    return url.searchParams.get(KEEP_LINK_PARAM)!;
  };

  it("other spellings of the Keep this plan link's token are refused, never taken for a valid one", async () => {
    const keep = linkToken((await reminderEmail(1)).text!);
    const before = await money();
    const swap = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
    const letter = [...keep].findIndex((c) => c.toLowerCase() !== c.toUpperCase());
    const spellings = [
      keep.toUpperCase(),
      keep.toLowerCase(),
      keep.slice(0, letter) + swap(keep[letter]!) + keep.slice(letter + 1),
      ` ${keep}`,
      `${keep} `,
      `${keep.slice(0, 10)} ${keep.slice(10)}`,
      [...keep].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
      `%${keep.charCodeAt(0).toString(16)}${keep.slice(1)}`,
      encodeURIComponent(`${keep}=`),
      `\u200b${keep}`,
      `${keep}\u200b`,
      `${keep.slice(0, 20)}\u200d${keep.slice(20)}`,
      `\ufeff${keep}`,
      `${keep.slice(0, 5)}\u2060${keep.slice(5)}`,
    ];
    for (const spelling of new Set(spellings.filter((t) => t !== keep))) {
      const answer = await call('POST', CANCELLATION_PATHS.keep, { token: spelling });
      expect([400, 404], JSON.stringify(spelling)).toContain(answer.statusCode);
      if (answer.statusCode === 404) expect(answer.json().message).toBe(CANCELLATION_TEXT.linkUnknown);
    }
    expect((await subscription()).cancel_at_period_end).toBe(true);
    const [row] = await ctx.database.query<{ kept_at: Date | null }>(
      `select kept_at from cancellations where account_id = $1 and outcome = 'cancelled'`,
      [accountId],
    );
    expect(row!.kept_at).toBeNull();
    expect(await money()).toEqual(before);
  }, 60_000);

  it("the reminder's Keep this plan link keeps the plan once, never charging", async () => {
    const mail = await reminderEmail(1);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : '').toBe(DEMO_ADMIN.email);
    expect(mail.text).toContain('Keep this plan: http://localhost:8080/subscription?keep=');
    expect(mail.html || '').toContain('/subscription?keep=');
    const before = await money();
    const keep = linkToken(mail.text!);
    const kept = await call('POST', CANCELLATION_PATHS.keep, { token: keep });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ message: CANCELLATION_TEXT.kept, cancel_at_period_end: false });
    const twice = await call('POST', CANCELLATION_PATHS.keep, { token: keep });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CANCELLATION_TEXT.linkUsed);
    expect((await subscription()).cancel_at_period_end).toBe(false);
    expect(await money()).toEqual(before);
    // One reminder per cancellation: the job finds nothing more to send.
    await ctx.app.jobQueue!.send(QUEUES.cancellationReminders, {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.subject?.startsWith('Your enQ plan ends on '))).toHaveLength(1);
  }, 60_000);

  it('a link refuses once its period has ended, and an older link never undoes a later cancellation', async () => {
    expect((await call('POST', '/subscription/cancel/', { reason: 'not_using' })).statusCode).toBe(200);
    const keep = linkToken((await reminderEmail(2)).text!);
    // The period ended a minute ago and has not been closed yet.
    await ctx.database.query(
      `update cancellations set period_end = now() - interval '1 minute'
        where account_id = $1 and reminder_queued_at is not null and kept_at is null`,
      [accountId],
    );
    const before = await money();
    const ended = await call('POST', CANCELLATION_PATHS.keep, { token: keep });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(CANCELLATION_TEXT.linkExpired);
    expect((await subscription()).cancel_at_period_end).toBe(true);
    expect(await money()).toEqual(before);
    const unknown = await call('POST', CANCELLATION_PATHS.keep, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CANCELLATION_TEXT.linkUnknown);
  }, 60_000);

  it("the console's report counts this month's reasons by plan, cancelled and alternatives taken; staff only", async () => {
    const taken = await call('POST', CANCELLATION_PATHS.alternative, {
      reason: 'too_expensive',
      alternative: 'plan_change',
    });
    expect(taken.statusCode).toBe(200);
    const report = (authorization: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_ADMIN_BASE}${ADMIN_CANCELLATION_PATHS.report}`,
        headers: { authorization },
      });
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const answer = await report(`Bearer ${(await staffToken(ctx.database, 'support')).token}`);
    expect(answer.statusCode).toBe(200);
    // The demo's own leavers (Cedar Hollow, Quarry Lane) are on other plans.
    expect(answer.json().rows.filter((r: { plan: string }) => r.plan === 'Team monthly')).toEqual([
      { month, plan: 'Team monthly', reason: 'too_expensive', cancelled: 1, accepted: 1 },
      { month, plan: 'Team monthly', reason: 'not_using', cancelled: 1, accepted: 0 },
    ]);
    expect((await report(`Bearer ${token}`)).statusCode).toBe(403);
  });
});
