import { ACCOUNT_ACTION_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import {
  recoverPendingRefunds,
  refundFromConsole,
  type RefundDeps,
} from '../../../src/domain/refunds/account-refunds';
import type { StaffActor } from '../../../src/domain/staff-actions/staff-actions';
import type { PaymentProvider } from '../../../src/domain/ports/payment-provider';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { STAFF_BY_ROLE } from '../../helpers/staff';

describe.each(drivers)('console refunds when the provider answer is lost (%s)', (driver) => {
  let ctx: TestContext;
  let actor: StaffActor;
  let accountId: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [staff] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      STAFF_BY_ROLE.finance.email,
    ]);
    actor = {
      personId: staff!.id,
      email: STAFF_BY_ROLE.finance.email,
      fullName: 'Avery Chen',
      role: 'finance',
    };
    const [person] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    accountId = person!.account_id;
  });
  afterAll(() => ctx?.close());

  const count = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await ctx.database.query<Record<string, string>>(sql, params))[0]!)[0]);
  const paidInvoice = async () => {
    const [row] = await ctx.database.query<{ id: string; number: string }>(
      `select id, number from invoices i where account_id = $1 and status = 'paid'
          and not exists (select 1 from refunds r where r.invoice_id = i.id)
        order by issued_at desc limit 1`,
      [accountId],
    );
    return row!;
  };
  /** The app's sandbox, with each refund's answer replaced by `answer` once the refund is made. */
  const deps = (answer: 'lost' | 'kept' | 'unreachable'): RefundDeps => {
    const payments = Object.assign(Object.create(ctx.app.payments) as PaymentProvider, {
      refund: async (request: Parameters<PaymentProvider['refund']>[0]) => {
        if (answer === 'unreachable') throw new Error('connection refused');
        const result = await ctx.app.payments.refund(request);
        if (answer === 'lost') throw new Error('socket hang up');
        return result;
      },
    });
    return { database: ctx.database, payments, clock: ctx.app.clock, paymentTimeoutMs: 5_000 };
  };

  it('CMON-02 the provider refunded but its answer was lost: the attempt stays pending, and the same request refunds once', async () => {
    const invoice = await paidInvoice();
    const ask = {
      accountId,
      invoiceId: invoice.id,
      amountCents: 777,
      reason: 'Lost answer',
      key: 'lost-answer-0001',
    };
    const sandbox = () => count('select count(*) from sandbox_refunds');
    const before = await sandbox();
    await expect(refundFromConsole(deps('unreachable'), actor, ask)).rejects.toThrow(
      ACCOUNT_ACTION_TEXT.refundPending,
    );
    await expect(refundFromConsole(deps('lost'), actor, ask)).rejects.toThrow(
      ACCOUNT_ACTION_TEXT.refundPending,
    );
    expect(await sandbox()).toBe(before + 1);
    expect(await count('select count(*) from refunds where invoice_id = $1', [invoice.id])).toBe(0);
    expect(
      await ctx.database.query('select status from refund_attempts where request_key = $1', [ask.key]),
    ).toEqual([{ status: 'pending' }]);
    // While it is pending its amount is held: another refund cannot take it.
    const [{ paid }] = (await ctx.database.query<{ paid: number }>(
      "select amount_cents as paid from payments where invoice_id = $1 and status = 'succeeded'",
      [invoice.id],
    )) as [{ paid: number }];
    await expect(
      refundFromConsole(deps('kept'), actor, { ...ask, key: 'lost-answer-0002', amountCents: paid - 776 }),
    ).rejects.toThrow(ACCOUNT_ACTION_TEXT.overRefund(paid - 777));

    const answer = await refundFromConsole(deps('kept'), actor, ask);
    expect(answer).toMatchObject({ credit_note_number: `${invoice.number}-CN1`, refunded_cents: 777 });
    const again = await refundFromConsole(deps('kept'), actor, ask);
    expect(again).toMatchObject({ credit_note_number: `${invoice.number}-CN1`, replayed: true });
    expect(await sandbox()).toBe(before + 1);
    expect(await count('select count(*) from refunds where invoice_id = $1', [invoice.id])).toBe(1);
    expect(await count('select count(*) from staff_audit where idempotency_key = $1', [ask.key])).toBe(1);
    expect(
      await ctx.database.query('select status from refund_attempts where request_key = $1', [ask.key]),
    ).toEqual([{ status: 'succeeded' }]);
  });

  it('CMON-02 the reconciliation job finishes a refund cut off before our write, once; the request sent later gets its answer', async () => {
    const invoice = await paidInvoice();
    const ask = {
      accountId,
      invoiceId: invoice.id,
      amountCents: 321,
      reason: 'Job finishes it',
      key: 'job-recovers-0001',
    };
    const sandbox = () => count('select count(*) from sandbox_refunds');
    const before = await sandbox();
    await expect(refundFromConsole(deps('lost'), actor, ask)).rejects.toThrow(
      ACCOUNT_ACTION_TEXT.refundPending,
    );
    // Not yet overdue: the job leaves it alone.
    expect(await recoverPendingRefunds(deps('kept'))).toBe(0);
    const later = { ...deps('kept'), clock: { now: () => new Date(Date.now() + 60_000) } };
    expect(await recoverPendingRefunds(later)).toBe(1);
    expect(await recoverPendingRefunds(later)).toBe(0);
    expect(await sandbox()).toBe(before + 1);
    expect(
      await ctx.database.query<{ number: string; reason: string }>(
        'select number, reason from refunds where invoice_id = $1',
        [invoice.id],
      ),
    ).toEqual([{ number: `${invoice.number}-CN1`, reason: 'Job finishes it' }]);
    const [audit] = await ctx.database.query<{ staff_email: string; reason: string }>(
      'select staff_email, reason from staff_audit where idempotency_key = $1',
      [ask.key],
    );
    expect(audit).toEqual({ staff_email: STAFF_BY_ROLE.finance.email, reason: 'Job finishes it' });
    const answer = await refundFromConsole(deps('kept'), actor, ask);
    expect(answer).toMatchObject({ credit_note_number: `${invoice.number}-CN1`, replayed: true });
    expect(await sandbox()).toBe(before + 1);
  });

  it('CMON-02 a refund attempt is resolved once and never deleted', async () => {
    await expect(ctx.database.query("update refund_attempts set status = 'pending'")).rejects.toThrow(
      /cannot change/,
    );
    await expect(ctx.database.query('delete from refund_attempts')).rejects.toThrow(/never deleted/);
  });
});
