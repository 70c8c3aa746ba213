import {
  ACCOUNT_ACTION_TEXT,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  REFUND_EMAIL,
  STAFF_ACTIONS,
  type InvoiceDetail,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { pdfText } from '../../../../../helpers/pdf-text';
import { customerToken, staffToken } from '../../../../../helpers/staff';

interface ListedInvoice {
  id: string;
  number: string;
  status: string;
  total: number;
  has_refund: boolean;
}

describe.each(drivers)('console money actions API (%s)', (driver) => {
  let ctx: TestContext;
  let finance: string;
  let support: string;
  let customer: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    finance = (await staffToken(ctx.database, 'finance')).token;
    support = (await staffToken(ctx.database, 'support')).token;
    ({ token: customer, accountId } = await customerToken(ctx.database, DEMO_ADMIN.email));
  });
  afterAll(() => ctx?.close());

  const admin = (method: 'GET' | 'POST', path: string, payload?: object, key?: string, token = finance) =>
    ctx.app.inject({
      method,
      url: `${API_ADMIN_BASE}/accounts/${accountId}${path}`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const portal = (path: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${customer}` },
    });
  const customerInvoices = async (): Promise<ListedInvoice[]> => (await portal('/invoices/')).json().invoices;
  const detail = async (id: string): Promise<InvoiceDetail> =>
    (await portal(`/invoices/detail/?invoice_id=${id}`)).json();
  const count = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await ctx.database.query<Record<string, string>>(sql, params))[0]!)[0]);
  const creditsLeft = async () => {
    const info = (await portal('/')).json().subscription_info;
    return info.plan_credits_left + info.rollover_credits_left + info.bonus_credits_left;
  };
  const ledgerLeft = async () => {
    const [row] = await ctx.database.query<{ n: string }>(
      `select coalesce(sum(l.amount), 0)::text as n from credit_ledger l
         join subscriptions s on s.account_id = l.account_id
         join billing_periods p on p.id = l.period_id and p.starts_at = s.current_period_start
        where l.account_id = $1 and l.bucket in ('plan', 'rollover', 'bonus')`,
      [accountId],
    );
    return Number(row!.n) / 100;
  };
  /** A paid invoice with nothing refunded yet, newest first. */
  const paidInvoice = async () => {
    const invoices = await customerInvoices();
    return invoices.find((i) => i.status === 'paid' && !i.has_refund)!;
  };

  it('CMON-01 a partial refund issues a credit note the customer sees, reconciles the invoice and emails the customer', async () => {
    const invoice = await paidInvoice();
    const paidCents = Math.round(invoice.total * 100);
    const response = await admin(
      'POST',
      '/refunds',
      { invoice_id: invoice.id, amount_cents: 1234, reason: 'Dropped calls on 3 March' },
      'refund-partial-0001',
    );
    expect(response.statusCode).toBe(200);
    const number = `${invoice.number}-CN1`;
    expect(response.json()).toMatchObject({
      message: ACCOUNT_ACTION_TEXT.refunded(1234, number),
      credit_note_number: number,
      refunded_cents: 1234,
      invoice_status: 'paid',
      audit_id: expect.any(Number),
    });
    const listed = (await customerInvoices()).find((i) => i.id === invoice.id)!;
    expect(listed).toMatchObject({ status: 'paid', has_refund: true });
    const after = await detail(invoice.id);
    expect(after.refunds).toEqual([
      expect.objectContaining({ number, amount: 12.34, reason: 'Dropped calls on 3 March' }),
    ]);
    expect(after.amount_paid).toBe(paidCents / 100);
    expect(after.amount_refunded).toBe(12.34);
    const pdf = await portal(`/invoices/download/?invoice_id=${invoice.id}&is_refund=true`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain('$12.34');
    const [email] = await ctx.database.query<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from outbox where account_id = $1 and kind = 'refund-credit-note'`,
      [accountId],
    );
    expect(email).toMatchObject({ to: DEMO_ADMIN.email, subject: REFUND_EMAIL.subject(number) });
    expect(email!.text).toContain(`$12.34 of invoice ${invoice.number}`);
    const [attempt] = await ctx.database.query<{ status: string; provider_key: string; id: string }>(
      'select id, status, provider_key from refund_attempts where account_id = $1',
      [accountId],
    );
    expect(attempt).toMatchObject({ status: 'succeeded', provider_key: `refund:${attempt!.id}` });
    const [activity] = await ctx.database.query<{ action: string; after: { reason: string } }>(
      `select action, after from audit_log where account_id = $1 order by id desc limit 1`,
      [accountId],
    );
    expect(activity).toMatchObject({ action: 'staff.refund', after: { reason: 'Dropped calls on 3 March' } });
    expect(STAFF_ACTIONS.refund).toBe('Refunded an invoice');
  });

  it('CMON-02 the same Idempotency-Key twice: one provider refund, one credit note, one audit row', async () => {
    const before = {
      refunds: await count('select count(*) from refunds where account_id = $1', [accountId]),
      sandbox: await count('select count(*) from sandbox_refunds'),
      audit: await count("select count(*) from staff_audit where action = 'refund'"),
    };
    const invoice = await paidInvoice();
    const body = { invoice_id: invoice.id, amount_cents: 500, reason: 'Goodwill' };
    const first = await admin('POST', '/refunds', body, 'refund-twice-0001');
    const second = await admin('POST', '/refunds', body, 'refund-twice-0001');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await count('select count(*) from refunds where account_id = $1', [accountId])).toBe(
      before.refunds + 1,
    );
    expect(await count('select count(*) from sandbox_refunds')).toBe(before.sandbox + 1);
    expect(await count("select count(*) from staff_audit where action = 'refund'")).toBe(before.audit + 1);
    // The same key for another amount is refused and changes nothing.
    const other = await admin('POST', '/refunds', { ...body, amount_cents: 600 }, 'refund-twice-0001');
    expect(other.statusCode).toBe(409);
    expect(await count('select count(*) from sandbox_refunds')).toBe(before.sandbox + 1);
  });

  it('CMON-01 a full refund marks the invoice refunded; more than is left is refused naming amount_cents, and nothing changes', async () => {
    const invoice = await paidInvoice();
    const paidCents = Math.round(invoice.total * 100);
    const before = await count('select count(*) from refunds where account_id = $1', [accountId]);
    const over = await admin(
      'POST',
      '/refunds',
      { invoice_id: invoice.id, amount_cents: paidCents + 1, reason: 'Too much' },
      'refund-over-00001',
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: 'amount_cents',
      message: ACCOUNT_ACTION_TEXT.overRefund(paidCents),
    });
    expect(over.json().message).toContain('amount_cents');
    expect(await count('select count(*) from refunds where account_id = $1', [accountId])).toBe(before);
    expect(
      await count('select count(*) from refund_attempts where request_key = $1', ['refund-over-00001']),
    ).toBe(0);

    const full = await admin(
      'POST',
      '/refunds',
      { invoice_id: invoice.id, amount_cents: paidCents, reason: 'Billing error' },
      'refund-full-00001',
    );
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ invoice_status: 'refunded', refunded_cents: paidCents });
    expect((await customerInvoices()).find((i) => i.id === invoice.id)).toMatchObject({ status: 'refunded' });
    const again = await admin(
      'POST',
      '/refunds',
      { invoice_id: invoice.id, amount_cents: 1, reason: 'One more cent' },
      'refund-after-0001',
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_ACTION_TEXT.overRefund(0));
  });

  it('CMON-02 two refunds of one invoice at once with their own keys never add up to more than was paid', async () => {
    const invoice = await paidInvoice();
    const paidCents = Math.round(invoice.total * 100);
    const share = Math.floor(paidCents * 0.6);
    const answers = await Promise.all(
      ['refund-race-00001', 'refund-race-00002'].map((key) =>
        admin('POST', '/refunds', { invoice_id: invoice.id, amount_cents: share, reason: 'Race' }, key),
      ),
    );
    expect(answers.map((a) => (a.statusCode === 500 ? a.body : a.statusCode)).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().field).toBe('amount_cents');
    const [{ refunded }] = (await ctx.database.query<{ refunded: number }>(
      'select coalesce(sum(amount_cents), 0)::int as refunded from refunds where invoice_id = $1',
      [invoice.id],
    )) as [{ refunded: number }];
    expect(refunded).toBe(share);

    // Two that fit, at once: both refunded, their credit notes numbered one after the other.
    const next = await paidInvoice();
    const both = await Promise.all(
      ['refund-race-00003', 'refund-race-00004'].map((key) =>
        admin('POST', '/refunds', { invoice_id: next.id, amount_cents: 100, reason: 'Race' }, key),
      ),
    );
    expect(both.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(both.map((a) => a.json().credit_note_number).sort()).toEqual([
      `${next.number}-CN1`,
      `${next.number}-CN2`,
    ]);
  });

  it('CMON-01 bad input names its field and changes nothing; an open invoice is not refundable', async () => {
    const before = await count('select count(*) from refund_attempts');
    const bad = await admin(
      'POST',
      '/refunds',
      { invoice_id: 'x', amount_cents: 0, reason: ' ' },
      'refund-bad-00001',
    );
    expect(bad.statusCode).toBe(400);
    const open = (await customerInvoices()).find((i) => i.status === 'open')!;
    const notPaid = await admin(
      'POST',
      '/refunds',
      { invoice_id: open.id, amount_cents: 100, reason: 'Refund an open one' },
      'refund-open-00001',
    );
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(ACCOUNT_ACTION_TEXT.notRefundable);
    expect(await count('select count(*) from refund_attempts')).toBe(before);
    // Support cannot refund.
    const invoice = await paidInvoice();
    const refused = await admin(
      'POST',
      '/refunds',
      { invoice_id: invoice.id, amount_cents: 100, reason: 'x' },
      'refund-support-01',
      support,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('CMON-03 a grant and a removal reconcile in the ledger and in the customer overview credits', async () => {
    const start = await creditsLeft();
    expect(await ledgerLeft()).toBeCloseTo(start, 2);
    const grant = await admin(
      'POST',
      '/credit-adjustments',
      { credits: 250.5, reason: 'Outage' },
      'credits-grant-001',
    );
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ message: ACCOUNT_ACTION_TEXT.granted(250.5), credits: 250.5 });
    expect(await creditsLeft()).toBeCloseTo(start + 250.5, 2);
    expect(await ledgerLeft()).toBeCloseTo(start + 250.5, 2);
    const [entry] = await ctx.database.query<{ bucket: string; amount: string }>(
      "select bucket, amount::text from credit_ledger where account_id = $1 and kind = 'adjustment'",
      [accountId],
    );
    expect(entry).toEqual({ bucket: 'bonus', amount: '25050' });
    // Replayed: nothing more granted.
    await admin('POST', '/credit-adjustments', { credits: 250.5, reason: 'Outage' }, 'credits-grant-001');
    expect(await creditsLeft()).toBeCloseTo(start + 250.5, 2);

    const remove = await admin(
      'POST',
      '/credit-adjustments',
      { credits: -100, reason: 'Duplicate grant' },
      'credits-remove-01',
    );
    expect(remove.statusCode).toBe(200);
    expect(remove.json().message).toBe(ACCOUNT_ACTION_TEXT.removed(100));
    expect(await creditsLeft()).toBeCloseTo(start + 150.5, 2);
    expect(await ledgerLeft()).toBeCloseTo(start + 150.5, 2);

    const left = await creditsLeft();
    const tooMuch = await admin(
      'POST',
      '/credit-adjustments',
      { credits: -(left + 1), reason: 'All of it' },
      'credits-remove-02',
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      field: 'credits',
      message: ACCOUNT_ACTION_TEXT.overRemoval(left),
    });
    expect(await creditsLeft()).toBeCloseTo(left, 2);
    const decimals = await admin(
      'POST',
      '/credit-adjustments',
      { credits: 1.234, reason: 'x' },
      'credits-bad-0001',
    );
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().message).toContain('two decimals');
  });

  it('CMON-03 an amount that rounds to no hundredth of a credit is refused naming credits, and nothing is written', async () => {
    const before = await creditsLeft();
    const audit = async () =>
      (
        await ctx.database.query<{ n: string }>(
          "select count(*)::text as n from credit_ledger where account_id = $1 and kind = 'adjustment'",
          [accountId],
        )
      )[0]!.n;
    const entries = await audit();
    for (const [i, credits] of [-1e-9, 1e-9, 1e-320, -5e-324, 0.004].entries()) {
      const tiny = await admin(
        'POST',
        '/credit-adjustments',
        { credits, reason: 'Tiny' },
        `credits-tiny-${i}0000`,
      );
      expect(tiny.statusCode, String(credits)).toBe(400);
      expect(tiny.json(), String(credits)).toMatchObject({ field: 'credits' });
    }
    expect(await audit()).toBe(entries);
    expect(await creditsLeft()).toBeCloseTo(before, 2);
  });

  it('CMON-04 cancel, reactivate and change the plan for the customer: the Subscription page shows the same state', async () => {
    const sub = async () => (await portal('/subscription/')).json();
    const cancel = await admin(
      'POST',
      '/subscription/cancel',
      { reason: 'Customer asked by phone' },
      'sub-cancel-00001',
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: ACCOUNT_ACTION_TEXT.cancelled,
      cancel_at_period_end: true,
    });
    expect((await sub()).cancel_at_period_end).toBe(true);
    const back = await admin(
      'POST',
      '/subscription/reactivate',
      { reason: 'Changed their mind' },
      'sub-react-000001',
    );
    expect(back.statusCode).toBe(200);
    expect((await sub()).cancel_at_period_end).toBe(false);
    const current = (await sub()).current_plan.price_id as string;
    const plans = (await admin('GET', '/refundable-invoices')).json().plans as { id: string }[];
    const { current_plan, plans: offered } = await sub();
    // Another plan of the same period that keeps the practice's sub-account users: scheduled, not charged.
    const samePeriod = offered.find(
      (p: { price_id: string; period: string; multi_user: boolean }) =>
        p.price_id !== current && p.period === current_plan.period && p.multi_user,
    );
    expect(plans.length).toBeGreaterThan(1);
    const change = await admin(
      'POST',
      '/subscription/change',
      // Spelled another way (case, spaces): the same plan, as the portal takes it.
      { plan: ` ${samePeriod.price_id.toUpperCase()} `, reason: 'Downgrade' },
      'sub-change-00001',
    );
    expect(change.json()).toMatchObject({ message: ACCOUNT_ACTION_TEXT.planChanged });
    expect(change.statusCode).toBe(200);
    expect((await sub()).pending_plan_id).toBe(samePeriod.price_id);
    const audit = await ctx.database.query<{ action: string }>(
      "select action from staff_audit where account_id = $1 and action like 'sub%' or action = 'plan.change'",
      [accountId],
    );
    expect(audit.map((a) => a.action).sort()).toEqual([
      'plan.change',
      'subscription.cancel',
      'subscription.reactivate',
    ]);
    // Back as it was for the tests that follow: changing back to the current plan drops the change
    // (Reactivate only withdraws a cancellation, CONS-09).
    await admin('POST', '/subscription/change', { plan: current, reason: 'Undo' }, 'sub-change-00002');
    expect((await sub()).pending_plan_id).toBeNull();
  });

  it('CMON-05 retrying a failed charge charges the open invoice once; a paid invoice is never charged', async () => {
    const open = (await customerInvoices()).find((i) => i.status === 'open')!;
    const attempts = () => count('select count(*) from payments where invoice_id = $1', [open.id]);
    const before = await attempts();
    const cardOnFile = async (id: string, last4: string) => {
      await ctx.database.query('update payment_methods set is_default = false where account_id = $1', [
        accountId,
      ]);
      await ctx.database.query(
        `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year, is_default)
         values ($2, $1, 'visa', $3, 12, 2030, true)`,
        [accountId, id, last4],
      );
    };
    // A card that declines is on file: the retry is declined, answered 402 with its reason.
    await cardOnFile('pm_card_chargeDeclinedInsufficientFunds', '9995');
    const declined = await admin(
      'POST',
      `/invoices/${open.id}/charge`,
      { reason: 'Customer says card is fine' },
      'charge-retry-0001',
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card has insufficient funds.');
    expect(await attempts()).toBe(before + 1);
    // The same key again: the first answer, no second attempt.
    const replay = await admin(
      'POST',
      `/invoices/${open.id}/charge`,
      { reason: 'Customer says card is fine' },
      'charge-retry-0001',
    );
    expect(replay.statusCode).toBe(402);
    expect(await attempts()).toBe(before + 1);
    // A good card goes on file; the retry pays the invoice, once.
    await cardOnFile('pm_card_visa', '4242');
    const paid = await admin(
      'POST',
      `/invoices/${open.id}/charge`,
      { reason: 'New card on file' },
      'charge-retry-0002',
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toBe(ACCOUNT_ACTION_TEXT.charged);
    expect((await customerInvoices()).find((i) => i.id === open.id)!.status).toBe('paid');
    const again = await admin(
      'POST',
      `/invoices/${open.id}/charge`,
      { reason: 'Once more' },
      'charge-retry-0003',
    );
    expect(again.statusCode).toBe(409);
    expect(
      await count("select count(*) from payments where invoice_id = $1 and status = 'succeeded'", [open.id]),
    ).toBe(1);
  });

  it('CMON-01 another account is not found, and the list of actionable invoices is only this account’s', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${API_ADMIN_BASE}/accounts/00000000-0000-4000-8000-000000000000/refundable-invoices`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect(other.statusCode).toBe(404);
    const list = (await admin('GET', '/refundable-invoices', undefined, undefined, support)).json();
    const mine = new Set((await customerInvoices()).map((i) => i.id));
    expect(list.invoices.length).toBeGreaterThan(0);
    for (const i of list.invoices) expect(mine.has(i.id)).toBe(true);
  });
});
