import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  CATALOGUE_PATHS,
  CATALOGUE_TEXT,
  SERVICE_KEY_HEADER,
  SUBSCRIPTION_PATHS,
  TELEPHONY_CALLS_PATH,
  type CataloguePlans,
  type LinesData,
  type SubscriptionResponse,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../../../../../src/db/seed';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { staffToken } from '../../../../../helpers/staff';

const KEY = 'svc_test_key_that_is_long_enough_123';
const PPS = {
  name_long: 'Practitioner Priority Line',
  irs_number: '866-860-4259',
  display_number: '(888) 555-0199',
  open_hours_text: 'Mon–Fri 8:00 AM – 6:00 PM EST',
  description_long: 'For tax professionals with a CAF number.',
};

describe.each(drivers)('catalogue lines, markets and plans (%s)', (driver) => {
  let ctx: TestContext;
  let admin = '';
  let customer = '';
  let pin = '';
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY });
    admin = (await staffToken(ctx.database, 'admin')).token;
    const [person] = await ctx.database.query<{ id: string; pin: string }>(
      'select id, pin from people where email = $1',
      [DEMO_ADMIN.email],
    );
    pin = person!.pin;
    customer = (await issueApiToken(ctx.database, person!.id)).token;
  });
  afterAll(() => ctx?.close());

  const send = (
    method: 'POST' | 'PUT',
    path: string,
    body: Record<string, unknown>,
    key: string,
    token = admin,
  ) =>
    ctx.app.inject({
      method,
      url: `${API_ADMIN_BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { reason: 'Catalogue review', ...body },
    });
  const portal = async <T>(path: string) => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const lineRows = async () =>
    ctx.database.query('select * from line_departments order by id').then((r) => JSON.stringify(r));

  it('CAT-05 an edited line shows on the Lines page with its E.164 number, keeps its rates, and survives a restart', async () => {
    const saved = await send('PUT', CATALOGUE_PATHS.line('irs-pps'), PPS, 'line-edit-1');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('The line Practitioner Priority Line is saved.');
    await seedReferenceData(ctx.database);
    const irs = (await portal<LinesData>('/lines/')).markets_with_groups.IRS!;
    const line = irs.find((l) => l.name_long === PPS.name_long)!;
    expect(line).toMatchObject({ display_number: '+18885550199', open_hours_text: PPS.open_hours_text });
    expect(line.rate_now).toBeGreaterThan(0);
    expect(irs.some((l) => l.name_long === 'Practitioner Priority Service')).toBe(false);
  });

  it('CAT-05 a bad enQ number or a taken name is refused naming the field, and nothing changes', async () => {
    const before = await lineRows();
    const number = await send(
      'PUT',
      CATALOGUE_PATHS.line('irs-pps'),
      { ...PPS, display_number: '12' },
      'bad-line-1',
    );
    expect(number.statusCode).toBe(400);
    expect(number.json()).toMatchObject({ message: CATALOGUE_TEXT.badNumber, field: 'display_number' });
    const taken = await send(
      'PUT',
      CATALOGUE_PATHS.line('irs-pps'),
      { ...PPS, name_long: 'e-Services Help Desk' },
      'bad-line-2',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'name_long' });
    const empty = await send(
      'PUT',
      CATALOGUE_PATHS.line('irs-pps'),
      { ...PPS, name_long: ' ' },
      'bad-line-3',
    );
    expect(empty.statusCode).toBe(400);
    expect(await lineRows()).toBe(before);
  });

  it('CAT-05 a renamed market with the New flag shows on the Lines page, its lines still rated', async () => {
    const saved = await send(
      'PUT',
      CATALOGUE_PATHS.market('irs'),
      { name: 'Internal Revenue Service', is_new: true, sort: 1 },
      'market-1',
    );
    expect(saved.statusCode).toBe(200);
    const groups = (await portal<LinesData>('/lines/')).markets_with_groups;
    expect(groups.IRS).toBeUndefined();
    const irs = groups['Internal Revenue Service']!;
    expect(irs[0]!.new_market).toBe(true);
    expect(irs.every((l) => l.rate_now !== null)).toBe(true);
  });

  it('CAT-06 an added line shows on the Lines page at its rate, and its calls are rated', async () => {
    const added = await send(
      'POST',
      CATALOGUE_PATHS.lines,
      {
        ...PPS,
        name_long: 'Collections',
        display_number: '+1 888 555 0188',
        market_id: 'ca-ftb',
        credits_per_minute: 25,
      },
      'line-add-1',
    );
    expect(added.statusCode).toBe(200);
    const market = Object.entries((await portal<LinesData>('/lines/')).markets_with_groups).find(([, l]) =>
      l.some((g) => g.market_id === 'ca-ftb'),
    )!;
    expect(market[1].find((l) => l.name_long === 'Collections')).toMatchObject({
      rate_now: 25,
      display_number: '+18885550188',
    });
    const call = await ctx.app.inject({
      method: 'POST',
      url: TELEPHONY_CALLS_PATH,
      headers: { [SERVICE_KEY_HEADER]: KEY },
      payload: {
        calls: [
          {
            call_uuid: 'new-line-call',
            pin,
            call_timestamp: new Date(Date.now() + 1000).toISOString(),
            destination: `${market[0]} Collections`,
            caller_id_number: '+12125550100',
            billed_duration: 60,
          },
        ],
      },
    });
    expect(call.json()).toMatchObject({ accepted: 1, rejected: [] });
    const filters = await portal<{ destinations: string[] }>('/calls/filters/');
    expect(filters.destinations).toContain(`${market[0]} Collections`);
    await seedReferenceData(ctx.database);
    const rated = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from rates where destination = $1 and effective_to is null',
      [`${market[0]} Collections`],
    );
    expect(rated[0]!.n).toBe(48);
  });

  it('CAT-01 CAT-04 a scheduled plan price is listed From its date, leaves the portal plan list as it is, and acts once per key', async () => {
    const before = await portal<SubscriptionResponse>(SUBSCRIPTION_PATHS.root);
    const from = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const body = { price_cents: 32_500, credits: 31_000, save: null, effective_from: from };
    const first = await send('POST', CATALOGUE_PATHS.planVersions('team-monthly'), body, 'plan-version-1');
    expect(first.statusCode).toBe(200);
    const retry = await send('POST', CATALOGUE_PATHS.planVersions('team-monthly'), body, 'plan-version-1');
    expect(retry.json()).toMatchObject({ replayed: true, audit_id: first.json().audit_id });
    const versions = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from plan_versions where plan_id = 'team-monthly'",
    );
    expect(versions[0]!.n).toBe(2);
    const listed = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${CATALOGUE_PATHS.plans}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const team = listed.json<CataloguePlans>().plans.find((p) => p.id === 'team-monthly')!;
    expect(team.versions.map((v) => [v.status, v.price_cents])).toEqual([
      ['in_force', 30_000],
      ['scheduled', 32_500],
    ]);
    expect(await portal<SubscriptionResponse>(SUBSCRIPTION_PATHS.root)).toEqual(before);
    const audit = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit where action = 'catalogue.plan' and account_id is null",
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('CAT-04 support and finance cannot change lines, markets or plans', async () => {
    const before = await lineRows();
    for (const role of ['support', 'finance'] as const) {
      const { token } = await staffToken(ctx.database, role);
      expect((await send('PUT', CATALOGUE_PATHS.line('irs-pps'), PPS, `r-${role}-1`, token)).statusCode).toBe(
        403,
      );
      expect(
        (
          await send(
            'PUT',
            CATALOGUE_PATHS.market('irs'),
            { name: 'X', is_new: false, sort: 1 },
            `r-${role}-2`,
            token,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await send(
            'POST',
            CATALOGUE_PATHS.planVersions('team-monthly'),
            { price_cents: 1, credits: 1, save: null },
            `r-${role}-3`,
            token,
          )
        ).statusCode,
      ).toBe(403);
    }
    expect(await lineRows()).toBe(before);
  });
});
