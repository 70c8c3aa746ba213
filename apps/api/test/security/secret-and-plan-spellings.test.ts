import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  COLLECTION_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  SANDBOX_AUTHENTICATE_PATH,
  SANDBOX_PAYMENT_METHODS_PATH,
  sandboxAuthenticateUrl,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../helpers/app';
import { customerToken, staffToken } from '../helpers/staff';

/**
 * Other spellings of one value: spaces around it, a percent-encoding, zero-width characters, another
 * case, and Unicode look-alikes (Cyrillic letters, fullwidth forms) of its characters.
 */
const spellings = (value: string) => [
  ` ${value}`,
  `${value} `,
  `\t${value}\n`,
  value.replaceAll('_', '%5F'),
  value.replaceAll('-', '%2D'),
  `${value}\u200b`,
  `\ufeff${value}`,
  value.toUpperCase(),
  value.replace('p', '\u0440'), // Cyrillic er
  value.replace('i', '\u0456'), // Cyrillic i
  value.replace('_', '\uff3f'), // fullwidth low line
  value.replace('-', '\u2010'), // hyphen
  value.normalize('NFD') === value ? value.replace('e', 'e\u0301') : value.normalize('NFD'),
];
const variantsOf = (value: string) => [...new Set(spellings(value))].filter((v) => v !== value);

describe.each(drivers)('a client secret and a plan id in other spellings (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    ({ token, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const call = (path: string, payload: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
      payload,
    });

  it('the bank page refuses another spelling of a client secret with a 4xx naming client_secret, and nothing changes', async () => {
    // Out of collection: the new card is not tried on the open invoice at once.
    await ctx.database.query('delete from payment_collections where account_id = $1', [accountId]);
    const made = await ctx.app.inject({
      method: 'POST',
      url: SANDBOX_PAYMENT_METHODS_PATH,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        number: '4000002760003184',
        exp_month: 10,
        exp_year: new Date().getUTCFullYear() + 3,
        cvc: '123',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const asked = await call('/billing/change-card', { pm_id: made.json().pm_id });
    expect(asked.statusCode, asked.body).toBe(202);
    const secret = asked.json().client_secret as string;
    const state = () =>
      ctx.database.query('select id, status, payment_method_id from sandbox_setup_intents order by id');
    const before = await state();
    for (const variant of variantsOf(secret)) {
      const page = await ctx.app.inject({ method: 'GET', url: sandboxAuthenticateUrl(variant, '/billing') });
      expect({ variant, status: page.statusCode }).toEqual({ variant, status: 400 });
      expect(page.body).toContain('client_secret');
      for (const outcome of ['complete', 'fail']) {
        const answered = await ctx.app.inject({
          method: 'POST',
          url: SANDBOX_AUTHENTICATE_PATH,
          headers: { origin: new URL(ctx.app.config.publicUrl).origin, accept: 'application/json' },
          payload: { client_secret: variant, return_url: '/billing', outcome },
        });
        expect({ variant, status: answered.statusCode }).toEqual({ variant, status: 400 });
        expect(answered.json()).toMatchObject({ field: 'client_secret' });
      }
    }
    expect(await state()).toEqual(before);
    expect(
      await ctx.database.query('select 1 from sandbox_events where type = $1', ['setup_intent.succeeded']),
    ).toEqual([]);
    // The one spelling is taken.
    const page = await ctx.app.inject({ method: 'GET', url: sandboxAuthenticateUrl(secret, '/billing') });
    expect(page.statusCode).toBe(200);
  });

  it("the console's collection settings take a plan id's case and spaces as that plan (as Change plan does) and refuse any other spelling with a 4xx naming plan_id, changing nothing", async () => {
    const finance = (await staffToken(ctx.database, 'finance')).token;
    const [plan] = await ctx.database.query<{ id: string }>(
      "select id from plans where id like '%-%' and id like '%i%' and id like '%e%' order by id limit 1",
    );
    const put = (planId: string, key: string, days: number[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_ADMIN_BASE}${COLLECTION_PATHS.settings}`,
        headers: { authorization: `Bearer ${finance}`, [IDEMPOTENCY_KEY_HEADER]: key },
        payload: { plan_id: planId, retry_days: days, after_last: 'cancel', reason: 'Ticket 41, spellings' },
      });
    const state = async () => ({
      settings: await ctx.database.query(
        'select scope, plan_id, retry_days, after_last from collection_settings order by scope',
      ),
      audits: await ctx.database.query<{ n: number }>('select count(*)::int as n from staff_audit'),
    });
    expect((await put(plan!.id, 'plan-spelling-canonical', [2, 4])).statusCode).toBe(200);
    const before = await state();
    expect(before.settings).toContainEqual(
      expect.objectContaining({ plan_id: plan!.id, after_last: 'cancel' }),
    );
    // White space around it (a byte-order mark is white space to trim) and case, as Change plan takes
    // them; a control character (a tab) is refused everywhere.
    const canonicalised = [` ${plan!.id}`, `${plan!.id} `, `\ufeff${plan!.id}`, plan!.id.toUpperCase()];
    for (const [i, variant] of variantsOf(plan!.id).entries()) {
      const answered = await put(variant, `plan-spelling-${i}`, [2, 4]);
      if (canonicalised.includes(variant)) {
        expect({ variant, status: answered.statusCode }).toEqual({ variant, status: 200 });
        continue;
      }
      expect({ variant, status: answered.statusCode, field: answered.json().field }).toEqual({
        variant,
        status: expect.toBeOneOf([400, 404]),
        field: 'plan_id',
      });
    }
    const after = await state();
    // The plan's one row, as it was: the canonicalised spellings saved the same schedule to it.
    expect(after.settings).toEqual(before.settings);
    // Each canonicalised spelling was a staff action of its own (audited with its reason), nothing else.
    expect(after.audits).toEqual([{ n: before.audits[0]!.n + canonicalised.length }]);
  });
});
