import { API_ACCOUNT_BASE, PLAN_PATHS, PLAN_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';

// June 1 2026, 12:00 in New York: a 30-day monthly period to July 1. Twelve days on, 18 are left.
const START = '2026-06-01T16:00:00Z';
const DAY_13 = '2026-06-13T17:00:00Z';

describe.each(drivers)('Upgrade now API (%s)', (driver) => {
  let ctx: TestContext;
  const clock = new TestClock(new Date(START));
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TAX_RATE_PERCENT: '8.25' }, { clock });
  });
  afterAll(() => ctx?.close());

  const account = async (options: Parameters<typeof planAccount>[3] = {}) => {
    const created = await planAccount(ctx, clock, START, options);
    clock.set(DAY_13);
    return created;
  };

  const call = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const preview = (token: string, plan: string) =>
    call(token, 'GET', `${PLAN_PATHS.upgradePreview}?plan=${encodeURIComponent(plan)}`);

  /** Everything money- and plan-wise an upgrade could change on the account. */
  const state = (accountId: string) =>
    ctx.database.query<{ plan: string; invoices: unknown; ledger: number; charges: number; audit: number }>(
      `select (select plan_id from subscriptions where account_id = $1) as plan,
              (select json_agg(json_build_object('summary', summary, 'status', status, 'total', total_cents)
                                order by issued_at) from invoices where account_id = $1) as invoices,
              (select coalesce(sum(amount), 0)::int from credit_ledger where account_id = $1) as ledger,
              (select count(*)::int from sandbox_charges c join payments p on p.id = c.attempt_id
                where p.account_id = $1) as charges,
              (select count(*)::int from audit_log where account_id = $1) as audit`,
      [accountId],
    );

  it('PLAN-06 previews every figure with tax: credit, charge, subtotal, tax, total and the credits', async () => {
    const { token } = await account();
    const response = await preview(token, 'team-monthly');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plan: { price_id: 'team-monthly', name: 'Team', period: 'mo' },
      days_left: 18,
      days_in_period: 30,
      credit: 90,
      charge: 180,
      subtotal: 90,
      tax: 7.43,
      total: 97.43,
      total_cents: 9743,
      credits_added: 9600,
      messages: [
        'Your plan changes from Practice monthly to Team monthly now, for the 18 days left of this 30-day period.',
        'Credit for the unused part of Practice monthly: $90.00 ($150.00 × 18 / 30).',
        'Team monthly for the rest of the period: $180.00 ($300.00 × 18 / 30).',
        'You will be charged $97.43 now ($90.00 plus $7.43 tax).',
        'Your plan credits grow by 9,600 (18,000 Team credits for the days left, less 8,400 Practice credits).',
        "Each plan's price and credits are prorated by the days left: × 18 / 30. Each amount is rounded to the nearest cent and each credit figure to the nearest hundredth of a credit, halves up.",
        'From July 1, 2026 you will be charged $300.00 per month, for 30,000 credits.',
      ],
    });
  });

  it('PLAN-06 PLAN-07 a plan id in another case or with spaces is the same plan: same preview, one charge', async () => {
    const { id, token } = await account();
    const [before] = await state(id);
    const canonical = (await preview(token, 'team-monthly')).json();
    for (const spelling of ['TEAM-MONTHLY', ' Team-Monthly ']) {
      const other = await preview(token, spelling);
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json()).toEqual(canonical);
    }
    const confirm = (plan: string) =>
      call(token, 'POST', PLAN_PATHS.upgrade, { plan, total_cents: canonical.total_cents });
    const first = await confirm(' TEAM-monthly');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ current_plan: { price_id: 'team-monthly' } });
    // The same confirmation spelled another way is the same upgrade: its answer again, nothing more charged.
    const again = await confirm('Team-Monthly');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().invoice_id).toBe(first.json().invoice_id);
    const [after] = await state(id);
    expect(after).toMatchObject({ plan: 'team-monthly', charges: before!.charges + 1 });
  });

  it('PLAN-06 previews without tax for an exempt account', async () => {
    const { token } = await account({ exempt: true });
    const body = (await preview(token, 'firm-monthly')).json();
    // $750 x 18 / 30 = $450.00 less $150 x 18 / 30 = $90.00.
    expect(body).toMatchObject({
      credit: 90,
      charge: 450,
      subtotal: 360,
      tax: 0,
      total: 360,
      total_cents: 36_000,
    });
    expect(body.messages[3]).toBe('You will be charged $360.00 now.');
  });

  it('PLAN-06 PLAN-07 PLAN-11 confirming charges once, issues one invoice equal to the preview and moves the plan', async () => {
    const { id, personId, token } = await account();
    const before = await state(id);
    const { total_cents } = (await preview(token, 'team-monthly')).json();
    const response = await call(token, 'POST', PLAN_PATHS.upgrade, { plan: 'team-monthly', total_cents });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: PLAN_TEXT.upgraded,
      current_plan: { price_id: 'team-monthly', credits: 30_000 },
      // 14,000 plan credits + 18,000 - 8,400.
      plan_credits_left: 23_600,
    });
    const [invoice] = await ctx.database.query<Record<string, unknown>>(
      'select summary, status, subtotal_cents, tax_cents, total_cents, subscription_cents from invoices where id = $1',
      [body.invoice_id],
    );
    expect(invoice).toEqual({
      summary: 'Upgrade',
      status: 'paid',
      subtotal_cents: 9000,
      tax_cents: 743,
      total_cents: 9743,
      subscription_cents: 9000,
    });
    const lines = await ctx.database.query(
      'select description, amount_cents from invoice_lines where invoice_id = $1 order by id',
      [body.invoice_id],
    );
    expect(lines).toEqual([
      { description: 'Team plan, monthly, for the 18 of 30 days left (upgrade)', amount_cents: 18_000 },
      { description: 'Credit for the unused Practice plan, 18 of 30 days', amount_cents: -9000 },
    ]);
    const ledger = await ctx.database.query(
      'select kind, amount::int, note from credit_ledger where invoice_id = $1 order by id',
      [body.invoice_id],
    );
    expect(ledger).toEqual([
      { kind: 'grant', amount: 1_800_000, note: 'upgrade to team-monthly' },
      { kind: 'expire', amount: -840_000, note: 'upgrade from practice-monthly' },
    ]);
    const [charge] = await ctx.database.query<{ amount_cents: number; n: number }>(
      `select sum(c.amount_cents)::int as amount_cents, count(*)::int as n from sandbox_charges c
         join payments p on p.id = c.attempt_id where p.invoice_id = $1`,
      [body.invoice_id],
    );
    expect(charge).toEqual({ amount_cents: 9743, n: 1 });
    expect(
      await ctx.database.query(
        `select actor_person_id, action, before, after from audit_log where account_id = $1 and action = $2`,
        [id, 'subscription.upgrade_now'],
      ),
    ).toEqual([
      {
        actor_person_id: personId,
        action: 'subscription.upgrade_now',
        before: { plan_id: 'practice-monthly' },
        after: { plan_id: 'team-monthly', invoice_id: body.invoice_id },
      },
    ]);
    // The receipt, with the invoice's PDF, is in the outbox for the account holder.
    const receipts = await ctx.database.query<{ to: string; subject: string; attachment: unknown }>(
      `select "to", subject, attachment from outbox where account_id = $1 and subject like 'Receipt%'`,
      [id],
    );
    expect(receipts.filter((r) => JSON.stringify(r.attachment).includes(body.invoice_id))).toEqual([
      {
        to: `pat-${id}@example.com`,
        subject: expect.stringMatching(/^Receipt for enQ invoice ENQ-\d{6}-[0-9A-F]{8}$/),
        attachment: { kind: 'invoice_pdf', account_id: id, invoice_id: body.invoice_id },
      },
    ]);
    // The same confirmation again answers the same upgrade and charges nothing more; another total is
    // refused, the plan having moved.
    const again = await call(token, 'POST', PLAN_PATHS.upgrade, { plan: 'team-monthly', total_cents });
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice_id).toBe(body.invoice_id);
    const other = await call(token, 'POST', PLAN_PATHS.upgrade, { plan: 'team-monthly', total_cents: 100 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('You are already on the Team monthly plan.');
    const [after] = await state(id);
    expect(after).toMatchObject({ plan: 'team-monthly', charges: before[0]!.charges + 1, audit: 1 });
  });

  it('PLAN-08 a declined card changes nothing: plan, credits and audit stay, the invoice is void', async () => {
    const { id, token } = await account({ card: '4000000000000002' });
    const [before] = await state(id);
    const { total_cents } = (await preview(token, 'team-monthly')).json();
    const response = await call(token, 'POST', PLAN_PATHS.upgrade, { plan: 'team-monthly', total_cents });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Your card was declined.');
    const [after] = await state(id);
    expect(after).toMatchObject({ plan: 'practice-monthly', ledger: before!.ledger, audit: before!.audit });
    expect((after!.invoices as { summary: string; status: string }[]).at(-1)).toMatchObject({
      summary: 'Upgrade',
      status: 'void',
    });
  });

  it('PLAN-09 a downgrade or a cycle change is refused now, naming the plan, and changes nothing', async () => {
    const { id, token } = await account({ plan: 'team-monthly' });
    const [before] = await state(id);
    for (const plan of ['practice-monthly', 'team-annual']) {
      const refused = await preview(token, plan);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().field).toBe('plan');
      const posted = await call(token, 'POST', PLAN_PATHS.upgrade, { plan, total_cents: 0 });
      expect(posted.statusCode).toBe(409);
    }
    expect((await preview(token, 'practice-monthly')).json().message).toBe(
      'Only a larger monthly plan can start now. A change to the Practice monthly plan takes effect at the end of the period: choose it under Change plan.',
    );
    expect(await state(id)).toEqual([before]);
  });

  it('PLAN-10 a confirmation whose total differs from the price now is refused and charges nothing', async () => {
    const { id, token } = await account();
    const [before] = await state(id);
    const response = await call(token, 'POST', PLAN_PATHS.upgrade, {
      plan: 'team-monthly',
      total_cents: 9000,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: PLAN_TEXT.priceChanged, field: 'total_cents' });
    expect(await state(id)).toEqual([before]);
  });

  it('a bad plan is refused naming the field, and another account cannot touch this one', async () => {
    const { id, token } = await account();
    const other = await account({ plan: 'firm-monthly' });
    const [before] = await state(id);
    const unknown = await preview(token, 'platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'plan', message: "There is no plan 'platinum'." });
    const empty = await call(token, 'POST', PLAN_PATHS.upgrade, { plan: '', total_cents: 9743 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('plan');
    // The other account's token acts on its own account only: its Firm plan has nothing larger.
    const theirs = await call(other.token, 'POST', PLAN_PATHS.upgrade, {
      plan: 'team-monthly',
      total_cents: 9743,
    });
    expect(theirs.statusCode).toBe(409);
    expect(await state(id)).toEqual([before]);
  });
});
