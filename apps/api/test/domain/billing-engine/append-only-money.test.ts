import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transactional } from '../../../src/db/handle';
import { interimInvoice } from '../../../src/domain/billing-engine/invoice-lines';
import { refundInvoice } from '../../../src/domain/billing-engine/invoices-repository';
import { drivers } from '../../helpers/app';
import {
  accountWithDeclinedClose,
  createAccount,
  createWorld,
  type World,
} from '../../helpers/billing-harness';

const MONEY_TABLES = ['invoices', 'invoice_lines', 'payments', 'refunds', 'credit_ledger'];

/** Every row of every money table, as text: what a refused statement must leave as it was. */
async function moneyRows(database: Transactional) {
  const rows: Record<string, string[]> = {};
  for (const table of MONEY_TABLES)
    rows[table] = (
      await database.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t order by 1`)
    ).map((r) => r.row);
  return rows;
}

interface Fixture {
  account: string; // the account whose subscription invoice was paid
  paid: string; // its invoice, paid, with a partial refund
  open: string; // another account's invoice, open after a declined charge
  succeeded: string; // the paid invoice's payment
  failed: string; // the open invoice's declined payment
  refund: string;
}

/** A statement with the fixture's ids in place of `:paid`, `:open`, ... */
const bind = (statement: string, f: Fixture) =>
  statement.replace(
    /:(account|paid|open|succeeded|failed|refund)\b/g,
    (_, key: keyof Fixture) => `'${f[key]}'`,
  );

const LINE = `insert into invoice_lines (account_id, invoice_id, kind, description, period_start, period_end,
  quantity, amount_cents) select account_id, id, 'overage', 'Late line', period_start, period_end, 100, 1
  from invoices where id = $1`;

const lines = /the lines of an issued invoice cannot change; refund it instead/;
const issuedOnly = /its lines are written only when it is issued; refund it instead/;
const payment = /payment \S+ cannot change: a payment is kept as it happened/;
const creditNote = /a credit note never changes; issue another one instead/;
const ledger = /a credit ledger entry never changes; book a correcting entry instead/;

/** Each statement an earlier version let through, and the error it now meets. */
const FORBIDDEN: [string, RegExp][] = [
  [
    'update invoices set total_cents = total_cents + 1 where id = :paid',
    /is issued and cannot change; refund it/,
  ],
  ["update invoices set id = 'in_other' where id = :paid", /is issued and cannot change/],
  [
    "update invoices set status = 'void' where id = :paid",
    /cannot go from paid to void: an invoice only goes/,
  ],
  ["update invoices set status = 'open', paid_at = null where id = :paid", /cannot go from paid to open/],
  ['update invoices set paid_at = now() where id = :paid', /cannot go from paid to paid/],
  ["update invoices set status = 'paid' where id = :open", /cannot go from open to paid/],
  ['update invoices set status = status where id = :open', /cannot go from open to open/],
  ['delete from invoices where id = :open', /an issued invoice is never deleted; void or refund it instead/],
  ['delete from invoices where id = :paid', /never deleted; void or refund it instead \(DELETE refused\)/],
  ['update invoice_lines set amount_cents = 0 where invoice_id = :paid', lines],
  ['delete from invoice_lines where invoice_id = :open', lines],
  [LINE.replace('$1', ':paid'), issuedOnly],
  [LINE.replace('$1', ':open'), issuedOnly],
  ['delete from payments where id = :failed', /a payment is never deleted; a refund is a new row/],
  ['update payments set amount_cents = 1 where id = :succeeded', payment],
  ["update payments set status = 'failed' where id = :succeeded", payment],
  ["update payments set status = 'succeeded', failure_code = null where id = :failed", payment],
  ['update refunds set amount_cents = 0 where id = :refund', creditNote],
  ['delete from refunds where id = :refund', creditNote],
  ['update credit_ledger set amount = amount + 1 where account_id = :account', ledger],
  ['delete from credit_ledger where account_id = :account', ledger],
  // Deleting an account cascades into its invoices, payments and ledger entries.
  ['delete from accounts where id = :account', /is never deleted|never changes/],
];

describe.each(drivers)('money rows are append-only (%s)', (driver) => {
  let world: World;
  let f: Fixture;

  /** An open interim invoice issued by the engine in `tx` (a transaction or a savepoint). */
  async function issueInterim(tx: Transactional, accountId: string): Promise<string> {
    const [period] = await tx.query<{ id: string; starts_at: Date; ends_at: Date }>(
      'select id, starts_at, ends_at from billing_periods where account_id = $1 and closed_at is null',
      [accountId],
    );
    const usage = { start: new Date(period!.starts_at), end: new Date(period!.ends_at) };
    const invoice = { accountId, periodId: period!.id, issuedAt: world.clock.now() };
    return world.engine.issue(
      tx,
      interimInvoice(invoice, usage, { credits: 3_210_000, cents: 32_100 }, 30_000, 0),
    );
  }
  const issue = (accountId: string) => world.database.transaction((tx) => issueInterim(tx, accountId));
  const statusOf = async (table: string, id: string) =>
    (await world.database.query<{ status: string }>(`select status from ${table} where id = $1`, [id]))[0]
      ?.status;

  beforeAll(async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const paid = await createAccount(world);
    const paidInvoice = (await world.engine.startSubscription(paid.accountId, 'team-monthly')).invoiceId;
    const declined = await accountWithDeclinedClose(world);
    const openInvoice = declined.invoiceId;
    const [succeeded] = await world.database.query<{ id: string }>(
      'select id from payments where invoice_id = $1',
      [paidInvoice],
    );
    const [failed] = await world.database.query<{ id: string }>(
      "select id from payments where invoice_id = $1 and status = 'failed'",
      [openInvoice],
    );
    const refund = await world.database.transaction((tx) =>
      refundInvoice(tx, {
        invoiceId: paidInvoice,
        paymentId: succeeded!.id,
        amountCents: 500,
        reason: 'Goodwill',
        at: world.clock.now(),
      }),
    );
    f = {
      account: paid.accountId,
      paid: paidInvoice,
      open: openInvoice,
      succeeded: succeeded!.id,
      failed: failed!.id,
      refund,
    };
    expect([await statusOf('invoices', paidInvoice), await statusOf('invoices', openInvoice)]).toEqual([
      'paid',
      'open',
    ]);
  });
  afterAll(() => world?.close());

  it.each(FORBIDDEN)('refuses %s, and changes nothing', async (statement, error) => {
    const before = await moneyRows(world.database);
    await expect(world.database.query(bind(statement, f))).rejects.toThrow(error);
    expect(await moneyRows(world.database)).toEqual(before);
  });

  it('refuses a line in the transaction that voids an issued invoice, and the void with it', async () => {
    const before = await moneyRows(world.database);
    await expect(
      world.database.transaction(async (tx) => {
        await tx.query("update invoices set status = 'void' where id = $1", [f.open]);
        await tx.query(LINE, [f.open]);
      }),
    ).rejects.toThrow(issuedOnly);
    expect(await moneyRows(world.database)).toEqual(before);
  });

  it('takes the lines of an invoice issued in a savepoint of a longer transaction', async () => {
    const id = await world.database.transaction(async (tx) => {
      await tx.query('select 1');
      return tx.transaction((savepoint) => issueInterim(savepoint, f.account));
    });
    const rows = await world.database.query(
      'select kind, quantity::int as quantity from invoice_lines where invoice_id = $1',
      [id],
    );
    expect(rows).toEqual([{ kind: 'overage', quantity: 3_210_000 }]);
  });

  it('lets an invoice go open -> paid -> refunded and open -> void, and no further', async () => {
    const paid = await issue(f.account);
    await world.database.query("update invoices set status = 'paid', paid_at = $2 where id = $1", [
      paid,
      world.clock.now(),
    ]);
    await world.database.query("update invoices set status = 'refunded' where id = $1", [paid]);
    expect(await statusOf('invoices', paid)).toBe('refunded');
    await expect(
      world.database.query("update invoices set status = 'paid' where id = $1", [paid]),
    ).rejects.toThrow(/cannot go from refunded to paid/);

    const voided = await issue(f.account);
    await world.database.query("update invoices set status = 'void' where id = $1", [voided]);
    expect(await statusOf('invoices', voided)).toBe('void');
    await expect(
      world.database.query("update invoices set status = 'open' where id = $1", [voided]),
    ).rejects.toThrow(/cannot go from void to open/);
  });

  it('lets a pending payment become failed or succeeded once, and nothing else change', async () => {
    const invoice = await issue(f.account);
    const attempt = async (n: number) => {
      const id = `pay_${invoice}_${n}`;
      await world.database.query(
        `insert into payments (id, account_id, invoice_id, idempotency_key, attempt, amount_cents, status)
         select $1, account_id, id, 'invoice:' || id || ':attempt:' || $2, $2::int, total_cents, 'pending'
           from invoices where id = $3`,
        [id, n, invoice],
      );
      return id;
    };
    const first = await attempt(1);
    await expect(
      world.database.query("update payments set status = 'succeeded', amount_cents = 1 where id = $1", [
        first,
      ]),
    ).rejects.toThrow(payment);
    await expect(
      world.database.query("update payments set failure_message = 'Not yet' where id = $1", [first]),
    ).rejects.toThrow(payment);
    await world.database.query(
      `update payments set status = 'failed', failure_code = 'card_declined', failure_message = 'Your card was declined.',
              card_brand = 'visa', card_last4 = '0002' where id = $1`,
      [first],
    );
    await expect(
      world.database.query("update payments set status = 'succeeded' where id = $1", [first]),
    ).rejects.toThrow(payment);

    const second = await attempt(2);
    await world.database.query(
      "update payments set status = 'succeeded', card_brand = 'visa', card_last4 = '4242' where id = $1",
      [second],
    );
    const rows = await world.database.query(
      'select id, status, failure_code, card_last4 from payments where invoice_id = $1 order by id',
      [invoice],
    );
    expect(rows).toEqual([
      { id: first, status: 'failed', failure_code: 'card_declined', card_last4: '0002' },
      { id: second, status: 'succeeded', failure_code: null, card_last4: '4242' },
    ]);
  });

  it('refuses to overwrite the card a pending payment already names', async () => {
    const invoice = await issue(f.account);
    await world.database.query(
      `insert into payments (id, account_id, invoice_id, idempotency_key, amount_cents, status, card_brand, card_last4)
       select 'pay_card_' || id, account_id, id, 'invoice:' || id || ':attempt:1', total_cents, 'pending', 'visa', '4242'
         from invoices where id = $1`,
      [invoice],
    );
    await expect(
      world.database.query(
        "update payments set status = 'succeeded', card_last4 = '0000' where id = 'pay_card_' || $1::text",
        [invoice],
      ),
    ).rejects.toThrow(payment);
    expect(await statusOf('payments', `pay_card_${invoice}`)).toBe('pending');
  });
});
