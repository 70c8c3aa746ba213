import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  NOTICE_ERRORS,
  OVERVIEW_PATHS,
  type AdminNoticeList,
  type OverviewResponse,
  type PublishNoticeInput,
  type StaffRole,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { staffToken } from '../../../../../helpers/staff';

const HOUR = 3_600_000;

describe.each(drivers)('admin notices API (%s)', (driver) => {
  let ctx: TestContext;
  let now = new Date('2026-11-20T15:00:00Z');
  const clock = { now: () => now };
  const customers: Record<string, { token: string; accountId: string }> = {};
  const staff = {} as Record<StaffRole, string>;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestApp(driver, {}, { clock });
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_NEW_TEAM.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      customers[email] = {
        token: (await issueApiToken(ctx.database, p!.id)).token,
        accountId: p!.account_id,
      };
    }
    for (const role of ['support', 'finance', 'admin'] as const)
      staff[role] = (await staffToken(ctx.database, role)).token;
  });
  afterAll(() => ctx?.close());

  const admin = (method: 'GET' | 'POST', path: string, body?: object, role: StaffRole = 'admin') =>
    ctx.app.inject({
      method,
      url: `${API_ADMIN_BASE}${path}`,
      headers: { authorization: `Bearer ${staff[role]}`, 'idempotency-key': `notice-test-${++seq}` },
      ...(body ? { payload: body } : {}),
    });
  const publish = (input: Partial<PublishNoticeInput>) =>
    admin('POST', '/notices', {
      reason: 'Customer communication',
      text: 'Details of the notice.',
      audience: 'all',
      priority: 5,
      ...input,
    });
  const titlesFor = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}/`,
      headers: { authorization: `Bearer ${customers[email]!.token}` },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as OverviewResponse).common_notifications.map((n) => n.title);
  };
  const listed = async () => {
    const response = await admin('GET', '/notices');
    expect(response.statusCode).toBe(200);
    return response.json() as AdminNoticeList;
  };

  it("NOTICE-02 NOTICE-04 the demo's console notices: one scheduled for the annual plan, one withdrawn", async () => {
    const { notices } = await listed();
    const pick = (title: string) => notices.find((n) => n.title === title);
    expect(pick('Annual plans: your renewal summary is coming')).toMatchObject({
      status: 'scheduled',
      audience: 'plan',
      plan_id: 'solo-annual',
      created_by: 'Morgan Reyes',
    });
    expect(pick('Holiday support hours')).toMatchObject({ status: 'withdrawn', audience: 'all' });
    expect(await titlesFor(DEMO_ANNUAL.email)).not.toContain('Annual plans: your renewal summary is coming');
    const trail = await ctx.database.query<{ action: string }>(
      "select action from staff_audit where action like 'notice.%' order by id",
    );
    expect(trail.map((r) => r.action).sort()).toEqual([
      'notice.publish',
      'notice.publish',
      'notice.withdraw',
    ]);
  });

  it('NOTICE-01 a notice to all accounts reaches every overview, with its trail entry', async () => {
    const response = await publish({
      title: 'Winter support hours',
      link: '/lines',
      link_text: 'See lines',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Notice “Winter support hours” published.');
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_NEW_TEAM.email])
      expect(await titlesFor(email)).toContain('Winter support hours');
    const notice = (await listed()).notices.find((n) => n.title === 'Winter support hours')!;
    expect(notice).toMatchObject({
      status: 'live',
      audience: 'all',
      link: '/lines',
      created_by: 'Morgan Reyes',
    });
    const [audit] = await ctx.database.query<{ action: string; account_id: string | null; reason: string }>(
      "select action, account_id, reason from staff_audit where action = 'notice.publish' order by id desc limit 1",
    );
    expect(audit).toEqual({ action: 'notice.publish', account_id: null, reason: 'Customer communication' });
  });

  it("NOTICE-01 a plan's notice reaches only that plan's accounts; a one-account notice no other", async () => {
    expect(
      (await publish({ title: 'Annual plan news', audience: 'plan', plan_id: DEMO_ANNUAL.planId }))
        .statusCode,
    ).toBe(200);
    const own = customers[DEMO_NEW_TEAM.email]!.accountId;
    expect(
      (await publish({ title: 'Only for Birch Street', audience: 'account', account_id: own })).statusCode,
    ).toBe(200);
    expect(await titlesFor(DEMO_ANNUAL.email)).toContain('Annual plan news');
    expect(await titlesFor(DEMO_ANNUAL.email)).not.toContain('Only for Birch Street');
    expect(await titlesFor(DEMO_ADMIN.email)).not.toContain('Annual plan news');
    expect(await titlesFor(DEMO_ADMIN.email)).not.toContain('Only for Birch Street');
    expect(await titlesFor(DEMO_NEW_TEAM.email)).toContain('Only for Birch Street');
    expect(await titlesFor(DEMO_NEW_TEAM.email)).not.toContain('Annual plan news');
    // Another account cannot dismiss (or even find) the one-account notice.
    const id = (await listed()).notices.find((n) => n.title === 'Only for Birch Street')!.id;
    const dismiss = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${OVERVIEW_PATHS.dismiss(id)}`,
      headers: { authorization: `Bearer ${customers[DEMO_ADMIN.email]!.token}` },
    });
    expect(dismiss.statusCode).toBe(404);
    // The one-account notice is on that account's activity log, as enQ support.
    const [activity] = await ctx.database.query<{ action: string }>(
      "select action from audit_log where account_id = $1 and action = 'staff.notice.publish'",
      [own],
    );
    expect(activity).toEqual({ action: 'staff.notice.publish' });
  });

  it('NOTICE-02 a scheduled notice shows from its publish time on, by the app clock', async () => {
    const at = new Date(now.getTime() + 2 * HOUR).toISOString();
    const response = await publish({ title: 'Price update next month', publish_at: at, priority: 90 });
    expect(response.json().message).toBe(`Notice “Price update next month” scheduled for ${at}.`);
    expect(await titlesFor(DEMO_ADMIN.email)).not.toContain('Price update next month');
    expect((await listed()).notices.find((n) => n.title === 'Price update next month')!.status).toBe(
      'scheduled',
    );
    now = new Date(now.getTime() + 2 * HOUR + 1000);
    const titles = await titlesFor(DEMO_ADMIN.email);
    // Priority 90 is above every seeded notice: it comes first.
    expect(titles[0]).toBe('Price update next month');
    expect((await listed()).notices.find((n) => n.title === 'Price update next month')!.status).toBe('live');
  });

  it('NOTICE-03 a bad link, a missing title or link text is refused naming the field and saves nothing', async () => {
    const before = (await listed()).notices.length;
    for (const link of ['javascript:alert(1)', 'http://example.com', '//evil.example', 'data:text/html,x']) {
      const response = await publish({ title: 'Bad link', link, link_text: 'Open' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'link',
        message: expect.stringContaining(NOTICE_ERRORS.link),
      });
    }
    const noText = await publish({ title: 'Link only', link: 'https://www.irs.gov', link_text: '' });
    expect(noText.json()).toMatchObject({
      field: 'link_text',
      message: expect.stringContaining(NOTICE_ERRORS.linkTextRequired),
    });
    const noTitle = await publish({ title: '  ' });
    expect(noTitle.json()).toMatchObject({
      field: 'title',
      message: expect.stringContaining(NOTICE_ERRORS.titleRequired),
    });
    const noPlan = await publish({ title: 'Plan without id', audience: 'plan', plan_id: 'no-such-plan' });
    expect(noPlan.json()).toMatchObject({ field: 'plan_id', message: NOTICE_ERRORS.planUnknown });
    expect((await listed()).notices.length).toBe(before);
  });

  it('NOTICE-04 a withdrawn notice leaves the overview and stays listed as withdrawn', async () => {
    await publish({ title: 'Outage resolved', dismissible: false });
    expect(await titlesFor(DEMO_ADMIN.email)).toContain('Outage resolved');
    const id = (await listed()).notices.find((n) => n.title === 'Outage resolved')!.id;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${OVERVIEW_PATHS.dismiss(id)}`,
      headers: { authorization: `Bearer ${customers[DEMO_ADMIN.email]!.token}` },
    });
    expect(refused.statusCode).toBe(409);
    const response = await admin('POST', `/notices/${id}/withdraw`, { reason: 'No longer true' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Notice “Outage resolved” withdrawn.');
    expect(await titlesFor(DEMO_ADMIN.email)).not.toContain('Outage resolved');
    expect((await listed()).notices.find((n) => n.id === id)!.status).toBe('withdrawn');
    const again = await admin('POST', `/notices/${id}/withdraw`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(
      (await admin('POST', `/notices/00000000-0000-4000-8000-000000000000/withdraw`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('NOTICE-01 a retried publish with the same Idempotency-Key publishes once', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_ADMIN_BASE}/notices`,
        headers: { authorization: `Bearer ${staff.admin}`, 'idempotency-key': 'notice-retry-key-1' },
        payload: { reason: 'Retry', title: 'Published once', text: 'Once.', audience: 'all' },
      });
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect((await listed()).notices.filter((n) => n.title === 'Published once')).toHaveLength(1);
  });

  it('NOTICE-05 support and finance cannot list, publish or withdraw notices', async () => {
    for (const role of ['support', 'finance'] as const) {
      expect((await admin('GET', '/notices', undefined, role)).statusCode).toBe(403);
      expect(
        (await admin('POST', '/notices', { reason: 'x', title: 't', text: 't', audience: 'all' }, role))
          .statusCode,
      ).toBe(403);
    }
  });
});
