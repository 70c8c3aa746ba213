import { SERVICE_KEY_HEADER, TELEPHONY_AUTHORIZE_PATH, TELEPHONY_CALLS_PATH } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';

const KEY = 'svc_test_key_that_is_long_enough_123';

describe.each(drivers)('telephony API (%s)', (driver) => {
  let ctx: TestContext;
  let pin: string;
  let annualPin: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY });
    [{ pin }] = (await ctx.database.query<{ pin: string }>('select pin from people where email = $1', [
      DEMO_ADMIN.email,
    ])) as [{ pin: string }];
    [{ pin: annualPin }] = (await ctx.database.query<{ pin: string }>(
      'select pin from people where email = $1',
      [DEMO_ANNUAL.email],
    )) as [{ pin: string }];
  });
  afterAll(() => ctx?.close());

  const post = (calls: unknown[], key: string | null = KEY) =>
    ctx.app.inject({
      method: 'POST',
      url: TELEPHONY_CALLS_PATH,
      headers: key ? { [SERVICE_KEY_HEADER]: key } : {},
      payload: { calls },
    });
  const count = async () =>
    (await ctx.database.query<{ n: number }>('select count(*)::int as n from calls'))[0]!.n;
  const record = (uuid: string) => ({
    call_uuid: uuid,
    pin,
    call_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    destination: 'IRS Practitioner Priority Service',
    caller_id_number: '+12125550100',
    billed_duration: 420,
  });

  it('refuses a wrong or missing service key (and a user token is no service key)', async () => {
    const before = await count();
    expect((await post([record('k-1')], 'wrong')).statusCode).toBe(401);
    expect((await post([record('k-1')], null)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('keeps the good records of a batch, rejects bad ones by index, and a resend changes nothing', async () => {
    const before = await count();
    const batch = [
      record('t-1'),
      { ...record('t-2'), billed_duration: 'long' },
      record('t-3'),
      { ...record('t-4'), pin: '999999999' },
    ];
    const first = await post(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [
        { index: 1, call_uuid: 't-2', reason: expect.stringContaining('billed_duration') },
        { index: 3, call_uuid: 't-4', reason: 'no person has this PIN' },
      ],
    });
    expect((await post(batch)).json()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await count()).toBe(before + 2);
  });

  it('a call_uuid is one call in every spelling: case, spaces around it, in one batch or the next; an invisible character is refused', async () => {
    const before = await count();
    const uuid = 'a3bb189e-8bf9-3888-9912-ace4e6543002';
    const first = await post([
      record('RUN-0'),
      record('run-0'),
      record(' Run-0\t'),
      record(uuid.toUpperCase()),
    ]);
    expect(first.json()).toEqual({ accepted: 2, duplicates: 2, rejected: [] });
    const again = await post([record(uuid), record(`  ${uuid}`), record('rUn-0')]);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    const invisible = await post([record(`${uuid}\u200b`), record('run\u00a00'), record('r\u00fcn-0')]);
    expect(invisible.json()).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [0, 1, 2].map((index) => ({
        index,
        call_uuid: expect.any(String),
        reason: expect.stringContaining('call_uuid'),
      })),
    });
    expect(await count()).toBe(before + 2);
    const stored = await ctx.database.query<{ uuid: string }>(
      'select call_uuid as uuid from calls where call_uuid in ($1, $2) order by call_uuid',
      ['run-0', uuid],
    );
    expect(stored.map((row) => row.uuid)).toEqual([uuid, 'run-0']);
  });

  it('answers a batch that is not a list of records, or too long, with 400', async () => {
    expect((await post([])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => record(`many-${i}`));
    expect((await post(tooMany)).statusCode).toBe(400);
  });

  it('refuses further usage to an annual account whose credits are exhausted', async () => {
    const authorize = (p: string) =>
      ctx.app.inject({ url: `${TELEPHONY_AUTHORIZE_PATH}?pin=${p}`, headers: { [SERVICE_KEY_HEADER]: KEY } });
    expect((await authorize(pin)).json()).toEqual({ allowed: true, reason: null });
    expect((await authorize(annualPin)).json()).toEqual({ allowed: false, reason: 'credits exhausted' });
    expect((await authorize('123')).statusCode).toBe(400);
  });
});
