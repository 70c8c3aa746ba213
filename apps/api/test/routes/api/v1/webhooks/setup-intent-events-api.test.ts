import {
  API_ACCOUNT_BASE,
  BILLING_TEXT,
  SANDBOX_AUTHENTICATE_PATH,
  SANDBOX_PAYMENT_METHODS_PATH,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../src/db/seed/demo-account';
import type { SandboxEvents } from '../../../../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { customerToken } from '../../../../helpers/staff';

/**
 * setup_intent.succeeded (docs/billing.md, "The provider's events"): the card a SetupIntent saved on the
 * account's Customer becomes the card on file once, whether the event or the page's own save comes
 * first, twice or out of order; it never charges.
 */
describe.each(drivers)('setup_intent.succeeded puts the saved card on file once (%s)', (driver) => {
  let ctx: TestContext;
  let events: SandboxEvents;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    events = ctx.app.sandboxEvents!;
    ({ token, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
    // Out of collection: a new card is not tried on the open invoice, so any charge would be the event's.
    await ctx.database.query('delete from payment_collections where account_id = $1', [accountId]);
  });
  afterAll(() => ctx?.close());

  const call = (path: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const rows = <T>(sql: string, params: unknown[] = []) => ctx.database.query<T>(sql, params);
  const tokenise = async (number: string) => {
    const made = await call(SANDBOX_PAYMENT_METHODS_PATH, {
      number,
      exp_month: 10,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().pm_id as string;
  };
  /** What the customer and the ledger would notice: the card on file, its changes, charges made. */
  const state = async () => ({
    onFile: (await call('/billing/')).json().card_details?.last4 as string | undefined,
    defaults: (
      await rows<{ id: string }>('select id from payment_methods where account_id = $1 and is_default', [
        accountId,
      ])
    ).map((r) => r.id),
    cardChanges: (
      await rows<{ n: number }>(
        "select count(*)::int as n from audit_log where account_id = $1 and action = 'billing.card_change'",
        [accountId],
      )
    )[0]!.n,
    charges: (await rows<{ n: number }>('select count(*)::int as n from sandbox_charges'))[0]!.n,
  });
  const outcomes = (methodId: string) =>
    rows<{ outcome: string }>(
      `select outcome from provider_events where type = 'setup_intent.succeeded'
          and payload #>> '{data,object,payment_method}' = $1 order by received_at`,
      [methodId],
    );

  it('after the bank step (4000 0025 0000 3155) the event comes first, twice: the card is on file once, and the page coming back changes nothing', async () => {
    events.delivery = { lateMs: 600_000 };
    const before = await state();
    const pmId = await tokenise('4000002500003155');
    const asked = await call('/billing/change-card', { pm_id: pmId });
    expect(asked.statusCode, asked.body).toBe(202);
    const answered = await ctx.app.inject({
      method: 'POST',
      url: SANDBOX_AUTHENTICATE_PATH,
      headers: { origin: new URL(ctx.app.config.publicUrl).origin },
      payload: { client_secret: asked.json().client_secret, return_url: '/billing', outcome: 'complete' },
    });
    expect(answered.statusCode, answered.body).toBe(303);
    expect(await state()).toEqual(before);
    events.delivery = { twice: true };
    await events.deliverDue();
    const onFile = {
      onFile: '3155',
      defaults: [pmId],
      cardChanges: before.cardChanges + 1,
      charges: before.charges,
    };
    expect(await state()).toEqual(onFile);
    expect(await outcomes(pmId)).toEqual([{ outcome: 'applied' }]);
    const [entry] = await rows<{ actor_person_id: string | null; after: { card: string } }>(
      `select actor_person_id, after from audit_log where account_id = $1 and action = 'billing.card_change'
        order by at desc, id desc limit 1`,
      [accountId],
    );
    expect(entry).toEqual({ actor_person_id: null, after: { card: expect.stringContaining('ending 3155') } });
    // The page comes back from the bank and asks to save the same card: it is on file already.
    const saved = await call('/billing/change-card', { pm_id: pmId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(BILLING_TEXT.cardSaved);
    expect(await state()).toEqual(onFile);
  });

  it("the page's save comes first: the event sent after it, twice, changes nothing", async () => {
    events.delivery = { lateMs: 600_000 };
    const before = await state();
    const saved = await call('/billing/change-card', { pm_id: 'pm_card_mastercard' });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await state();
    expect(after).toMatchObject({ onFile: '4444', cardChanges: before.cardChanges + 1 });
    events.delivery = { twice: true };
    await events.deliverDue();
    expect(await state()).toEqual(after);
    expect(await outcomes(after.defaults[0]!)).toEqual([{ outcome: 'no-change' }]);
  });

  it('two saves heard out of order and twice: the newer card is on file, the older never replaces it', async () => {
    events.delivery = {};
    const before = await state();
    const [customer] = await rows<{ id: string }>(
      'select provider_customer_id as id from accounts where id = $1',
      [accountId],
    );
    const older = await tokenise('4000056655665556');
    const newer = await tokenise('6011111111111117');
    const now = Math.floor(Date.now() / 1000);
    const succeeded = (seti: string, pm: string, created: number, customerId = customer!.id) =>
      events.event(
        'setup_intent.succeeded',
        { id: seti, object: 'setup_intent', customer: customerId, payment_method: pm, status: 'succeeded' },
        created,
      );
    // Both after the page's save above (its event is kept, in whole seconds), the older first.
    const sent = [succeeded('seti_sbx_older', older, now + 2), succeeded('seti_sbx_newer', newer, now + 4)];
    expect(await events.send(sent, { twice: true, outOfOrder: true })).toEqual([200, 200, 200, 200]);
    expect(await state()).toEqual({
      onFile: '1117',
      defaults: [newer],
      cardChanges: before.cardChanges + 1,
      charges: before.charges,
    });
    expect(await outcomes(newer)).toEqual([{ outcome: 'applied' }]);
    expect(await outcomes(older)).toEqual([{ outcome: 'no-change' }]);
    expect(await rows('select 1 from payment_methods where id = $1', [older])).toEqual([]);
    // Another system's Customer on the same Stripe account: kept, nothing of ours changes.
    const stranger = await tokenise('4242424242424242');
    await events.send([succeeded('seti_sbx_stranger', stranger, now, 'cus_not_ours')]);
    expect(await outcomes(stranger)).toEqual([{ outcome: 'unmatched' }]);
    expect((await state()).defaults).toEqual([newer]);
  });
});
