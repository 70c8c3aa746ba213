import {
  API_ACCOUNT_BASE,
  OVERVIEW_TEXT,
  type OverviewResponse,
  overviewBannerFlagsSchema,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_ANNUAL,
  DEMO_NEW_TEAM,
  DEMO_SUB_USERS,
} from '../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';

/** The flags the account banners are decided from: the overview's and the billing page's alike. */
const bannerFlags = Object.keys(
  overviewBannerFlagsSchema.shape,
) as (keyof typeof overviewBannerFlagsSchema.shape)[];

const TEAMMATE = DEMO_SUB_USERS[0]!.email;
const MAINTENANCE = 'Scheduled maintenance Sunday 2–3 AM EST';
const IRS = 'IRS Practitioner Priority Service hours extended for filing season';
const CARDS = "New: download your team's contact cards";
const RESOURCES = 'Filing season resources';

describe.each(drivers)('overview API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const people: Record<string, { id: string; account_id: string; pin: string }> = {};

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_NEW_TEAM.email, TEAMMATE]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string; pin: string }>(
        'select id, account_id, pin from people where email = $1',
        [email],
      );
      people[email] = p!;
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
    }
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'POST', path: string, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });
  const overview = async (email = DEMO_ADMIN.email) => {
    const response = await call('GET', '/', email);
    expect(response.statusCode).toBe(200);
    return response.json() as OverviewResponse;
  };
  const titles = (body: OverviewResponse) => body.common_notifications.map((n) => n.title);
  const idOf = async (title: string) =>
    (await overview()).common_notifications.find((n) => n.title === title)!.id;
  async function addNotice(values: {
    accountId: string | null;
    title: string;
    link?: string;
    dismissible?: boolean;
    startsAt?: Date;
    endsAt?: Date | null;
  }): Promise<string> {
    const [row] = await ctx.database.query<{ id: string }>(
      `insert into notifications (account_id, title, text, link, link_text, dismissible, priority, starts_at, ends_at)
       values ($1, $2, 'Details.', $3, 'Open', $4, 1, $5, $6) returning id`,
      [
        values.accountId,
        values.title,
        values.link ?? null,
        values.dismissible ?? true,
        values.startsAt ?? new Date(Date.now() - 60_000),
        values.endsAt ?? null,
      ],
    );
    return row!.id;
  }

  it('API-26 OVW-01 OVW-02 OVW-05 OVW-06 the demo admin: masked PIN, summary, flags, notices by priority then age', async () => {
    const body = await overview();
    const pin = people[DEMO_ADMIN.email]!.pin;
    expect(body.pin).toBe(`${'•'.repeat(pin.length - 4)}${pin.slice(-4)}`);
    expect(JSON.stringify(body)).not.toContain(pin);

    // The same summary the subscription page shows.
    const subscription = (await call('GET', '/subscription/')).json();
    for (const [key, value] of Object.entries(body.subscription_info))
      expect(subscription[key], key).toEqual(value);
    expect(body.plan_name).toBe('Team');
    expect(body.subscription_info).toMatchObject({
      current_plan: { price_id: 'team-monthly', period: 'mo', credits: 30000 },
      status: 'active',
      days_in_period: expect.any(Number),
    });
    // Whole days elapsed plus days left make the period's length.
    const { days_in_period: elapsed, days_left: left, period_start, period_end } = body.subscription_info;
    expect(elapsed + left).toBe(
      Math.round((Date.parse(String(period_end)) - Date.parse(String(period_start))) / 86_400_000),
    );

    // The banner flags the billing page decides its banners from, identical.
    const billing = (await call('GET', '/billing/')).json();
    for (const key of bannerFlags) expect(body[key], key).toEqual(billing[key]);

    expect(titles(body)).toEqual([MAINTENANCE, IRS, CARDS, RESOURCES]);
    const [maintenance, irs, , resources] = body.common_notifications;
    expect(maintenance).toMatchObject({ dismissible: false, priority: 30 });
    expect(maintenance).not.toHaveProperty('link');
    expect(irs).toMatchObject({ dismissible: true, link: '/lines', linkText: 'See line hours' });
    expect(resources).toMatchObject({ link: 'https://www.irs.gov/tax-professionals' });
  });

  it('OVW-04 a multi-user plan with no sub-account users yet shows the sub-account notice linking to /users', async () => {
    expect((await overview(DEMO_NEW_TEAM.email)).sub_account_notification).toEqual({
      title: OVERVIEW_TEXT.subAccountTitle,
      text: OVERVIEW_TEXT.subAccountText('Practice'),
      link: '/users',
      linkText: OVERVIEW_TEXT.subAccountLinkText,
    });
  });

  it('OVW-04 an account that already has sub-account users is not told to add them', async () => {
    // The practice has 24 users on its Team plan: the notice would tell it what it does already.
    expect((await overview()).sub_account_notification).toBeNull();
    expect((await overview(TEAMMATE)).sub_account_notification).toBeNull();
  });

  it('OVW-04 the new team adds its first user, and the notice is gone; removing the user brings it back', async () => {
    const account = people[DEMO_NEW_TEAM.email]!.account_id;
    const [first] = await ctx.database.query<{ id: string }>(
      `insert into people (account_id, full_name, email, pin) values ($1, 'Owen Park', 'owen.park@birchstreetcpa.com', '918273')
       returning id`,
      [account],
    );
    expect((await overview(DEMO_NEW_TEAM.email)).sub_account_notification).toBeNull();
    await ctx.database.query('delete from people where id = $1 and account_id = $2', [first!.id, account]);
    expect((await overview(DEMO_NEW_TEAM.email)).sub_account_notification).not.toBeNull();
  });

  it('BAN-09 OVW-04 the annual exhausted account: out of credits, no sub-account notice, only global notices', async () => {
    const body = await overview(DEMO_ANNUAL.email);
    expect(body.is_credits_exhausted).toBe(true);
    expect(body.subscription_info.is_credits_exhausted).toBe(true);
    expect(body.subscription_info.current_plan?.period).toBe('yr');
    expect(body.sub_account_notification).toBeNull(); // Solo is not a multi-user plan
    expect(titles(body)).toEqual([MAINTENANCE]);
  });

  it('OVW-06 a dismissed notice stays dismissed, for that person only; dismissing again is harmless', async () => {
    const irs = await idOf(IRS);
    const first = await call('POST', `/notifications/${irs}/dismiss`);
    expect(first.statusCode).toBe(204);
    expect((await call('POST', `/notifications/${irs}/dismiss`)).statusCode).toBe(204);
    expect(titles(await overview())).toEqual([MAINTENANCE, CARDS, RESOURCES]);
    expect(titles(await overview(TEAMMATE))).toEqual([MAINTENANCE, IRS, CARDS, RESOURCES]);

    expect((await overview(DEMO_NEW_TEAM.email)).sub_account_notification).not.toBeNull();
    expect((await call('POST', '/notifications/sub_account/dismiss', DEMO_NEW_TEAM.email)).statusCode).toBe(
      204,
    );
    expect((await overview(DEMO_NEW_TEAM.email)).sub_account_notification).toBeNull();
  });

  it('OVW-06 a notice that is not dismissible cannot be dismissed and keeps showing', async () => {
    const maintenance = await idOf(MAINTENANCE);
    const response = await call('POST', `/notifications/${maintenance}/dismiss`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: OVERVIEW_TEXT.notDismissible });
    expect(titles(await overview())[0]).toBe(MAINTENANCE);
  });

  it("another account's notice, an unknown id or a malformed key answers 404 and changes nothing", async () => {
    const annualAccount = people[DEMO_ANNUAL.email]!.account_id;
    const theirs = await addNotice({ accountId: annualAccount, title: 'Lakeside only' });
    const notFound = { code: 'NOT_FOUND', message: OVERVIEW_TEXT.noSuchNotice };
    for (const key of [theirs, '00000000-0000-4000-8000-000000000000', 'not-a-notice', "x'; drop"]) {
      const response = await call('POST', `/notifications/${encodeURIComponent(key)}/dismiss`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(titles(await overview(DEMO_ANNUAL.email))).toContain('Lakeside only');
    expect(titles(await overview())).not.toContain('Lakeside only');
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from notification_dismissals where notification_key = $1',
      [theirs],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('OVW-05 unsafe links never leave the server: the notice shows without link or linkText', async () => {
    const account = people[DEMO_ADMIN.email]!.account_id;
    const unsafe = ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', '//evil.example/login'];
    for (const [i, link] of unsafe.entries())
      await addNotice({ accountId: account, title: `Unsafe ${i}`, link });
    const body = await overview();
    for (const i of unsafe.keys()) {
      const notice = body.common_notifications.find((n) => n.title === `Unsafe ${i}`);
      expect(notice).toBeDefined();
      expect(notice).not.toHaveProperty('link');
      expect(notice).not.toHaveProperty('linkText');
    }
    expect(JSON.stringify(body)).not.toMatch(/javascript:|data:text|evil\.example/);
  });

  it('OVW-05 a notice shows only between starts_at and ends_at', async () => {
    const account = people[DEMO_ADMIN.email]!.account_id;
    const day = 86_400_000;
    await addNotice({
      accountId: account,
      title: 'Already over',
      startsAt: new Date(Date.now() - 3 * day),
      endsAt: new Date(Date.now() - day),
    });
    await addNotice({ accountId: account, title: 'Not yet', startsAt: new Date(Date.now() + day) });
    await addNotice({ accountId: null, title: 'Everyone, now', endsAt: new Date(Date.now() + day) });
    const shown = titles(await overview());
    expect(shown).toContain('Everyone, now');
    expect(shown).not.toContain('Already over');
    expect(shown).not.toContain('Not yet');
    expect(titles(await overview(DEMO_ANNUAL.email))).toContain('Everyone, now');
  });

  it('is documented in OpenAPI from the contract schemas', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    expect(JSON.stringify(doc.paths['/api/v1/account/'])).toContain('#/components/schemas/Overview');
    expect(doc.paths).toHaveProperty(['/api/v1/account/notifications/{key}/dismiss', 'post']);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API_ACCOUNT_BASE}/` });
    expect(response.statusCode).toBe(401);
    const dismiss = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/notifications/sub_account/dismiss`,
    });
    expect(dismiss.statusCode).toBe(401);
  });
});
