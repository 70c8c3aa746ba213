import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_ERRORS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_PATHS,
  API_ACCOUNT_BASE,
  PROFILE_PATHS,
  SANDBOX_PAYMENT_METHODS_PATH,
  USERS_PATHS,
  activitySide,
  type ActivityEntry,
  type ActivityPage,
  type UsersData,
} from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_SUB_USERS } from '../../../../../../src/db/seed/demo-account';
import { DEMO_SERVICE_ADDRESS } from '../../../../../../src/db/seed/demo-addresses';
import { DEMO_PROFILE } from '../../../../../../src/db/seed/demo-profile';
import { recordActivity } from '../../../../../../src/domain/activity/activity-repository';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { completeEmailChange, createEmailChange } from '../../../../../../src/domain/profile/email-change';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

const PRIYA = DEMO_SUB_USERS[0]!;

describe.each(drivers)('activity API (%s)', (driver) => {
  let ctx: TestContext;
  const people: Record<string, { id: string; accountId: string; token: string }> = {};

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${people[email]!.token}` },
      ...(payload ? { payload } : {}),
    });
  const list = async (query = '', email = DEMO_ADMIN.email) => {
    const response = await call('GET', `${ACTIVITY_PATHS.list}${query}`, undefined, email);
    expect(response.statusCode).toBe(200);
    return response.json<ActivityPage>();
  };
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const r = await response;
    expect(r.statusCode, r.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, PRIYA.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      people[email] = {
        id: p!.id,
        accountId: p!.account_id,
        token: (await issueApiToken(ctx.database, p!.id)).token,
      };
    }
  });
  afterAll(() => ctx?.close());

  it('ACT-01 the demo account shows its activity on first start', async () => {
    const demo = await list();
    expect(demo.total).toBeGreaterThanOrEqual(5);
    expect(demo.entries.map((e) => e.what)).toEqual(
      expect.arrayContaining(['Changed the addresses', 'Added a user', 'Scheduled a plan change']),
    );
    expect(demo.entries.every((e) => e.who === DEMO_ADMIN.fullName || e.who === PRIYA.fullName)).toBe(true);
    // The tests below start from an empty log.
    await ctx.database.query('delete from audit_log');
  });

  it('ACT-01 ACT-02 every kind of change is listed newest first with who, what, about whom and only the changed fields', async () => {
    // Users: added, edited, deleted (the PIN stays masked).
    const added = {
      full_name: 'Zoe Activity',
      email: 'zoe.activity@example.com',
      hold_music: 'harbor-lights',
      pin_number: '',
    };
    await ok(call('PUT', USERS_PATHS.users, { added: [added] }));
    const zoe = (await call('GET', USERS_PATHS.users))
      .json<UsersData>()
      .users.find((u) => u.email === added.email)!;
    await ok(call('PUT', USERS_PATHS.users, { updated: [{ ...zoe, full_name: 'Zoe Activity-Jones' }] }));
    await ok(call('PUT', USERS_PATHS.users, { removed: [{ pin_number: zoe.pin_number }] }));
    // Profile, then a confirmed email change.
    await ok(call('PUT', PROFILE_PATHS.profile, { ...DEMO_PROFILE, company: 'Harbor & Pine Tax LLP' }));
    const admin = people[DEMO_ADMIN.email]!;
    const now = new Date();
    const { token } = await createEmailChange(ctx.database, admin, 'dana.moved@example.com', now);
    expect((await completeEmailChange(ctx.database, token, now, async () => {})).status).toBe('changed');
    // Billing: the address, then a new card.
    const moved = { ...DEMO_SERVICE_ADDRESS, city: 'Bangor', postal_code: '04401' };
    await ok(
      call('PUT', '/billing/address', {
        service_address: DEMO_SERVICE_ADDRESS,
        billing_address: moved,
        sameBilling: false,
      }),
    );
    const card = await call('POST', SANDBOX_PAYMENT_METHODS_PATH, {
      number: '5555 5555 5555 4444',
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    });
    await ok(call('POST', '/billing/change-card', { pm_id: card.json().pm_id }));
    // Subscription: cancel, withdraw it, schedule a change, undo it; renew (the annual account).
    await ok(call('POST', '/subscription/cancel/', { reason: 'other' }));
    await ok(call('POST', '/subscription/change/', { plan: 'team-monthly' }));
    await ok(call('POST', '/subscription/change/', { plan: 'firm-monthly' }));
    await ok(call('POST', '/subscription/keep/'));
    await ok(call('POST', '/subscription/change/', { plan: DEMO_ANNUAL.planId }, DEMO_ANNUAL.email));

    const page = await list();
    const rows = page.entries.map((e) => [e.who, e.what, e.about, e.changes]);
    const dana = DEMO_ADMIN.fullName;
    expect(rows).toEqual([
      [
        dana,
        'Undid the scheduled plan change',
        '',
        [{ field: 'Scheduled plan', before: 'Firm monthly', after: '—' }],
      ],
      [
        dana,
        'Scheduled a plan change',
        '',
        [{ field: 'Scheduled plan', before: '—', after: 'Firm monthly' }],
      ],
      [
        dana,
        'Withdrew the cancellation',
        '',
        [{ field: 'Ends with this period', before: 'Yes', after: 'No' }],
      ],
      [
        dana,
        'Cancelled the subscription',
        '',
        [
          { field: 'Ends with this period', before: 'No', after: 'Yes' },
          // The reason the customer gave (issue 64).
          { field: 'Cancel reason', before: '—', after: 'Other' },
        ],
      ],
      [
        dana,
        'Changed the card on file',
        '',
        [
          {
            field: 'Card',
            before: expect.stringMatching(/^visa ending 4242, expires 08\/\d{4}$/),
            after: 'mastercard ending 4444, expires 12/2031',
          },
        ],
      ],
      [
        dana,
        'Changed the addresses',
        '',
        [
          { field: 'Billing address: Town or city', before: DEMO_SERVICE_ADDRESS.city, after: 'Bangor' },
          { field: 'Billing address: Postal code', before: DEMO_SERVICE_ADDRESS.postal_code, after: '04401' },
        ],
      ],
      [
        dana,
        'Changed the sign-in email',
        '',
        [{ field: 'Email', before: DEMO_ADMIN.email, after: 'dana.moved@example.com' }],
      ],
      [
        dana,
        'Updated the profile',
        '',
        [{ field: 'Company', before: DEMO_PROFILE.company, after: 'Harbor & Pine Tax LLP' }],
      ],
      [
        dana,
        'Deleted a user',
        'Zoe Activity-Jones',
        [
          { field: 'Full name', before: 'Zoe Activity-Jones', after: '—' },
          { field: 'Email', before: added.email, after: '—' },
          { field: 'PIN', before: expect.stringMatching(/^•+\d{2,4}$/), after: '—' },
          { field: 'Hold music', before: 'Harbor Lights', after: '—' },
        ],
      ],
      [
        dana,
        'Edited a user',
        'Zoe Activity-Jones',
        [{ field: 'Full name', before: 'Zoe Activity', after: 'Zoe Activity-Jones' }],
      ],
      [
        dana,
        'Added a user',
        'Zoe Activity',
        expect.arrayContaining([{ field: 'Full name', before: '—', after: 'Zoe Activity' }]),
      ],
    ]);
    // No PIN in clear anywhere in the answer.
    expect(JSON.stringify(page)).not.toContain(zoe.pin_number);
    expect(page.entries[0]!.when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
    expect(page.entries.map((e) => e.kind)).toEqual([
      ...Array(4).fill('subscription'),
      'billing',
      'billing',
      'profile',
      'profile',
      'users',
      'users',
      'users',
    ]);
    // The renewal is on the annual account's own log, and only there.
    const annual = await list('', DEMO_ANNUAL.email);
    expect(annual.entries.map((e) => [e.who, e.what])).toEqual([
      [DEMO_ANNUAL.fullName, 'Renewed the subscription'],
    ]);
  });

  it('ACT-03 filters by person (who made it or whom it is about) and by kind', async () => {
    await ok(
      call(
        'PUT',
        PROFILE_PATHS.profile,
        { ...DEMO_PROFILE, first_name: 'Priya', last_name: 'Raman', email: PRIYA.email, company: 'Priya Co' },
        PRIYA.email,
      ),
    );
    const priya = people[PRIYA.email]!.id;
    const byPriya = await list(`?person=${priya}`);
    expect(byPriya.entries.map((e) => [e.who, e.what])).toEqual([[PRIYA.fullName, 'Updated the profile']]);
    expect(byPriya.total).toBe(1);
    expect(byPriya.people.map((p) => p.name)).toContain(PRIYA.fullName);
    const billing = await list('?kind=billing');
    expect(billing.entries.map((e) => e.what)).toEqual(['Changed the card on file', 'Changed the addresses']);
    const both = await list(`?kind=users&person=${priya}`);
    expect(both.entries).toEqual([]);
  });

  it('ACT-04 a long log comes in pages of 25, newest first, with the total', async () => {
    const { accountId, id } = people[DEMO_ADMIN.email]!;
    const first = (await list()).total;
    await recordActivity(
      ctx.database,
      accountId,
      id,
      Array.from({ length: 60 }, (_, i) => ({
        action: 'user.pin_emailed',
        target_person_id: null,
        before: null,
        after: { email: `n${i}@example.com` },
      })),
    );
    const one = await list('?page=1');
    expect(one.total).toBe(first + 60);
    expect(one.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    const pages = Math.ceil(one.total / ACTIVITY_PAGE_SIZE);
    const last = await list(`?page=${pages}`);
    expect(last.entries).toHaveLength(one.total - (pages - 1) * ACTIVITY_PAGE_SIZE);
    expect(last.entries.at(-1)!.what).toBe('Added a user');
    expect((await list(`?page=${pages + 1}`)).entries).toEqual([]);
  });

  it('ACT-06 the CSV parses with csv-parse and holds the list, row for row', async () => {
    const response = await call('GET', `${ACTIVITY_PATHS.csv}?kind=billing`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="account-activity.csv"');
    const records = parse(response.body, { bom: true }) as string[][];
    expect(records[0]).toEqual([...ACTIVITY_CSV_COLUMNS]);
    const listed = (await list('?kind=billing')).entries;
    const row = (e: ActivityEntry) => [
      e.when,
      e.who,
      e.what,
      e.about,
      activitySide(e.changes, 'before'),
      activitySide(e.changes, 'after'),
    ];
    expect(records.slice(1)).toEqual(listed.map(row));
    expect(records[2]![5]).toBe(`Billing address: Town or city: Bangor; Billing address: Postal code: 04401`);
    const all = parse((await call('GET', ACTIVITY_PATHS.csv)).body, { bom: true }) as string[][];
    expect(all.length - 1).toBe((await list()).total);
  });

  it('ACT-05 only the admin sees the log, and another account sees nothing of it', async () => {
    for (const path of [ACTIVITY_PATHS.list, ACTIVITY_PATHS.csv]) {
      const refused = await call('GET', path, undefined, PRIYA.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ACTIVITY_ERRORS.adminOnly);
    }
    const dana = people[DEMO_ADMIN.email]!.id;
    const other = await list(`?person=${dana}`, DEMO_ANNUAL.email);
    expect(other.entries).toEqual([]);
    expect(other.total).toBe(0);
    const everything = JSON.stringify(await list('', DEMO_ANNUAL.email));
    for (const text of [DEMO_ADMIN.fullName, 'Zoe', 'Bangor', PRIYA.fullName])
      expect(everything).not.toContain(text);
    const csv = (await call('GET', ACTIVITY_PATHS.csv, undefined, DEMO_ANNUAL.email)).body;
    expect(csv).not.toContain(DEMO_ADMIN.fullName);
    expect(csv).not.toContain('Bangor');
  });

  it('ACT-07 bad filter input is refused naming the field, and no 5xx', async () => {
    const cases: [string, string][] = [
      ['?kind=payments', 'kind'],
      ['?person=dana', 'person'],
      ['?page=0', 'page'],
      ['?page=two', 'page'],
    ];
    for (const [query, field] of cases) {
      for (const path of [ACTIVITY_PATHS.list, ACTIVITY_PATHS.csv]) {
        if (field === 'page' && path === ACTIVITY_PATHS.csv) continue;
        const response = await call('GET', `${path}${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().field).toBe(field);
      }
    }
  });

  it('ACT-08 a cancellation and its record are written together: two at once give one of each', async () => {
    const before = (await list('?kind=subscription')).total;
    const answers = await Promise.all([
      call('POST', '/subscription/cancel/', { reason: 'other' }),
      call('POST', '/subscription/cancel/', { reason: 'other' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await list('?kind=subscription');
    expect(after.total).toBe(before + 1);
    expect(after.entries[0]!.what).toBe('Cancelled the subscription');
    await ok(call('POST', '/subscription/keep/'));
  });
});
